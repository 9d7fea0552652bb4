import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { LoginRequest } from '../../api/types';
import { renderWithProviders } from '../../test/renderWithProviders';
import { apiPath, json, server } from '../../test/server';
import { authApi } from '../auth/authApi';
import { CaptchaWidget } from './CaptchaWidget';
import { makeChallenge, webCryptoSha256Hex } from './test/makeChallenge';
import { useSignInCaptcha } from './useSignInCaptcha';

/** How the sign-in form uses the captcha (README.md "Wiring"), without the rest of the form. */
function SignInHarness() {
  const [login] = authApi.useLoginMutation();
  const captcha = useSignInCaptcha();
  const send = async () => {
    try {
      const body = { email: 'ada@acme.test', password: 'pw', remember: 0 as const, ...captcha.take() };
      captcha.answered(await login(body).unwrap());
    } catch {
      captcha.answered(null);
    }
  };
  return (
    <>
      {captcha.shown && <CaptchaWidget key={captcha.widgetKey} {...captcha.widget} />}
      <button type="button" onClick={() => void send()}>
        Sign in
      </button>
    </>
  );
}

/** What argusd checks of mki_captcha_provider_response (services/proof_of_work_captcha.cpp `verify`). */
async function serverAccepts(response: string, issued: { challenge: string }): Promise<boolean> {
  const solution = JSON.parse(atob(response)) as { challenge: string; number: number; salt: string };
  const digest = await webCryptoSha256Hex(solution.salt + String(solution.number));
  return solution.challenge === issued.challenge && digest === issued.challenge;
}

describe('the captcha in a sign-in (real solver, on the page as jsdom has no Worker)', () => {
  it('sends a solution once, then gets a new challenge for the widget', async () => {
    const throttled = await makeChallenge(1_234, { maxnumber: 2_000, salt: 'throttled' });
    const renewed = await makeChallenge(5, { maxnumber: 2_000, salt: 'renewed' });
    const bodies: LoginRequest[] = [];
    let captchaFetches = 0;
    server.use(
      http.post(apiPath('/login/login'), async ({ request }) => {
        bodies.push((await request.json()) as LoginRequest);
        if (bodies.length === 1) {
          const error = 'Too many failed sign-in attempts. Please wait a moment and try again.';
          return json({ success: false, mode: 'captcha', error, captcha: throttled }, 429);
        }
        return json({ success: false, mode: 'login', error: 'Invalid e-mail or password.' }, 401);
      }),
      http.get(apiPath('/login/captcha'), () => {
        captchaFetches += 1;
        return json(renewed);
      }),
    );
    const { user } = renderWithProviders(<SignInHarness />);

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
    await screen.findByRole('checkbox', { name: "I'm not a robot", checked: true });

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[0]).not.toHaveProperty('captcha_shown');
    expect(bodies[1]).toMatchObject({ captcha_shown: true, mki_captcha_provider_id: 'argus-pow' });
    expect(await serverAccepts(bodies[1].mki_captcha_provider_response ?? '', throttled)).toBe(true);

    // The solution is used up: a new widget, with a challenge of its own.
    await waitFor(() => expect(captchaFetches).toBe(1));
    const renewedCheckbox = { name: "I'm not a robot", checked: false, busy: false };
    expect(await screen.findByRole('checkbox', renewedCheckbox)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]).toEqual({ email: 'ada@acme.test', password: 'pw', remember: 0, captcha_shown: true });
  });
});
