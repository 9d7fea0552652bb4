import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiErrors, apiPath, json, server } from '../../../test/server';
import { invitationOf } from './dialogs/InviteMemberDialog';
import { makeMember, NETWORK_ID, renderUsersPage, self, serveMembers, USERS_PATH } from './test/usersTestKit';
import type { Invitation } from './usersApi';

/** Serves the list and records invitations; the new member gets id 300. */
function serveInvitations(answer?: () => Response) {
  serveMembers([self]);
  const sent: Invitation[] = [];
  server.use(
    http.post(apiPath(USERS_PATH), async ({ request }) => {
      const body = (await request.json()) as Invitation;
      sent.push(body);
      if (answer) return answer();
      return json(makeMember(300, { email: body.email, name: body.name ?? 'new' }), 201);
    }),
  );
  return sent;
}

async function openInvite() {
  const rendered = renderUsersPage();
  await screen.findByRole('rowheader', { name: 'Ada Admin (you)' });
  await rendered.user.click(screen.getByRole('button', { name: 'Invite user' }));
  return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'Invite a user' }) };
}

describe('Inviting a user', () => {
  it('sends a viewer with live video of the current network, then opens their privileges', async () => {
    const sent = serveInvitations();
    const { user, dialog } = await openInvite();
    expect(within(dialog).getByText(/A new viewer starts with live video of this network/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail address/ }), ' nia@guards.test ');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Nia Guard');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      email: 'nia@guards.test',
      name: 'Nia Guard',
      is_admin: false,
      is_org_write_admin: false,
      privileges: [
        {
          scope: 'network',
          network_id: NETWORK_ID,
          rights: { write: false, export: false, historical: false, live: true },
        },
      ],
    });
    expect(await screen.findByText('Invitation sent to nia@guards.test')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/n/${NETWORK_ID}/admin/users/300/privileges`),
    );
  });

  it('checks the address first and shows the server refusal in the dialog', async () => {
    const sent = serveInvitations(() => apiErrors(['This person is already a member of the organization.'], 409));
    const { user, dialog } = await openInvite();
    const address = within(dialog).getByRole('textbox', { name: /E-mail address/ });
    await user.type(address, 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.clear(address);
    await user.type(address, 'bea@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('This person is already a member of the organization.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Invite a user' })).toBeInTheDocument();
  });

  it('sends administrators without privileges (every right)', () => {
    expect(invitationOf('b@x.test', '', 'org-write', 7)).toEqual({
      email: 'b@x.test',
      is_admin: true,
      is_org_write_admin: true,
    });
  });
});
