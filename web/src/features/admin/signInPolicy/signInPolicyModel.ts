import { isApiError, serverMessage } from '../../../api/apiError';
import type { SignInPolicy, SignInPolicyInput } from './signInPolicyApi';

/** The contract's limits of `password_expiry_days`, and the days offered when expiry is switched on. */
export const MIN_EXPIRY_DAYS = 1;
export const MAX_EXPIRY_DAYS = 3650;
export const DEFAULT_EXPIRY_DAYS = 90;
/** The largest identity provider metadata file that is read (256 KB). */
export const MAX_METADATA_KB = 256;
export const MAX_METADATA_BYTES = MAX_METADATA_KB * 1024;

/** An SSO identifier: 2 to 63 lower-case letters, digits or dashes, no dash first or last. */
const IDENTIFIER = /^[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;

/** What the form holds; hidden fields keep their values, so switching a section off and on again loses nothing. */
export interface PolicyForm {
  expires: boolean;
  days: number | '';
  twoFactor: boolean;
  sso: boolean;
  identifier: string;
  /** New identity provider metadata (XML); empty keeps the current one of an existing SSO. */
  metadata: string;
}

export function formFromPolicy(policy: SignInPolicy): PolicyForm {
  return {
    expires: policy.password_expiry_days !== null,
    days: policy.password_expiry_days ?? DEFAULT_EXPIRY_DAYS,
    twoFactor: policy.require_two_factor,
    sso: policy.sso !== null,
    identifier: policy.sso?.identifier ?? '',
    metadata: '',
  };
}

/** The PUT body of the form: an SSO sends `idp_metadata` only when some was typed or loaded. */
export function policyInput(form: PolicyForm): SignInPolicyInput {
  const metadata = form.metadata.trim();
  return {
    password_expiry_days: form.expires ? (form.days === '' ? null : form.days) : null,
    require_two_factor: form.twoFactor,
    sso: form.sso ? { identifier: form.identifier, ...(metadata ? { idp_metadata: metadata } : {}) } : null,
  };
}

/** The form asks for something other than the stored policy (what Save would send differs from it). */
export function isChanged(form: PolicyForm, policy: SignInPolicy): boolean {
  return JSON.stringify(policyInput(form)) !== JSON.stringify(policyInput(formFromPolicy(policy)));
}

/** Saving the form removes the stored single sign-on (asked first). */
export function removesSso(form: PolicyForm, policy: SignInPolicy): boolean {
  return policy.sso !== null && !form.sso;
}

/** The i18n keys (namespace `signInPolicy`) of the form's mistakes, per field; only shown fields are checked. */
export interface FormErrors {
  days?: 'expiry-days-error';
  identifier?: 'sso-identifier-error';
  metadata?: 'idp-metadata-required';
}

export function formErrors(form: PolicyForm, policy: SignInPolicy): FormErrors {
  const errors: FormErrors = {};
  const { days } = form;
  if (form.expires && (days === '' || !Number.isInteger(days) || days < MIN_EXPIRY_DAYS || days > MAX_EXPIRY_DAYS)) {
    errors.days = 'expiry-days-error';
  }
  if (form.sso && !IDENTIFIER.test(form.identifier)) errors.identifier = 'sso-identifier-error';
  if (form.sso && policy.sso === null && !form.metadata.trim()) errors.metadata = 'idp-metadata-required';
  return errors;
}

/** Where a refused save's message is shown: beside the section it concerns, else above the form. */
export type ErrorPlace = 'passwords' | 'two-factor' | 'sso' | 'form';

export function placeOfMessage(message: string): ErrorPlace {
  if (/password_expiry|expir/i.test(message)) return 'passwords';
  if (/\bsso\b|identity provider|\bidp|metadata|saml|single.?sign/i.test(message)) return 'sso';
  if (/two.factor/i.test(message)) return 'two-factor';
  return 'form';
}

export interface SaveError {
  /** The server's words, or null: the caller shows its own text (`forbidden` for 403, else a generic one). */
  message: string | null;
  forbidden: boolean;
  place: ErrorPlace;
}

/** A refused or failed save: the server's message (400, 409, 404 ...) where it belongs. */
export function saveError(error: unknown): SaveError {
  const forbidden = isApiError(error) && error.status === 403;
  const message = forbidden ? null : serverMessage(error);
  return { message, forbidden, place: message === null ? 'form' : placeOfMessage(message) };
}

/** The address that starts single sign-on with `identifier` at once (read by the sign-in page). */
export function ssoSignInLink(origin: string, identifier: string): string {
  return `${origin}/login?sso=1&ssoid=${encodeURIComponent(identifier)}`;
}

/** Whether an identifier is well formed (the sign-in link is shown for those only). */
export const isIdentifier = (identifier: string) => IDENTIFIER.test(identifier);
