import type { PasswordRules } from './passwordApi';

/** The lengths the server gave when `GET /login/password_rules` cannot be read (its documented values). */
export const FALLBACK_PASSWORD_RULES: PasswordRules = { min_length: 12, max_length: 256 };

/** The fields of the password forms: the current password (expired-password form only), the new one and its copy. */
export type PasswordField = 'current' | 'password' | 'confirm';

export interface PasswordValues {
  current: string;
  password: string;
  confirm: string;
}

/** What the browser checks before sending; each is a text key of namespace `password`. */
export type PasswordProblem =
  | 'current-required'
  | 'password-required'
  | 'too-short'
  | 'too-long'
  | 'same-as-current'
  | 'confirm-required'
  | 'mismatch';

export type PasswordProblems = Partial<Record<PasswordField, PasswordProblem>>;

/** Fields in the order they appear: the first with a problem takes the focus. */
export const PASSWORD_FIELDS: readonly PasswordField[] = ['current', 'password', 'confirm'];

/** Characters as the server counts them: Unicode code points (an emoji is one, not two UTF-16 units). */
export function characterCount(text: string): number {
  return [...text].length;
}

/**
 * The checks made before a new password is sent (the server stays the judge: it also refuses common passwords and
 * the e-mail address). `withCurrent`: the form asks for the current password too, and the new one must differ.
 */
export function checkPasswords(values: PasswordValues, rules: PasswordRules, withCurrent: boolean): PasswordProblems {
  const problems: PasswordProblems = {};
  if (withCurrent && values.current === '') problems.current = 'current-required';
  const length = characterCount(values.password);
  if (length === 0) problems.password = 'password-required';
  else if (length < rules.min_length) problems.password = 'too-short';
  else if (length > rules.max_length) problems.password = 'too-long';
  else if (withCurrent && values.password === values.current) problems.password = 'same-as-current';
  if (values.confirm === '') {
    if (values.password !== '') problems.confirm = 'confirm-required';
  } else if (values.confirm !== values.password) problems.confirm = 'mismatch';
  return problems;
}

export function hasProblems(problems: PasswordProblems): boolean {
  return PASSWORD_FIELDS.some((field) => problems[field] !== undefined);
}
