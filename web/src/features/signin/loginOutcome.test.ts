import { describe, expect, it } from 'vitest';
import { adminUser, organizations } from '../../test/fixtures';
import { loginOutcome, resendOutcome, secondStepOutcome } from './loginOutcome';

describe('sign-in answers', () => {
  it('a two_factor answer to the password switches the mode', () => {
    expect(loginOutcome({ success: false, mode: 'two_factor', error: null })).toEqual({ kind: 'two-factor' });
  });

  it('an org_choose answer leads to the organization choice with its organizations', () => {
    const answer = { success: false, mode: 'org_choose', error: null, orgs: organizations } as const;
    expect(loginOutcome(answer)).toEqual({ kind: 'org-choice', orgs: organizations });
    expect(secondStepOutcome(answer, 'two_factor')).toEqual({ kind: 'org-choice', orgs: organizations });
    expect(secondStepOutcome(answer, 'sms')).toEqual({ kind: 'org-choice', orgs: organizations });
    // Without organizations there is nothing to choose from: the generic text.
    expect(loginOutcome({ success: false, mode: 'org_choose', orgs: [] })).toEqual({ kind: 'error', message: null });
  });

  it('reads the answers of the organization choice', () => {
    const read = (answer: Parameters<typeof secondStepOutcome>[0]) => secondStepOutcome(answer, 'org_choose');
    expect(read({ success: true, mode: null, user: adminUser, orgs: organizations })).toEqual({ kind: 'signed-in' });
    const refused = 'Choose one of your organizations.';
    expect(read({ success: false, mode: 'org_choose', error: refused, orgs: organizations })).toEqual({
      kind: 'retry',
      message: refused,
    });
    const expired = 'Your sign-in expired. Please sign in again.';
    expect(read({ success: false, mode: null, error: expired, errors: [expired] })).toEqual({
      kind: 'restart',
      message: expired,
    });
  });

  it('an answer that sent a code leads to the code step, with where it went', () => {
    expect(
      loginOutcome({ success: false, mode: 'one_time_password', error: null, code_destination: 'c•••@argus.demo' }),
    ).toEqual({
      kind: 'code',
      challenge: { mode: 'one_time_password', destination: 'c•••@argus.demo', hasSecondaryPhone: false },
    });
    expect(
      loginOutcome({ success: false, mode: 'sms', code_destination: '•••• 0100', has_secondary_phone: true }),
    ).toEqual({ kind: 'code', challenge: { mode: 'sms', destination: '•••• 0100', hasSecondaryPhone: true } });
    expect(loginOutcome({ success: false, mode: 'sms' })).toEqual({
      kind: 'code',
      challenge: { mode: 'sms', destination: null, hasSecondaryPhone: false },
    });
  });

  it('a code that could not be sent is an error with the server message', () => {
    const message = 'We could not send your code. Please try again in a few minutes.';
    expect(loginOutcome({ success: false, mode: null, error: message })).toEqual({ kind: 'error', message });
  });

  it('reads the answers of the two-factor step', () => {
    const read = (answer: Parameters<typeof secondStepOutcome>[0]) => secondStepOutcome(answer, 'two_factor');
    expect(read({ success: true, user: adminUser, csrf_token: 't' })).toEqual({ kind: 'signed-in' });
    expect(read({ success: false, mode: 'two_factor', error: 'Incorrect code. Please try again.' })).toEqual({
      kind: 'retry',
      message: 'Incorrect code. Please try again.',
    });
    expect(read({ success: false, mode: null, error: 'Your sign-in expired. Please sign in again.' })).toEqual({
      kind: 'restart',
      message: 'Your sign-in expired. Please sign in again.',
    });
    expect(read({ success: false, error: 'Too many incorrect codes. Please sign in again.' })).toEqual({
      kind: 'restart',
      message: 'Too many incorrect codes. Please sign in again.',
    });
    expect(read({ success: false, mode: 'captcha', error: 'Too many attempts.' })).toEqual({
      kind: 'captcha',
      message: 'Too many attempts.',
    });
    // A mode this step does not expect, or a success without a user: the generic text, staying in the step.
    expect(read({ success: false, mode: 'sms', error: 'x' })).toEqual({ kind: 'retry', message: null });
    expect(read({ success: true })).toEqual({ kind: 'retry', message: null });
  });

  it('reads the answers of the e-mail and text-message code steps', () => {
    const spent = 'Too many incorrect codes. Please request a new code.';
    const spentAnswer = { success: false, mode: 'one_time_password', error: spent } as const;
    expect(secondStepOutcome(spentAnswer, 'one_time_password')).toEqual({ kind: 'retry', message: spent });
    expect(secondStepOutcome({ success: false, mode: 'sms', error: 'This code has expired.' }, 'sms')).toEqual({
      kind: 'retry',
      message: 'This code has expired.',
    });
    expect(secondStepOutcome({ success: false, mode: 'two_factor', error: 'x' }, 'sms')).toEqual({
      kind: 'retry',
      message: null,
    });
    expect(secondStepOutcome({ success: true, user: adminUser }, 'sms')).toEqual({ kind: 'signed-in' });
  });

  it('reads the answers of sending a new code', () => {
    expect(resendOutcome({ success: false, mode: 'sms', error: null, code_destination: '•••• 0199' }, 'sms')).toEqual({
      kind: 'sent',
      destination: '•••• 0199',
    });
    const wait = 'Please wait 30 seconds before asking for another code.';
    expect(resendOutcome({ success: false, mode: 'one_time_password', error: wait }, 'one_time_password')).toEqual({
      kind: 'refused',
      message: wait,
    });
    const over = 'Too many codes were sent. Please sign in again.';
    expect(resendOutcome({ success: false, mode: null, error: over }, 'sms')).toEqual({
      kind: 'restart',
      message: over,
    });
    // Another mode than the step's: the generic text.
    expect(resendOutcome({ success: false, mode: 'two_factor', error: 'x' }, 'sms')).toEqual({
      kind: 'refused',
      message: null,
    });
  });
});
