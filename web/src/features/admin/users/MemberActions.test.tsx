import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiErrors, apiPath, server } from '../../../test/server';
import { bea, carl, dora, renderUsersPage, RESET_PATH, self, serveMembers, USER_PATH } from './test/usersTestKit';

const dialog = () => screen.getByRole('dialog');
const statusOf = (name: string) => {
  const row = screen.getByRole('rowheader', { name }).closest('tr')!;
  return within(row).getAllByRole('cell')[4].textContent;
};

async function openAction(user: UserEvent, name: string, action: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('member actions', () => {
  it('disables a member after a confirmation; the row then shows Disabled', async () => {
    const requests = serveMembers([self, carl]);
    const { user } = renderUsersPage();
    await openAction(user, 'Carl Camera', 'Disable');
    expect(
      within(dialog()).getByText(
        'Disable Carl Camera? They are signed out of this organization and cannot sign in to it until enabled again.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(requests.puts).toHaveLength(0);

    await openAction(user, 'Carl Camera', 'Disable');
    await user.click(within(dialog()).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Carl Camera disabled')).toBeInTheDocument();
    expect(requests.puts).toEqual([
      { url: '/n1/api/v1/organizations/10/users/202', body: { disabled: true }, csrf: 'csrf-1' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(statusOf('Carl Camera')).toBe('Disabled'));
  });

  it('enables a disabled member at once', async () => {
    const requests = serveMembers([self, dora]);
    const { user } = renderUsersPage();
    await openAction(user, 'Dora Door', 'Enable');
    expect(await screen.findByText('Dora Door enabled')).toBeInTheDocument();
    expect(requests.puts.map((put) => put.body)).toEqual([{ disabled: false }]);
    await waitFor(() => expect(statusOf('Dora Door')).toBe('Active'));
  });

  it.each([
    ['Carl Camera', 'Org-write administrator', { is_admin: true, is_org_write_admin: true }, 'Org-write administrator'],
    ['Bea Boss', 'Viewer', { is_admin: false, is_org_write_admin: false }, 'Viewer'],
    ['Carl Camera', 'Administrator', { is_admin: true, is_org_write_admin: false }, 'Administrator'],
  ])('changes the role of %s to %s', async (name, role, body, shown) => {
    const requests = serveMembers([self, bea, carl]);
    const { user } = renderUsersPage();
    await openAction(user, name, 'Change role');
    const form = within(dialog());
    expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(form.getByRole('combobox', { name: 'Role' }));
    await user.click(await form.findByRole('option', { name: role, hidden: true }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`Role of ${name} changed to ${role}`)).toBeInTheDocument();
    expect(requests.puts.map((put) => put.body)).toEqual([body]);
    await waitFor(() => {
      const row = screen.getByRole('rowheader', { name }).closest('tr')!;
      expect(within(row).getAllByRole('cell')[1].textContent).toBe(shown);
    });
  });

  it('refuses idle timeouts outside 1–14400 in the form, then sends a valid one', async () => {
    const requests = serveMembers([self, carl]);
    const { user } = renderUsersPage();
    await openAction(user, 'Carl Camera', 'Idle timeout');
    const form = within(dialog());
    const input = form.getByRole('textbox', { name: /Idle timeout \(minutes\)/ });
    expect(input).toHaveValue('30');
    for (const wrong of ['0', '14401']) {
      await user.clear(input);
      await user.type(input, wrong);
      await user.click(form.getByRole('button', { name: 'Save' }));
      expect(form.getByText('Enter a whole number of minutes from 1 to 14400.')).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    await user.clear(input);
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(form.getByText('Enter a whole number of minutes from 1 to 14400.')).toBeInTheDocument();
    expect(requests.puts).toHaveLength(0);

    await user.type(input, '14400');
    expect(form.queryByText('Enter a whole number of minutes from 1 to 14400.')).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Idle timeout of Carl Camera saved')).toBeInTheDocument();
    expect(requests.puts.map((put) => put.body)).toEqual([{ min_idle_timeout: 14400 }]);
    await waitFor(() => {
      const row = screen.getByRole('rowheader', { name: 'Carl Camera' }).closest('tr')!;
      expect(within(row).getAllByRole('cell')[3].textContent).toBe('14400 minutes');
    });
  });

  it("links each member's privileges page from the row menu", async () => {
    serveMembers([self, carl]);
    const { user } = renderUsersPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Carl Camera' }));
    expect(await screen.findByRole('menuitem', { name: 'Privileges' })).toHaveAttribute(
      'href',
      '/n/5/admin/users/202/privileges',
    );
  });

  it('offers the two-factor reset only to members with an authenticator, and confirms it', async () => {
    const requests = serveMembers([self, bea, carl]);
    const { user } = renderUsersPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Carl Camera' }));
    expect(await screen.findByRole('menuitem', { name: 'Change role' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Reset two-factor' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await openAction(user, 'Bea Boss', 'Reset two-factor');
    expect(within(dialog()).getByText(/Reset two-factor authentication for Bea Boss\?/)).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Two-factor authentication of Bea Boss reset')).toBeInTheDocument();
    expect(requests.resets).toEqual(['/n1/api/v1/organizations/10/users/201/reset_two_factor']);
    await waitFor(() => {
      const row = screen.getByRole('rowheader', { name: 'Bea Boss' }).closest('tr')!;
      expect(within(row).getAllByRole('cell')[2].textContent).toBe('Password');
    });
  });

  it("shows the server's 400 message in the dialog and keeps it open", async () => {
    serveMembers([self, carl]);
    server.use(http.put(apiPath(USER_PATH), () => apiErrors(['is_org_write_admin needs is_admin'], 400)));
    const { user } = renderUsersPage();
    await openAction(user, 'Carl Camera', 'Change role');
    const form = within(dialog());
    await user.click(form.getByRole('combobox', { name: 'Role' }));
    await user.click(await form.findByRole('option', { name: 'Administrator', hidden: true }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByRole('alert')).toHaveTextContent('is_org_write_admin needs is_admin');
    expect(form.getByText('The change could not be saved')).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("shows the server's 403 message of a failed reset and of a failed enable", async () => {
    serveMembers([self, bea, dora]);
    const ownAccess = 'You cannot change your own access to the organization.';
    server.use(
      http.post(apiPath(RESET_PATH), () => apiErrors([ownAccess], 403)),
      http.put(apiPath(USER_PATH), () => apiErrors([ownAccess], 403)),
    );
    const { user } = renderUsersPage();
    await openAction(user, 'Bea Boss', 'Reset two-factor');
    await user.click(within(dialog()).getByRole('button', { name: 'Reset' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(ownAccess);
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await openAction(user, 'Dora Door', 'Enable');
    expect(await screen.findByText('Dora Door could not be enabled')).toBeInTheDocument();
    expect(screen.getByText(ownAccess)).toBeInTheDocument();
    expect(statusOf('Dora Door')).toBe('Disabled');
  });
});
