import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { apiErrors, apiPath, json, server } from '../../test/server';
import { CaptchaWidget } from './CaptchaWidget';
import { captchaFields } from './captchaSolution';
import { fakeSolver } from './test/fakeSolver';
import { makeChallenge } from './test/makeChallenge';
import type { CaptchaChallenge } from './types';

const NOT_A_ROBOT = "I'm not a robot";

function renderWidget(challenge: CaptchaChallenge | null) {
  const { solver, searches } = fakeSolver();
  const onSolved = vi.fn();
  const onReset = vi.fn();
  const rendered = renderWithProviders(
    <CaptchaWidget challenge={challenge} onSolved={onSolved} onReset={onReset} solver={solver} />,
  );
  return { ...rendered, searches, onSolved, onReset };
}

/** GET /login/captcha answers these challenges in turn; returns how many were asked for. */
function serveChallenges(...challenges: CaptchaChallenge[]) {
  const asked = { count: 0 };
  server.use(
    http.get(apiPath('/login/captcha'), () => {
      const next = challenges[Math.min(asked.count, challenges.length - 1)];
      asked.count += 1;
      return json(next);
    }),
  );
  return asked;
}

const checkbox = () => screen.getByRole('checkbox', { name: NOT_A_ROBOT });
const status = () => screen.getByRole('status');

describe('CaptchaWidget', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes idle → verifying (with progress) → verified, and gives the sign-in fields to onSolved', async () => {
    const challenge = await makeChallenge(42);
    const { user, searches, onSolved } = renderWidget(challenge);
    expect(checkbox()).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('group', { name: 'Verification' })).toBeInTheDocument();

    await user.click(checkbox());
    expect(status()).toHaveTextContent('Verifying…');
    expect(checkbox()).toHaveAttribute('aria-busy', 'true');
    expect(searches).toHaveLength(1);
    expect(searches[0].puzzle).toMatchObject({
      challenge: challenge.challenge,
      salt: challenge.salt,
      maxnumber: 100_000,
    });

    act(() => searches[0].progress(0.5));
    expect(screen.getByRole('progressbar', { name: 'Verification progress' })).toHaveAttribute('aria-valuenow', '50');

    await act(async () => searches[0].finish(42));
    expect(status()).toHaveTextContent('Verified');
    expect(checkbox()).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(onSolved).toHaveBeenCalledExactlyOnceWith(captchaFields(challenge, 42));

    // Verified: another click starts nothing.
    await user.click(checkbox());
    expect(searches).toHaveLength(1);
  });

  it.each([
    ['Space', ' '],
    ['Enter', '{Enter}'],
  ])('starts from the keyboard with %s', async (_name, keys) => {
    const { user, searches } = renderWidget(await makeChallenge(1));
    await user.tab();
    expect(checkbox()).toHaveFocus();
    await user.keyboard(keys);
    expect(status()).toHaveTextContent('Verifying…');
    expect(searches).toHaveLength(1);
  });

  it('resets at expires_at_ms after solving: onReset, a new challenge (GET /login/captcha), verify again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const first = await makeChallenge(42, { expiresAtMs: Date.now() + 60_000, salt: 'first' });
    const second = await makeChallenge(7, { expiresAtMs: Date.now() + 360_000, salt: 'second' });
    const asked = serveChallenges(second);
    const { searches, onReset, onSolved } = renderWidget(first);

    await user.click(checkbox());
    await act(async () => searches[0].finish(42));
    expect(checkbox()).toHaveAttribute('aria-checked', 'true');
    expect(onSolved).toHaveBeenCalledTimes(1);
    expect(asked.count).toBe(0);

    await act(async () => vi.advanceTimersByTime(60_000));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('The check expired. Please verify again.')).toBe(status());
    expect(asked.count).toBe(1);
    expect(checkbox()).toHaveAttribute('aria-checked', 'false');

    await user.click(checkbox());
    expect(searches[1].puzzle.salt).toBe('second');
    expect(status()).toHaveTextContent('Verifying…');
  });

  it('resets at expires_at_ms before solving, stopping a search under way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const first = await makeChallenge(42, { expiresAtMs: Date.now() + 30_000, salt: 'first' });
    serveChallenges(await makeChallenge(7, { expiresAtMs: Date.now() + 330_000, salt: 'second' }));
    const { searches, onReset, onSolved } = renderWidget(first);

    await user.click(checkbox());
    await act(async () => vi.advanceTimersByTime(30_000));
    expect(searches[0].cancelled).toBe(true);
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('The check expired. Please verify again.')).toBeInTheDocument();
    expect(onSolved).not.toHaveBeenCalled();

    await user.click(checkbox());
    expect(searches[1].puzzle.salt).toBe('second');
  });

  it('gets its own challenge when given none', async () => {
    const asked = serveChallenges(await makeChallenge(3, { salt: 'fetched' }));
    const { user, searches } = renderWidget(null);
    expect(status()).toHaveTextContent('Preparing the check…');
    expect(checkbox()).toHaveAttribute('aria-disabled', 'true');
    await screen.findByRole('checkbox', { name: NOT_A_ROBOT, checked: false, busy: false });
    expect(status()).toHaveTextContent('');
    await user.click(checkbox());
    expect(searches[0].puzzle.salt).toBe('fetched');
    expect(asked.count).toBe(1);
  });

  it('shows a failed fetch with Try again, which fetches again', async () => {
    server.use(http.get(apiPath('/login/captcha'), () => apiErrors(['The captcha is not available.'], 503)));
    const { user, searches } = renderWidget(null);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The check could not be loaded. Check your connection and try again.',
    );
    expect(checkbox()).toHaveAttribute('aria-disabled', 'true');

    serveChallenges(await makeChallenge(3, { salt: 'retried' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('checkbox', { name: NOT_A_ROBOT, busy: false });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(checkbox());
    expect(searches[0].puzzle.salt).toBe('retried');
  });

  it('offers Try again with a new challenge when the solver finds nothing or breaks', async () => {
    const asked = serveChallenges(await makeChallenge(3, { salt: 'after-failure' }));
    const { user, searches, onSolved } = renderWidget(await makeChallenge(5));
    await user.click(checkbox());
    await act(async () => searches[0].finish(null));
    expect(screen.getByRole('alert')).toHaveTextContent('The check could not be completed. Please try again.');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('checkbox', { name: NOT_A_ROBOT, busy: false });
    expect(asked.count).toBe(1);
    await user.click(checkbox());
    await act(async () => searches[1].fail(new Error('worker failed')));
    expect(screen.getByRole('alert')).toHaveTextContent('The check could not be completed. Please try again.');
    expect(onSolved).not.toHaveBeenCalled();
  });

  it('starts over with a new challenge from its parent', async () => {
    const { solver, searches } = fakeSolver();
    const [first, next] = [await makeChallenge(1), await makeChallenge(2, { salt: 'next' })];
    /** The sign-in form's part: a new 429 answer brings a new challenge. */
    function Parent() {
      const [challenge, setChallenge] = useState(first);
      return (
        <>
          <button type="button" onClick={() => setChallenge(next)}>
            New answer
          </button>
          <CaptchaWidget challenge={challenge} onSolved={vi.fn()} onReset={vi.fn()} solver={solver} />
        </>
      );
    }
    const { user } = renderWithProviders(<Parent />);
    await user.click(checkbox());
    await act(async () => searches[0].finish(1));
    expect(checkbox()).toHaveAttribute('aria-checked', 'true');

    await user.click(screen.getByRole('button', { name: 'New answer' }));
    expect(checkbox()).toHaveAttribute('aria-checked', 'false');
    await user.click(checkbox());
    expect(searches[1].puzzle.salt).toBe('next');
  });
});
