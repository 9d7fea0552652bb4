import { serverMessage } from '../../../api/apiError';
import { i18n } from '../../../i18n';
import { actionErrorMessages } from '../actionErrors';
import type { Member, MemberChange } from './usersApi';

/** The contract's limits of `min_idle_timeout` (minutes; 14400 = 10 days). */
export const MIN_IDLE_TIMEOUT_MINUTES = 1;
export const MAX_IDLE_TIMEOUT_MINUTES = 14400;

export type MemberRole = 'viewer' | 'admin' | 'org-write';

export const MEMBER_ROLES: readonly MemberRole[] = ['viewer', 'admin', 'org-write'];

/** i18n keys (namespace `admin`) of the roles. */
export const ROLE_LABEL_KEYS: Record<MemberRole, string> = {
  viewer: 'users-role-viewer',
  admin: 'users-role-admin',
  'org-write': 'users-role-org-write',
};

export function memberRole(member: Pick<Member, 'is_admin' | 'is_org_write_admin'>): MemberRole {
  if (member.is_admin && member.is_org_write_admin) return 'org-write';
  return member.is_admin ? 'admin' : 'viewer';
}

/** The PUT body of a role: org-write administrators are administrators too (the server refuses the flag alone). */
export function roleChange(role: MemberRole): MemberChange {
  return { is_admin: role !== 'viewer', is_org_write_admin: role === 'org-write' };
}

/** i18n keys of the member's sign-in steps: the password, then an authenticator and/or a sign-in code. */
export function signInKeys(member: Pick<Member, 'two_factor_enabled' | 'sign_in_code'>): string[] {
  const keys = ['users-sign-in-password'];
  if (member.two_factor_enabled) keys.push('users-sign-in-authenticator');
  if (member.sign_in_code === 'email') keys.push('users-sign-in-email-code');
  if (member.sign_in_code === 'sms') keys.push('users-sign-in-sms-code');
  return keys;
}

/** Case-insensitive substring of the name or the e-mail address; an empty query matches everyone. */
export function matchesSearch(member: Pick<Member, 'name' | 'email'>, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle.length === 0) return true;
  return member.name.toLocaleLowerCase().includes(needle) || member.email.toLocaleLowerCase().includes(needle);
}

/** An i18n key when the idle timeout is not a whole number of minutes within the contract's limits, else null. */
export function idleTimeoutError(value: number | ''): string | null {
  if (value === '' || !Number.isInteger(value)) return 'users-idle-timeout-error';
  return value < MIN_IDLE_TIMEOUT_MINUTES || value > MAX_IDLE_TIMEOUT_MINUTES ? 'users-idle-timeout-error' : null;
}

/**
 * The server's own words for a failed change ('You cannot change your own access …'), else the admin fallback, whose
 * texts live in the eager `admin` namespace (the users pages translate with their own lazy one).
 */
export function memberErrorMessage(error: unknown): string {
  return serverMessage(error) ?? actionErrorMessages(error, i18n.getFixedT(null, 'admin')).join(' ');
}
