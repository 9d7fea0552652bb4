import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiErrors, apiPath, json, server } from '../../../test/server';
import { bea, carl, dora, renderUsersPage, self, serveMembers, USERS_PATH } from './test/usersTestKit';

function rows() {
  const table = screen.getByRole('table', { name: 'Users of the organization' });
  return within(table).getAllByRole('row').slice(1);
}

function cellTexts(row: HTMLElement): string[] {
  const cells = [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')];
  return cells.map((cell) => cell.textContent ?? '');
}

describe('UsersPage', () => {
  it('lists the members by name with role, sign-in, idle timeout and status', async () => {
    serveMembers([dora, carl, self, bea]);
    renderUsersPage();
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('Members of Acme Security, disabled ones included.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Loading users' })).toHaveAttribute('aria-busy', 'true');
    await screen.findByRole('table', { name: 'Users of the organization' });
    expect(rows().map((row) => cellTexts(row).slice(0, 6))).toEqual([
      ['Ada Admin (you)', 'ada@acme.test', 'Org-write administrator', 'Password', '30 minutes', 'Active'],
      ['Bea Boss', 'bea@acme.test', 'Administrator', 'Password + authenticator', '30 minutes', 'Active'],
      ['Carl Camera', 'carl@field.test', 'Viewer', 'Password + e-mail code', '30 minutes', 'Active'],
      ['Dora Door', 'dora@acme.test', 'Viewer', 'Password + text message code', '1 minute', 'Disabled'],
    ]);
    expect(screen.getByRole('button', { name: 'Actions for Bea Boss' })).toBeEnabled();
  });

  it('searches names and e-mail addresses, case-insensitively', async () => {
    serveMembers([self, bea, carl, dora]);
    const { user } = renderUsersPage();
    const search = await screen.findByRole('searchbox', { name: 'Search users' });
    await user.type(search, 'BEA');
    expect(rows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Bea Boss']);
    await user.clear(search);
    await user.type(search, 'FIELD.test');
    expect(rows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Carl Camera']);
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(screen.getByText('No users match your search.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.clear(search);
    expect(rows()).toHaveLength(4);
  });

  it("marks the user's own row and offers no actions on it", async () => {
    serveMembers([self, bea]);
    const { user } = renderUsersPage();
    const own = await screen.findByRole('button', { name: 'Actions for Ada Admin' });
    expect(own).toHaveAttribute('aria-disabled', 'true');
    await user.click(own);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.hover(own);
    expect(await screen.findByText('You cannot change your own access')).toBeInTheDocument();
  });

  it('tells when there are no members and when the list failed', async () => {
    serveMembers([]);
    const first = renderUsersPage();
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    first.unmount();
    server.use(http.get(apiPath(USERS_PATH), () => apiErrors(['boom'], 500)));
    const { user } = renderUsersPage();
    expect(await screen.findByText('The users could not be loaded')).toBeInTheDocument();
    server.use(http.get(apiPath(USERS_PATH), () => json([bea])));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Bea Boss' })).toBeInTheDocument();
  });

  it('shows the organization-write message when the list answers 403', async () => {
    server.use(http.get(apiPath(USERS_PATH), () => apiErrors(['Forbidden'], 403)));
    renderUsersPage();
    expect(await screen.findByRole('heading', { name: 'Insufficient permissions' })).toBeInTheDocument();
    expect(screen.getByText('You need the organization write right to manage users.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
  });

  it('asks the list of the session organization', async () => {
    let asked: string | undefined;
    server.use(
      http.get(apiPath(USERS_PATH), ({ request }) => {
        asked = new URL(request.url).pathname;
        return json([self]);
      }),
    );
    renderUsersPage();
    await screen.findByRole('rowheader', { name: 'Ada Admin (you)' });
    expect(asked).toBe('/n1/api/v1/organizations/10/users');
  });
});
