export { ExpiredPasswordForm, type ExpiredPasswordFormProps } from './ExpiredPasswordForm';
export { ForgotPasswordForm, type ForgotPasswordFormProps } from './ForgotPasswordForm';
export { ResetPasswordPage } from './ResetPasswordPage';
