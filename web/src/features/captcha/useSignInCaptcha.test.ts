import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoginAnswer } from '../../api/types';
import { captchaFields } from './captchaSolution';
import { makeChallenge } from './test/makeChallenge';
import type { CaptchaChallenge } from './types';
import { useSignInCaptcha } from './useSignInCaptcha';

const throttled = (captcha?: CaptchaChallenge): LoginAnswer => ({
  success: false,
  mode: 'captcha',
  error: 'Too many failed sign-in attempts. Please wait a moment and try again.',
  captcha,
});
const wrongPassword: LoginAnswer = { success: false, mode: 'login', error: 'Invalid e-mail or password.' };

describe('useSignInCaptcha', () => {
  it('sends nothing of the captcha before a captcha-mode answer', () => {
    const { result } = renderHook(() => useSignInCaptcha());
    expect(result.current.shown).toBe(false);
    expect(result.current.take()).toEqual({});
    act(() => result.current.answered(wrongPassword));
    expect(result.current.shown).toBe(false);
  });

  it("shows the answer's challenge, sends its solution once, then captcha_shown alone", async () => {
    const challenge = await makeChallenge(9);
    const { result } = renderHook(() => useSignInCaptcha());
    act(() => result.current.answered(throttled(challenge)));
    expect(result.current.shown).toBe(true);
    expect(result.current.widget.challenge).toBe(challenge);
    expect(result.current.take()).toEqual({ captcha_shown: true });

    const fields = captchaFields(challenge, 9);
    act(() => result.current.widget.onSolved(fields));
    expect(result.current.take()).toEqual(fields);
    expect(result.current.take()).toEqual({ captcha_shown: true });
  });

  it('forgets a solution whose challenge expired', async () => {
    const challenge = await makeChallenge(9);
    const { result } = renderHook(() => useSignInCaptcha());
    act(() => result.current.answered(throttled(challenge)));
    act(() => result.current.widget.onSolved(captchaFields(challenge, 9)));
    act(() => result.current.widget.onReset());
    expect(result.current.take()).toEqual({ captcha_shown: true });
  });

  it('after a sent solution: the next answer’s challenge, or a new widget that gets one', async () => {
    const [first, second] = [await makeChallenge(1), await makeChallenge(2, { salt: 'second' })];
    const { result } = renderHook(() => useSignInCaptcha());
    act(() => result.current.answered(throttled(first)));
    const firstKey = result.current.widgetKey;

    act(() => result.current.widget.onSolved(captchaFields(first, 1)));
    result.current.take();
    act(() => result.current.answered(throttled(second)));
    expect(result.current.widget.challenge).toBe(second);
    expect(result.current.widgetKey).not.toBe(firstKey);

    const secondKey = result.current.widgetKey;
    act(() => result.current.widget.onSolved(captchaFields(second, 2)));
    result.current.take();
    act(() => result.current.answered(wrongPassword));
    expect(result.current.widget.challenge).toBeNull();
    expect(result.current.widgetKey).not.toBe(secondKey);
    expect(result.current.shown).toBe(true);
  });

  it('keeps the widget when no solution was sent and no new challenge came', async () => {
    const challenge = await makeChallenge(1);
    const { result } = renderHook(() => useSignInCaptcha());
    act(() => result.current.answered(throttled(challenge)));
    const key = result.current.widgetKey;
    result.current.take();
    act(() => result.current.answered(null));
    expect(result.current.widgetKey).toBe(key);
  });
});
