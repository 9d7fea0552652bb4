import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../app/browser';
import { apiErrors, apiPath, json, server } from '../../test/server';
import { renderSignIn } from './test/renderSignIn';

const IDP_URL = 'https://idp.example/sso?SAMLRequest=abc';
const SSO_ERROR = 'An error has occurred. Please double check the subdomain identifier and try again.';

/** Answers `GET /login/sso` with `answer` and keeps the queries sent, in order. */
function captureSso(answer: () => Response | Promise<Response>): Record<string, string>[] {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(apiPath('/login/sso'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return answer();
    }),
  );
  return queries;
}

const redirectAnswer = () => json({ sp_saml_idp_auth_request: { saml_request_url: IDP_URL } });
const spyOnAssign = () => vi.spyOn(browser, 'assign').mockImplementation(() => undefined);

/** The sign-in page at `route` with its SSO form opened by the button. */
async function openSsoForm(route = '/login') {
  const rendered = renderSignIn(route);
  await rendered.user.click(await screen.findByRole('button', { name: 'Sign in with SSO' }));
  await screen.findByRole('form', { name: 'Sign in with SSO' });
  return rendered;
}

const identifierField = () => screen.getByRole('textbox', { name: /SSO identifier/ });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('SignInPage SSO mode', () => {
  it('opens from the password form with the identifier field focused, and goes back', async () => {
    const { user } = await openSsoForm();
    expect(identifierField()).toHaveFocus();
    expect(identifierField()).toHaveValue('');
    expect(screen.getByText('The identifier your administrator gave you, e.g. acme.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Password/)).toBeInTheDocument();
  });

  it('requires an identifier, sending nothing', async () => {
    const queries = captureSso(redirectAnswer);
    const { user } = await openSsoForm();
    await user.type(identifierField(), '   {Enter}');
    expect(screen.getByText('Please enter an SSO identifier.')).toBeInTheDocument();
    expect(identifierField()).toHaveFocus();
    await user.click(continueButton());
    expect(queries).toHaveLength(0);
    await user.type(identifierField(), 'a');
    expect(screen.queryByText('Please enter an SSO identifier.')).not.toBeInTheDocument();
  });

  it('sends the trimmed identifier and the originating page, then leaves for the identity provider', async () => {
    const assign = spyOnAssign();
    const queries = captureSso(redirectAnswer);
    const { user } = await openSsoForm('/n/5/exports?range=today');
    await user.type(identifierField(), '  acme  {Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(IDP_URL));
    expect(queries).toEqual([{ method: 'get', id: 'acme', return_to: '/n/5/exports?range=today' }]);
    // Busy until the browser has left.
    expect(continueButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back to sign-in' })).toBeDisabled();
    expect(window.localStorage.getItem('argus.ssoIdentifier')).toBe('acme');
  });

  it('pre-fills the identifier used last, and sends no return path without an originating page', async () => {
    window.localStorage.setItem('argus.ssoIdentifier', 'globex');
    const assign = spyOnAssign();
    const queries = captureSso(redirectAnswer);
    const { user } = await openSsoForm();
    expect(identifierField()).toHaveValue('globex');
    await user.click(continueButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(IDP_URL));
    expect(queries).toEqual([{ method: 'get', id: 'globex' }]);
  });

  it('shows the sso-error text for an unknown identifier, else the server message or the generic text', async () => {
    const assign = spyOnAssign();
    captureSso(() => apiErrors([SSO_ERROR], 404));
    const { user } = await openSsoForm();
    await user.type(identifierField(), 'nobody{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_ERROR);
    expect(continueButton()).toBeEnabled();
    expect(identifierField()).toHaveFocus();
    expect(identifierField()).toHaveValue('nobody');
    expect(window.localStorage.getItem('argus.ssoIdentifier')).toBeNull();

    captureSso(() => apiErrors(['Single sign-on is not available.'], 503));
    await user.click(continueButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Single sign-on is not available.'));

    server.use(http.get(apiPath('/login/sso'), () => Response.error()));
    await user.click(continueButton());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again.'),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    ['not_member', 'not a member of this organization. Please contact your administrator.'],
    ['invalid', 'Single sign-on failed: the identity provider’s answer could not be verified. Please try again.'],
    ['expired', 'Your single sign-on expired. Please try again.'],
    ['unavailable', SSO_ERROR],
    ['something-else', SSO_ERROR],
  ])('opens the SSO form with the problem of ?sso_error=%s, and drops it from the address', async (reason, text) => {
    renderSignIn(`/login?sso_error=${reason}&from=dashboard`);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('form', { name: 'Sign in with SSO' })).toBeInTheDocument();
    expect(identifierField()).toHaveFocus();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?from=dashboard$/));
  });

  it('starts at once with ?sso=true&ssoid=, busy meanwhile, and shows a refusal in the form', async () => {
    let answer: (response: Response) => void = () => undefined;
    const queries = captureSso(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderSignIn('/login?sso=true&ssoid=acme');
    await waitFor(() => expect(queries).toEqual([{ method: 'get', id: 'acme' }]));
    expect(identifierField()).toHaveValue('acme');
    expect(continueButton()).toBeDisabled();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    answer(apiErrors([SSO_ERROR], 404));
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_ERROR);
    expect(continueButton()).toBeEnabled();
    expect(queries).toHaveLength(1);
  });

  it('starts at once from a link with sso=1 that reached sign-in through the route guard', async () => {
    const assign = spyOnAssign();
    const queries = captureSso(redirectAnswer);
    renderSignIn('/n/5/exports?sso=1&ssoid=acme&range=today');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(IDP_URL));
    expect(queries).toEqual([{ method: 'get', id: 'acme', return_to: '/n/5/exports?range=today' }]);
  });
});
