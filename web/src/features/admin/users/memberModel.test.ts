import { describe, expect, it } from 'vitest';
import { idleTimeoutError, matchesSearch, memberErrorMessage, memberRole, roleChange, signInKeys } from './memberModel';

describe('memberModel', () => {
  it('reads and writes the roles as the two flags', () => {
    expect(memberRole({ is_admin: false, is_org_write_admin: false })).toBe('viewer');
    expect(memberRole({ is_admin: true, is_org_write_admin: false })).toBe('admin');
    expect(memberRole({ is_admin: true, is_org_write_admin: true })).toBe('org-write');
    expect(roleChange('viewer')).toEqual({ is_admin: false, is_org_write_admin: false });
    expect(roleChange('admin')).toEqual({ is_admin: true, is_org_write_admin: false });
    expect(roleChange('org-write')).toEqual({ is_admin: true, is_org_write_admin: true });
  });

  it('lists the sign-in steps after the password', () => {
    expect(signInKeys({ two_factor_enabled: false, sign_in_code: null })).toEqual(['users-sign-in-password']);
    expect(signInKeys({ two_factor_enabled: true, sign_in_code: 'sms' })).toEqual([
      'users-sign-in-password',
      'users-sign-in-authenticator',
      'users-sign-in-sms-code',
    ]);
  });

  it('matches a case-insensitive part of the name or the e-mail address', () => {
    const member = { name: 'Bea Boss', email: 'bea@Acme.test' };
    expect(matchesSearch(member, '  ')).toBe(true);
    expect(matchesSearch(member, 'boss')).toBe(true);
    expect(matchesSearch(member, 'ACME')).toBe(true);
    expect(matchesSearch(member, 'carl')).toBe(false);
  });

  it('accepts whole minutes from 1 to 14400 only', () => {
    expect([1, 30, 14400].map(idleTimeoutError)).toEqual([null, null, null]);
    expect([0, 14401, 2.5, ''].map((value) => idleTimeoutError(value as number | ''))).toEqual(
      Array(4).fill('users-idle-timeout-error'),
    );
  });

  it('says the permission text on a bare 403, whichever namespace the page translates with', () => {
    const bare403 = { status: 403, messages: ['HTTP 403'], loginRequired: false, passwordExpired: false };
    expect(memberErrorMessage(bare403)).toBe('Unable to complete action, please check your permission');
    const worded = { ...bare403, messages: ['You cannot change your own privileges.'] };
    expect(memberErrorMessage(worded)).toBe('You cannot change your own privileges.');
  });
});
