export { CaptchaWidget, type CaptchaWidgetProps } from './CaptchaWidget';
export { useSignInCaptcha, type CaptchaRequestFields, type SignInCaptchaWidget } from './useSignInCaptcha';
export { captchaApi, fetchCaptchaChallenge } from './captchaApi';
export { captchaFields, encodeSolution } from './captchaSolution';
export { mainThreadPowSolver, workerPowSolver, type PowSearch, type PowSolver } from './powSolver';
export type { CaptchaChallenge, CaptchaFields } from './types';
