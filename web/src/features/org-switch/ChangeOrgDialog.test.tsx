import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../app/browser';
import { renderWithProviders } from '../../test/renderWithProviders';
import { apiErrors, apiPath, json, server } from '../../test/server';
import { signedInState } from '../../test/state';
import { ChangeOrgDialog } from './ChangeOrgDialog';

function renderDialog(onClose = vi.fn()) {
  const view = renderWithProviders(<ChangeOrgDialog opened onClose={onClose} />, {
    route: '/n/5/cameras',
    preloadedState: signedInState(),
  });
  return { ...view, onClose };
}

describe('ChangeOrgDialog', () => {
  it('lists organizations sorted by name with the current one ticked, filtered by search', async () => {
    const { user } = renderDialog();
    expect(screen.getByText('Loading organizations...')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Organizations' });
    const names = within(list)
      .getAllByRole('button')
      .map((item) => item.textContent);
    expect(names).toEqual(['Acme Security', 'Beta Retail', 'gamma Logistics']);
    expect(within(list).getByRole('button', { name: /Acme Security/ })).toHaveAttribute('aria-current', 'true');
    expect(within(list).getByLabelText('Current organization')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search organizations'), 'GAMMA');
    expect(within(list).getAllByRole('button').map((item) => item.textContent)).toEqual(['gamma Logistics']);
    await user.clear(screen.getByLabelText('Search organizations'));
    await user.type(screen.getByLabelText('Search organizations'), 'zzz');
    expect(screen.getByText('No organizations match your search.')).toBeInTheDocument();
  });

  it('switches with PUT change_org, locked meanwhile, then loads the root with the org query', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    let body: unknown;
    server.use(
      http.put(apiPath('/vision/change_org'), async ({ request }) => {
        body = await request.json();
        await delay(50);
        return json({ success: true, organization: { id: 11, eid: 'org-beta', name: 'Beta Retail', shard_id: 2 } });
      }),
    );
    const { user, onClose } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Beta Retail' }));
    expect(await screen.findByText('Changing organization...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/?orgEid=org-beta&orgId=11&shardId=2'));
    expect(body).toEqual({ org_eid: 'org-beta' });
  });

  it('choosing the current organization goes to /n', async () => {
    const { user, onClose } = renderDialog();
    await user.click(await screen.findByRole('button', { name: /Acme Security/ }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/n$/);
  });

  it('shows the in-dialog error and a warning toast when the switch fails', async () => {
    server.use(http.put(apiPath('/vision/change_org'), () => apiErrors(['nope'], 403)));
    const { user, store } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Beta Retail' }));
    expect(await screen.findByText('An error occurred while switching organizations.')).toBeInTheDocument();
    expect(await screen.findByText('Switching organizations failed. Please try again.')).toBeInTheDocument();
    expect(store.getState().auth.orgSwitchError).toBe('nope');
    expect(screen.getByRole('button', { name: 'Beta Retail' })).toBeEnabled();
  });

  it('says so when the organizations cannot be loaded', async () => {
    server.use(http.get(apiPath('/vision/organizations'), () => apiErrors(['down'], 500)));
    renderDialog();
    expect(await screen.findByText('Could not load organizations for user.')).toBeInTheDocument();
  });
});
