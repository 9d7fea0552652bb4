import { describe, expect, it } from 'vitest';
import { characterCount, checkPasswords, FALLBACK_PASSWORD_RULES, hasProblems } from './passwordChecks';

const RULES = FALLBACK_PASSWORD_RULES;
const GOOD = 'correct horse battery';

describe('checkPasswords', () => {
  it('accepts a long enough password typed twice', () => {
    const problems = checkPasswords({ current: '', password: GOOD, confirm: GOOD }, RULES, false);
    expect(problems).toEqual({});
    expect(hasProblems(problems)).toBe(false);
  });

  it('asks for the password, then for its copy', () => {
    expect(checkPasswords({ current: '', password: '', confirm: '' }, RULES, false)).toEqual({
      password: 'password-required',
    });
    expect(checkPasswords({ current: '', password: GOOD, confirm: '' }, RULES, false)).toEqual({
      confirm: 'confirm-required',
    });
  });

  it('checks the lengths of the rules, counting characters as the server does', () => {
    const rules = { min_length: 4, max_length: 6 };
    expect(checkPasswords({ current: '', password: 'abc', confirm: 'abc' }, rules, false).password).toBe('too-short');
    expect(checkPasswords({ current: '', password: 'abcdefg', confirm: 'abcdefg' }, rules, false).password).toBe(
      'too-long',
    );
    // Four emoji are four characters (eight UTF-16 units).
    expect(characterCount('😀😀😀😀')).toBe(4);
    expect(checkPasswords({ current: '', password: '😀😀😀😀', confirm: '😀😀😀😀' }, rules, false)).toEqual({});
  });

  it('says when the copy does not match', () => {
    expect(checkPasswords({ current: '', password: GOOD, confirm: `${GOOD}!` }, RULES, false)).toEqual({
      confirm: 'mismatch',
    });
  });

  it('with the current password: it is required and the new one must differ', () => {
    expect(checkPasswords({ current: '', password: GOOD, confirm: GOOD }, RULES, true)).toEqual({
      current: 'current-required',
    });
    expect(checkPasswords({ current: GOOD, password: GOOD, confirm: GOOD }, RULES, true)).toEqual({
      password: 'same-as-current',
    });
  });
});
