import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../app/browser';
import { i18n } from '../../i18n';
import { renderWithProviders } from '../../test/renderWithProviders';
import { apiErrors, apiPath, json, server } from '../../test/server';
import { signedInState } from '../../test/state';
import { UserMenu } from './UserMenu';

function renderMenu() {
  return renderWithProviders(<UserMenu />, { preloadedState: signedInState() });
}

describe('UserMenu', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the user and switches the language to Spanish', async () => {
    const { user, store } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(screen.getByText('Ada Admin')).toBeInTheDocument();
    expect(screen.getByText('ada@acme.test')).toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Español' }));
    expect(store.getState().preferences.locale).toBe('es');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Menú de usuario' })).toBeInTheDocument());
  });

  it('opens the change-organization dialog', async () => {
    const { user, store } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change organization' }));
    expect(store.getState().shell.dialog).toBe('change-org');
  });

  it('opens the two-factor authentication dialog', async () => {
    const { user, store } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Two-factor authentication' }));
    expect(store.getState().shell.dialog).toBe('two-factor');
  });

  it('opens the feedback dialog', async () => {
    const { user, store } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send feedback' }));
    expect(store.getState().shell.dialog).toBe('feedback');
  });

  it('signs out to the single-logout address when the server gives one', async () => {
    server.use(http.get(apiPath('/login/logout'), () => json({ slo_logout_url: 'https://idp.test/slo' })));
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.test/slo'));
  });

  it('reloads after sign-out without a single-logout address, and goes to /login when sign-out fails', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());

    server.use(http.get(apiPath('/login/logout'), () => apiErrors(['down'], 500)));
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
  });
});
