import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { LoginAnswer, Organization } from '../../api/types';
import { adminUser, organizations } from '../../test/fixtures';
import { apiPath, json, loginMode, server } from '../../test/server';
import { capturePost, captureLogin, renderSignIn } from './test/renderSignIn';

const orgChooseAnswer = (orgs: Organization[] = organizations): LoginAnswer => ({
  success: false,
  mode: 'org_choose',
  error: null,
  orgs,
});
const SIGNED_IN: LoginAnswer = { success: true, mode: null, error: null, user: adminUser, csrf_token: 'csrf-2' };
const EXPIRED = 'Your sign-in expired. Please sign in again.';

const MANY_ORGS: Organization[] = [
  'Acme Security',
  'Beta Retail',
  'Contoso Clinics',
  'Fabrikam Foods',
  'Northern Lights Hotels',
  'Northwind Traders',
  'Woodgrove Bank',
].map((name, index) => ({ id: 20 + index, eid: `N_${index}`, name, shard_id: 1 }));

/** Signs in with a password that the server answers with `answer`; waits for the organization choice. */
async function reachChooser(answer: LoginAnswer = orgChooseAnswer(), route = '/login') {
  captureLogin(() => json(answer));
  const rendered = renderSignIn(route);
  await rendered.user.type(await screen.findByLabelText(/E-mail/), 'ada@acme.test');
  await rendered.user.type(screen.getByLabelText(/Password/), 'secret{Enter}');
  await screen.findByRole('region', { name: 'Choose an organization' });
  return rendered;
}

const orgList = () => screen.getByRole('list', { name: 'Organizations' });
const orgButton = (name: string) => within(orgList()).getByRole('button', { name });
const orgNames = () => within(orgList()).getAllByRole('button').map((button) => button.textContent);

describe('SignInPage organization choice (ORG_CHOOSE)', () => {
  it('lists the organizations after the password and signs in to the one chosen', async () => {
    server.use(http.get(apiPath('/vision/user'), () => loginMode()));
    let answerChoice: () => void = () => undefined;
    const bodies = capturePost<{ eid: string }>('/login/org_choose', async () => {
      await new Promise<void>((resolve) => (answerChoice = resolve));
      server.use(http.get(apiPath('/vision/user'), () => json(adminUser)));
      return json(SIGNED_IN);
    });
    const { user, store } = await reachChooser(orgChooseAnswer(), '/n/5/exports?range=today');
    expect(
      screen.getByText('Your account belongs to several organizations. Choose the one to sign in to.'),
    ).toBeInTheDocument();
    expect(orgNames()).toEqual(['Acme Security', 'Beta Retail', 'gamma Logistics']);
    expect(orgButton('Acme Security')).toHaveFocus();
    expect(screen.queryByText('org-beta')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Search organizations' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();

    await user.click(orgButton('Beta Retail'));
    await waitFor(() => expect(orgButton('Beta Retail')).toHaveAttribute('aria-busy', 'true'));
    expect(orgButton('Acme Security')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back to sign-in' })).toBeDisabled();
    answerChoice();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/n/5/exports?range=today'));
    expect(bodies).toEqual([{ eid: 'org-beta' }]);
    expect(store.getState().auth.user?.id).toBe(adminUser.id);
  });

  it('follows an authenticator code answered with org_choose', async () => {
    captureLogin(() => json({ success: false, mode: 'two_factor', error: null }));
    const codes = capturePost<{ code: string }>('/login/two_factor/verify', () => json(orgChooseAnswer()));
    const eids = capturePost<{ eid: string }>('/login/org_choose', () => json(SIGNED_IN));
    const { user } = renderSignIn('/login');
    await user.type(screen.getByLabelText(/E-mail/), 'ada@acme.test');
    await user.type(screen.getByLabelText(/Password/), 'secret{Enter}');
    await user.type(await screen.findByLabelText(/Authenticator code/), '123456{Enter}');
    await screen.findByRole('region', { name: 'Choose an organization' });
    expect(codes).toEqual([{ code: '123456' }]);
    expect(screen.queryByLabelText(/Authenticator code/)).not.toBeInTheDocument();
    await user.click(orgButton('gamma Logistics'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/n$/));
    expect(eids).toEqual([{ eid: 'org-gamma' }]);
  });

  it('follows an e-mailed code answered with org_choose', async () => {
    capturePost('/login/do_otp_auth', () => json(orgChooseAnswer()));
    captureLogin(() => json({ success: false, mode: 'one_time_password', error: null }));
    const { user } = renderSignIn('/login');
    await user.type(screen.getByLabelText(/E-mail/), 'ada@acme.test');
    await user.type(screen.getByLabelText(/Password/), 'secret{Enter}');
    await user.type(await screen.findByLabelText(/Verification code/), '123456{Enter}');
    expect(await screen.findByRole('region', { name: 'Choose an organization' })).toBeInTheDocument();
    expect(orgNames()).toHaveLength(3);
  });

  it("shows the server's refusal and stays in the chooser", async () => {
    const refused = 'Choose one of your organizations.';
    const bodies = capturePost('/login/org_choose', () =>
      json({ success: false, mode: 'org_choose', error: refused, orgs: organizations }, 400),
    );
    const { user } = await reachChooser();
    await user.click(orgButton('Acme Security'));
    expect(await screen.findByRole('alert')).toHaveTextContent(refused);
    expect(bodies).toHaveLength(1);
    expect(orgButton('Beta Retail')).toBeEnabled();
    expect(orgButton('Acme Security')).not.toHaveAttribute('aria-busy');
    expect(orgButton('Acme Security')).toHaveFocus();
  });

  it('returns to the password form with the message when the sign-in expired, keeping the e-mail', async () => {
    const expired = { success: false, mode: null, error: EXPIRED, errors: [EXPIRED] };
    capturePost('/login/org_choose', () => json(expired, 401));
    const { user } = await reachChooser();
    await user.click(orgButton('Beta Retail'));
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(screen.queryByRole('region', { name: 'Choose an organization' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('ada@acme.test');
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
  });

  it('shows the generic text when the call fails otherwise', async () => {
    server.use(http.post(apiPath('/login/org_choose'), () => Response.error()));
    const { user } = await reachChooser();
    await user.click(orgButton('Beta Retail'));
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again.');
    expect(orgButton('Beta Retail')).toBeEnabled();
  });

  it('filters a long list by a case-insensitive part of the name', async () => {
    const { user } = await reachChooser(orgChooseAnswer(MANY_ORGS));
    expect(orgNames()).toHaveLength(7);
    expect(orgButton('Acme Security')).toHaveFocus();
    const search = screen.getByRole('textbox', { name: 'Search organizations' });
    await user.type(search, 'NORTH');
    expect(orgNames()).toEqual(['Northern Lights Hotels', 'Northwind Traders']);
    expect(search).toHaveFocus();
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.queryByRole('list', { name: 'Organizations' })).not.toBeInTheDocument();
    expect(screen.getByText('No organizations match your search.')).toBeInTheDocument();
    await user.clear(search);
    expect(orgNames()).toHaveLength(7);
    expect(search).toHaveFocus();
  });

  it('chooses with the keyboard (Tab, Enter)', async () => {
    const bodies = capturePost<{ eid: string }>('/login/org_choose', () => json(SIGNED_IN));
    const { user } = await reachChooser();
    await user.tab();
    expect(orgButton('Beta Retail')).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/n$/));
    expect(bodies).toEqual([{ eid: 'org-beta' }]);
  });

  it('goes back to the password form with Back to sign-in', async () => {
    const { user } = await reachChooser();
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('ada@acme.test');
    expect(screen.queryByRole('region', { name: 'Choose an organization' })).not.toBeInTheDocument();
  });
});
