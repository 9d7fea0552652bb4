import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiErrors, apiPath, json, server } from '../../../../test/server';
import {
  LIVE_ONLY,
  makePrivilege,
  PRIVILEGES_PATH,
  renderPrivilegesPage,
  serveNetworkCameras,
  servePrivileges,
} from '../test/privilegesTestKit';
import { carl, self, serveMembers } from '../test/usersTestKit';

const ALL_RIGHTS = { write: true, export: true, historical: true, live: true };
const publicTag = makePrivilege(11, { scope: 'camera_tag', tag: 'public' });

function table() {
  return screen.getByRole('table', { name: 'Privileges of the member' });
}

function rowCount() {
  return within(table()).getAllByRole('row').length - 1;
}

/** Picks `option` in the select's own list (the other rows' lists hold the same names). */
async function choose(user: UserEvent, control: HTMLElement, option: string) {
  await waitFor(() => expect(control).toBeEnabled());
  await user.click(control);
  const listbox = await waitFor(() => document.getElementById(control.getAttribute('aria-controls') ?? '')!);
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

function rightsOf(number: number): boolean[] {
  return ['Write', 'Export', 'Historical video', 'Live video'].map(
    (right) => (screen.getByRole('checkbox', { name: `${right} for privilege ${number}` }) as HTMLInputElement).checked,
  );
}

describe('PrivilegesPage', () => {
  it("shows the member's privileges, each camera in its network", async () => {
    serveMembers([self, carl]);
    const asked = serveNetworkCameras();
    servePrivileges([
      makePrivilege(1, { rights: { ...LIVE_ONLY, historical: true } }),
      makePrivilege(2, { scope: 'network', network_id: 6, rights: ALL_RIGHTS }),
      makePrivilege(3, { scope: 'network_tag', tag: 'hq', rights: { ...LIVE_ONLY, live: false, export: true } }),
      makePrivilege(4, { scope: 'camera', camera_id: 3 }),
      makePrivilege(5, { scope: 'camera_tag', network_id: 5, tag: 'public' }),
    ]);
    renderPrivilegesPage(carl.id);
    expect(await screen.findByRole('heading', { name: 'Privileges of Carl Camera' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Privileges of the member' })).toBeInTheDocument();
    expect(rowCount()).toBe(5);
    const value = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
    const select = (name: string) => (screen.getByRole('combobox', { name }) as HTMLInputElement).value;
    expect([1, 2, 3, 4, 5].map((number) => select(`Scope of privilege ${number}`))).toEqual([
      'Organization',
      'Network',
      'Network tag',
      'Camera',
      'Camera tag',
    ]);
    expect(within(table()).getByText('Every network and camera of the organization')).toBeInTheDocument();
    expect(select('Network of privilege 2')).toBe('Head Office');
    expect(value('Tag of privilege 3').value).toBe('hq');
    expect(select('Network of privilege 3')).toBe('Any network');
    expect(select('Network of privilege 4')).toBe('Head Office');
    await waitFor(() => expect(select('Camera of privilege 4')).toBe('Gate'));
    expect(value('Tag of privilege 5').value).toBe('public');
    expect(select('Network of privilege 5')).toBe('Warehouse');
    expect(rightsOf(1)).toEqual([false, false, true, true]);
    expect(rightsOf(2)).toEqual([true, true, true, true]);
    expect(rightsOf(3)).toEqual([false, true, false, false]);
    // Camera 3 was looked for network by network until found (network 7 was not asked).
    expect(asked.slice(0, 2)).toEqual([5, 6]);
    expect(asked).not.toContain(7);
    expect(screen.queryByText(/No privileges/)).not.toBeInTheDocument();
  });

  it('adds a camera privilege (live only by default) and saves the whole list', async () => {
    serveMembers([self, carl]);
    serveNetworkCameras();
    const requests = servePrivileges([publicTag]);
    const { user } = renderPrivilegesPage(carl.id);
    await user.click(await screen.findByRole('button', { name: 'Add privilege' }));
    expect(rowCount()).toBe(2);
    expect(screen.getByRole('combobox', { name: 'Scope of privilege 2' })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Scope of privilege 2' })).toHaveValue('Camera');
    expect(rightsOf(2)).toEqual([false, false, false, true]);
    // The page's network first (privilegeModel.test: another network empties the camera picked).
    expect(screen.getByRole('combobox', { name: 'Network of privilege 2' })).toHaveValue('Warehouse');
    await choose(user, screen.getByRole('combobox', { name: 'Network of privilege 2' }), 'Head Office');
    await choose(user, screen.getByRole('combobox', { name: 'Camera of privilege 2' }), 'Gate');
    await user.click(screen.getByRole('checkbox', { name: 'Historical video for privilege 2' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Privileges of Carl Camera saved')).toBeInTheDocument();
    expect(requests.puts).toEqual([
      {
        url: '/n1/api/v1/organizations/10/admins/202/privileges',
        csrf: 'csrf-1',
        body: {
          privileges: [
            { scope: 'camera_tag', network_id: null, camera_id: null, tag: 'public', rights: LIVE_ONLY },
            { scope: 'camera', network_id: null, camera_id: 3, tag: null, rights: { ...LIVE_ONLY, historical: true } },
          ],
        },
      },
    ]);
    // The stored answer is shown: the camera still in its network.
    expect(rowCount()).toBe(2);
    expect(screen.getByRole('combobox', { name: 'Network of privilege 2' })).toHaveValue('Head Office');
    expect(screen.getByRole('combobox', { name: 'Camera of privilege 2' })).toHaveValue('Gate');
  });

  it('points out incomplete rows and sends nothing', async () => {
    serveMembers([self, carl]);
    serveNetworkCameras();
    const requests = servePrivileges([]);
    const { user } = renderPrivilegesPage(carl.id);
    await user.click(await screen.findByRole('button', { name: 'Add privilege' }));
    await user.click(screen.getByRole('checkbox', { name: 'Live video for privilege 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Some privileges are incomplete: see the marked rows.');
    expect(screen.getByText('Choose a camera.')).toBeInTheDocument();
    expect(screen.getByText('Tick at least one right.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Live video for privilege 1' })).toHaveAccessibleDescription(
      'Tick at least one right.',
    );

    await choose(user, screen.getByRole('combobox', { name: 'Scope of privilege 1' }), 'Network tag');
    expect(screen.getByText('Enter a tag.')).toBeInTheDocument();
    expect(screen.queryByText('Choose a camera.')).not.toBeInTheDocument();
    const tag = screen.getByRole('textbox', { name: 'Tag of privilege 1' });
    expect(tag).toHaveAttribute('aria-invalid', 'true');
    await user.click(tag);
    await user.paste('x'.repeat(256));
    expect(screen.getByText('A tag has at most 255 characters.')).toBeInTheDocument();
    expect(requests.puts).toHaveLength(0);

    // Fixed, the messages go and the row is sent (the tag trimmed).
    await user.clear(tag);
    await user.type(tag, ' dock ');
    await user.click(screen.getByRole('checkbox', { name: 'Export for privilege 1' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.puts).toHaveLength(1));
    expect(requests.puts[0].body.privileges).toEqual([
      {
        scope: 'network_tag',
        network_id: null,
        camera_id: null,
        tag: 'dock',
        rights: { ...LIVE_ONLY, live: false, export: true },
      },
    ]);
  });

  it("shows the server's 400 in an alert, names the row and keeps the rows", async () => {
    serveMembers([self, carl]);
    serveNetworkCameras();
    servePrivileges([publicTag, makePrivilege(12, { scope: 'camera', camera_id: 1 })]);
    const refused = 'privileges[1].camera_id: no such camera in this organization';
    let release: () => void = () => undefined;
    server.use(
      http.put(apiPath(PRIVILEGES_PATH), async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return apiErrors([refused], 400);
      }),
    );
    const { user } = renderPrivilegesPage(carl.id);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Camera of privilege 2' })).toHaveValue('Lobby'));
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    // While saving: Save waits and the rows cannot change.
    await waitFor(() => expect(save).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Remove privilege 1' })).toBeDisabled();
    release();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The privileges could not be saved');
    expect(alert).toHaveTextContent(refused);
    expect(alert).toHaveTextContent('The server refused privilege 2.');
    expect(save).toBeEnabled();
    expect(rowCount()).toBe(2);
  });

  it('warns that an empty list gives every right and asks before saving one', async () => {
    serveMembers([self, carl]);
    serveNetworkCameras();
    const requests = servePrivileges([publicTag]);
    const { user } = renderPrivilegesPage(carl.id);
    await user.click(await screen.findByRole('button', { name: 'Remove privilege 1' }));
    expect(screen.getByText('No privileges: this member has every right on every network.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add privilege' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give every right?' });
    expect(dialog).toHaveTextContent(
      'Save an empty list? Without privileges Carl Camera has every right on every network of the organization',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.puts).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save empty list' }));
    expect(await screen.findByText('Privileges of Carl Camera saved')).toBeInTheDocument();
    expect(requests.puts.map((put) => put.body)).toEqual([{ privileges: [] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('No privileges: this member has every right on every network.')).toBeInTheDocument();
  });

  it('says when the privileges could not be loaded, and tries again', async () => {
    serveMembers([self, carl]);
    server.use(http.get(apiPath(PRIVILEGES_PATH), () => apiErrors(['boom'], 500)));
    const { user } = renderPrivilegesPage(carl.id);
    expect(screen.getByRole('table', { name: 'Loading privileges' })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('The privileges could not be loaded')).toBeInTheDocument();
    server.use(http.get(apiPath(PRIVILEGES_PATH), () => json([publicTag])));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Tag of privilege 1' })).toHaveValue('public');
  });

  it('offers no editor for one\'s own privileges nor for someone outside the organization', async () => {
    serveMembers([self, carl]);
    const requests = servePrivileges([]);
    const own = renderPrivilegesPage(self.id);
    expect(await screen.findByText('You cannot change your own privileges.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    own.unmount();
    renderPrivilegesPage(999);
    expect(await screen.findByText('This user is not a member of the organization.')).toBeInTheDocument();
    expect(requests.gets).toHaveLength(0);
  });

  it('Cancel and the back link return to the users page', async () => {
    serveMembers([self, carl]);
    servePrivileges([publicTag]);
    const { user } = renderPrivilegesPage(carl.id);
    expect(await screen.findByRole('link', { name: 'Back to users' })).toHaveAttribute('href', '/n/5/admin/users');
    await user.click(await screen.findByRole('link', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/n\/5\/admin\/users$/);
  });
});
