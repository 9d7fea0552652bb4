import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrors, json } from '../../../test/server';
import {
  acmeSso,
  IDP_METADATA,
  makePolicy,
  renderSignInPolicyPage,
  servePolicy,
  SP_METADATA_URL,
} from './test/signInPolicyTestKit';

const section = (name: string) => screen.getByRole('group', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const daysInput = () => screen.getByRole('textbox', { name: /Days before a password must be changed/ });
const identifierInput = () => screen.getByRole('textbox', { name: /SSO identifier/ });
const metadataInput = () => screen.getByRole('textbox', { name: /Identity provider metadata \(XML\)/ });

async function loaded() {
  await screen.findByRole('switch', { name: 'Passwords expire' });
}

describe('SignInPolicyPage', () => {
  it('loads and shows the policy, with the identity provider and the addresses to hand on', async () => {
    const { gets } = servePolicy(makePolicy({ password_expiry_days: 90, require_two_factor: true, sso: acmeSso }));
    renderSignInPolicyPage();
    expect(screen.getByRole('heading', { name: 'Sign-in policy' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the sign-in policy' })).toHaveAttribute('aria-busy', 'true');
    await loaded();
    expect(gets).toEqual(['/n1/api/v1/organizations/10/sign_in_policy']);

    expect(within(section('Passwords')).getByRole('switch', { name: 'Passwords expire' })).toBeChecked();
    expect(daysInput()).toHaveValue('90');
    const twoFactor = within(section('Two-factor authentication')).getByRole('switch', {
      name: 'Require two-factor authentication',
    });
    expect(twoFactor).toBeChecked();
    expect(twoFactor).toHaveAccessibleDescription(
      'Members who have no authenticator app or sign-in code get a 6-digit code by e-mail at every sign-in.',
    );

    const sso = section('Single sign-on (SAML)');
    expect(within(sso).getByRole('switch', { name: 'Single sign-on' })).toBeChecked();
    expect(identifierInput()).toHaveValue('acme');
    expect(identifierInput()).toHaveAccessibleDescription(
      'People type this on the sign-in page, or use a link with ?sso=1&ssoid=IDENTIFIER.',
    );
    const idp = within(sso).getByRole('group', { name: 'Current identity provider' });
    expect(idp).toHaveTextContent('Entity ID: https://idp.example.com/metadata');
    expect(idp).toHaveTextContent('Signing out of Argus also signs people out of the identity provider.');
    expect(metadataInput()).toHaveValue('');
    expect(metadataInput()).not.toBeRequired();
    expect(metadataInput()).toHaveAccessibleDescription(
      'Leave this empty to keep the current metadata; paste or load new metadata to replace it.',
    );
    const spMetadata = within(sso).getByRole('textbox', { name: 'Argus metadata address' });
    expect(spMetadata).toHaveValue(SP_METADATA_URL);
    expect(spMetadata).toHaveAccessibleDescription('Give this address to your identity provider.');
    expect(within(sso).getByRole('textbox', { name: 'Sign-in link' })).toHaveValue(
      `${window.location.origin}/login?sso=1&ssoid=acme`,
    );
    expect(saveButton()).toBeDisabled();
  });

  it('copies our metadata address', async () => {
    servePolicy(makePolicy({ sso: acmeSso }));
    const { user } = renderSignInPolicyPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Copy the metadata address' }));
    expect(await screen.findByRole('button', { name: 'Metadata address copied' })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(SP_METADATA_URL);
  });

  it('turning expiry on (90 days by default) and saving sends the whole policy, then says it is saved', async () => {
    const { puts } = servePolicy(makePolicy());
    const { user } = renderSignInPolicyPage();
    await loaded();
    expect(screen.queryByRole('textbox', { name: /Days before/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /SSO identifier/ })).not.toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'Passwords expire' }));
    expect(daysInput()).toHaveValue('90');
    await user.clear(daysInput());
    await user.type(daysInput(), '120');
    await user.click(screen.getByRole('switch', { name: 'Require two-factor authentication' }));
    await user.click(saveButton());

    expect(await screen.findByRole('status')).toHaveTextContent('Sign-in policy saved.');
    expect(puts).toEqual([
      {
        body: { password_expiry_days: 120, require_two_factor: true, sso: null },
        csrf: 'csrf-1',
        path: '/n1/api/v1/organizations/10/sign_in_policy',
      },
    ]);
    expect(daysInput()).toHaveValue('120');
    expect(saveButton()).toBeDisabled();
    // A further change takes the notice away and enables Save again.
    await user.click(screen.getByRole('switch', { name: 'Require two-factor authentication' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
  });

  it('blocks invalid days before sending anything', async () => {
    const { puts } = servePolicy(makePolicy());
    const { user } = renderSignInPolicyPage();
    await loaded();
    await user.click(screen.getByRole('switch', { name: 'Passwords expire' }));
    await user.clear(daysInput());
    await user.type(daysInput(), '0');
    await user.click(saveButton());
    expect(daysInput()).toHaveAccessibleDescription(/Enter a whole number of days from 1 to 3650\./);
    expect(daysInput()).toHaveAttribute('aria-invalid', 'true');
    expect(daysInput()).toHaveFocus();

    await user.clear(daysInput());
    await user.type(daysInput(), '3651');
    expect(screen.getByText('Enter a whole number of days from 1 to 3650.')).toBeInTheDocument();
    await user.clear(daysInput());
    await user.click(saveButton());
    expect(screen.getByText('Enter a whole number of days from 1 to 3650.')).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    await user.type(daysInput(), '365');
    expect(screen.queryByText('Enter a whole number of days from 1 to 3650.')).not.toBeInTheDocument();
    await user.click(saveButton());
    await screen.findByRole('status');
    expect(puts.map(({ body }) => body)).toEqual([{ password_expiry_days: 365, require_two_factor: false, sso: null }]);
  });

  it('sets single sign-on up with an identifier (lower-cased) and pasted metadata, both checked first', async () => {
    const { puts } = servePolicy(makePolicy({ password_expiry_days: 30 }));
    const { user } = renderSignInPolicyPage();
    await loaded();
    await user.click(screen.getByRole('switch', { name: 'Single sign-on' }));
    expect(metadataInput()).toBeRequired();
    expect(screen.queryByRole('group', { name: 'Current identity provider' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Argus metadata address' })).toHaveValue(SP_METADATA_URL);

    await user.type(identifierInput(), '-Acme');
    await user.click(saveButton());
    expect(identifierInput()).toHaveAccessibleDescription(
      /Use 2 to 63 lower-case letters, digits or dashes, with no dash first or last\./,
    );
    expect(screen.getByText("Paste or load the identity provider's metadata.")).toBeVisible();
    expect(identifierInput()).toHaveFocus();
    expect(puts).toHaveLength(0);

    await user.clear(identifierInput());
    await user.type(identifierInput(), 'Acme-West');
    expect(identifierInput()).toHaveValue('acme-west');
    expect(screen.getByRole('textbox', { name: 'Sign-in link' })).toHaveValue(
      `${window.location.origin}/login?sso=1&ssoid=acme-west`,
    );
    await user.click(metadataInput());
    await user.paste(IDP_METADATA);
    await user.click(saveButton());

    expect(await screen.findByRole('status')).toHaveTextContent('Sign-in policy saved.');
    expect(puts.map(({ body }) => body)).toEqual([
      {
        password_expiry_days: 30,
        require_two_factor: false,
        sso: { identifier: 'acme-west', idp_metadata: IDP_METADATA },
      },
    ]);
    // Now stored: the identity provider is shown and the emptied field keeps its metadata.
    expect(screen.getByRole('group', { name: 'Current identity provider' })).toHaveTextContent(
      'https://idp.new.test/metadata',
    );
    expect(metadataInput()).toHaveValue('');
    expect(metadataInput()).not.toBeRequired();
  });

  it('loads the metadata from a chosen file, and refuses files over 256 KB', async () => {
    const { puts } = servePolicy(makePolicy());
    const { user } = renderSignInPolicyPage();
    await loaded();
    await user.click(screen.getByRole('switch', { name: 'Single sign-on' }));
    await user.type(identifierInput(), 'acme');
    const fileInput = screen.getByLabelText('Load from file…', { selector: 'input' });

    await user.upload(fileInput, new File(['<x/>'.repeat(70_000)], 'huge.xml', { type: 'text/xml' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      "That file is larger than 256 KB. Choose the identity provider's metadata file (XML).",
    );
    expect(metadataInput()).toHaveValue('');

    await user.upload(fileInput, new File([IDP_METADATA], 'idp.xml', { type: 'text/xml' }));
    await waitFor(() => expect(metadataInput()).toHaveValue(IDP_METADATA));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(saveButton());
    await screen.findByRole('status');
    expect(puts[0].body.sso).toEqual({ identifier: 'acme', idp_metadata: IDP_METADATA });
  });

  it('keeps the metadata of an existing single sign-on when the field stays empty', async () => {
    const { puts } = servePolicy(makePolicy({ sso: acmeSso }));
    const { user } = renderSignInPolicyPage();
    await loaded();
    await user.clear(identifierInput());
    await user.type(identifierInput(), 'acme-2');
    await user.click(saveButton());
    await screen.findByRole('status');
    expect(puts.map(({ body }) => body)).toEqual([
      { password_expiry_days: null, require_two_factor: false, sso: { identifier: 'acme-2' } },
    ]);
    expect(puts[0].body.sso).not.toHaveProperty('idp_metadata');
  });

  it("shows the server's 409 beside single sign-on and keeps what was typed", async () => {
    const { puts } = servePolicy(makePolicy(), {
      reply: () => json({ errors: ["Another organization has the SSO identifier 'acme'."] }, 409),
    });
    const { user } = renderSignInPolicyPage();
    await loaded();
    await user.click(screen.getByRole('switch', { name: 'Passwords expire' }));
    await user.click(screen.getByRole('switch', { name: 'Single sign-on' }));
    await user.type(identifierInput(), 'acme');
    await user.click(metadataInput());
    await user.paste(IDP_METADATA);
    await user.click(saveButton());

    const alert = await within(section('Single sign-on (SAML)')).findByRole('alert');
    expect(alert).toHaveTextContent('The sign-in policy was not saved');
    expect(alert).toHaveTextContent("Another organization has the SSO identifier 'acme'.");
    expect(puts).toHaveLength(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(daysInput()).toHaveValue('90');
    expect(identifierInput()).toHaveValue('acme');
    expect(metadataInput()).toHaveValue(IDP_METADATA);
    expect(saveButton()).toBeEnabled();
  });

  it('shows a 400 beside the section it concerns, or above the form when it names none', async () => {
    let message = 'password_expiry_days must be a whole number of days from 1 to 3650, or null.';
    servePolicy(makePolicy(), { reply: () => apiErrors([message]) });
    const { user } = renderSignInPolicyPage();
    await loaded();
    await user.click(screen.getByRole('switch', { name: 'Passwords expire' }));
    await user.click(saveButton());
    expect(await within(section('Passwords')).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    message = 'Something else went wrong.';
    await user.click(saveButton());
    await waitFor(() => expect(within(section('Passwords')).queryByRole('alert')).not.toBeInTheDocument());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert.closest('fieldset')).toBeNull();
    expect(daysInput()).toHaveValue('90');
  });

  it('asks before removing single sign-on, and removes it once confirmed', async () => {
    const { puts } = servePolicy(makePolicy({ sso: acmeSso }));
    const { user } = renderSignInPolicyPage();
    await loaded();
    await user.click(screen.getByRole('switch', { name: 'Single sign-on' }));
    expect(screen.getByText('Single sign-on will be removed')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /SSO identifier/ })).not.toBeInTheDocument();

    await user.click(saveButton());
    let dialog = await screen.findByRole('dialog', { name: 'Remove single sign-on?' });
    expect(dialog).toHaveTextContent('The identifier acme stops working.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toHaveLength(0);

    await user.click(saveButton());
    dialog = await screen.findByRole('dialog', { name: 'Remove single sign-on?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove single sign-on' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sign-in policy saved.');
    expect(puts.map(({ body }) => body)).toEqual([
      { password_expiry_days: null, require_two_factor: false, sso: null },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Single sign-on' })).not.toBeChecked();
    expect(screen.queryByText('Single sign-on will be removed')).not.toBeInTheDocument();
  });

  it('offers to try again when the policy could not be loaded', async () => {
    let fail = true;
    servePolicy(makePolicy(), { load: () => (fail ? apiErrors(['boom'], 500) : null) });
    const { user } = renderSignInPolicyPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The sign-in policy could not be loaded');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await loaded();
  });

  it('shows the organization-write message when the policy answers 403', async () => {
    servePolicy(makePolicy(), { load: () => json({ errors: ['Forbidden'] }, 403) });
    renderSignInPolicyPage();
    expect(await screen.findByText('You need the organization write right to manage users.')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
