import { describe, expect, it } from 'vitest';
import { adminUser } from '../../test/fixtures';
import { loginOutcome, twoFactorOutcome } from './loginOutcome';

describe('sign-in answers', () => {
  it('a two_factor answer to the password switches the mode', () => {
    expect(loginOutcome({ success: false, mode: 'two_factor', error: null })).toEqual({
      kind: 'other-mode',
      mode: 'two_factor',
    });
  });

  it('reads the answers of the two-factor step', () => {
    expect(twoFactorOutcome({ success: true, user: adminUser, csrf_token: 't' })).toEqual({ kind: 'signed-in' });
    expect(twoFactorOutcome({ success: false, mode: 'two_factor', error: 'Incorrect code. Please try again.' })).toEqual({
      kind: 'retry',
      message: 'Incorrect code. Please try again.',
    });
    expect(twoFactorOutcome({ success: false, mode: null, error: 'Your sign-in expired. Please sign in again.' })).toEqual({
      kind: 'restart',
      message: 'Your sign-in expired. Please sign in again.',
    });
    expect(twoFactorOutcome({ success: false, error: 'Too many incorrect codes. Please sign in again.' })).toEqual({
      kind: 'restart',
      message: 'Too many incorrect codes. Please sign in again.',
    });
    expect(twoFactorOutcome({ success: false, mode: 'captcha', error: 'Too many attempts.' })).toEqual({
      kind: 'captcha',
      message: 'Too many attempts.',
    });
    // A mode this step does not expect, or a success without a user: the generic text, staying in the step.
    expect(twoFactorOutcome({ success: false, mode: 'sms', error: 'x' })).toEqual({ kind: 'retry', message: null });
    expect(twoFactorOutcome({ success: true })).toEqual({ kind: 'retry', message: null });
  });
});
