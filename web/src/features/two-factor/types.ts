import type { components, paths } from '../../api/schema.gen';

/** Whether the session user signs in with an authenticator, and how many unused recovery codes remain. */
export type TwoFactorState = components['schemas']['TwoFactorState'];

/** A new authenticator secret: base32 text, otpauth URI and its QR code (an SVG document). */
export type TwoFactorEnrolment = components['schemas']['TwoFactorEnrolment'];

type Confirm = paths['/vision/user/two_factor/confirm']['post'];

/** Two-factor is on: the 10 single-use recovery codes, answered this once. */
export type TwoFactorConfirmation = Confirm['responses']['200']['content']['application/json'];
