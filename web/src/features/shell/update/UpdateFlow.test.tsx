import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appActions } from '../../../app/appSlice';
import { SKIP_WAITING_MESSAGE } from '../../../app/applyUpdate';
import { browser } from '../../../app/browser';
import type { VersionInfo } from '../../../app/versionInfo';
import { WHATS_NEW } from '../../../app/whatsNew';
import { DEFAULT_PREFERENCES } from '../../preferences/preferencesSlice';
import { i18n } from '../../../i18n';
import { FakeServiceWorkerContainer, installServiceWorkerContainer } from '../../../test/fakeServiceWorker';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { ShellLayout } from '../ShellLayout';

const NEW_VERSION: VersionInfo = {
  version: '0.2.0',
  build: 'b2b2b2b2b2b2',
  built_at: '2026-12-01T10:00:00.000Z',
  notes: [
    { en: 'Walls remember their layout.', es: 'Los murales recuerdan su disposición.' },
    { en: 'Exports can be renamed.', es: 'Las exportaciones se pueden renombrar.' },
  ],
};

function serveVersionInfo(answer: () => Response) {
  const requests: Request[] = [];
  server.use(
    http.get(/\/version\.json$/, ({ request }) => {
      requests.push(request);
      return answer();
    }),
  );
  return requests;
}

function renderShell({ updateAvailable = false, locale = DEFAULT_PREFERENCES.locale } = {}) {
  const state = signedInState();
  const rendered = renderWithProviders(<ShellLayout />, {
    route: '/n',
    preloadedState: { ...state, app: { ...state.app!, updateAvailable }, preferences: { ...DEFAULT_PREFERENCES, locale } },
  });
  return { ...rendered, updateButton: () => screen.queryByRole('button', { name: 'Update' }) };
}

async function openUpdateDialog(user: ReturnType<typeof renderShell>['user']) {
  await user.click(screen.getByRole('button', { name: 'Update' }));
  return screen.findByRole('dialog', { name: 'A new version of Argus is available' });
}

describe('the update flow in the shell', () => {
  let uninstall = () => {};
  afterEach(async () => {
    uninstall();
    await i18n.changeLanguage('en');
  });

  it('shows the Update button and its dot badge only once an update is available', () => {
    const { store, updateButton } = renderShell();
    expect(updateButton()).not.toBeInTheDocument();
    expect(screen.queryByTestId('update-badge')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(appActions.updateFound());
    });
    expect(updateButton()).toBeVisible();
    expect(screen.getByTestId('update-badge')).toBeInTheDocument();
  });

  it('shows the running version’s notes in the what’s-new popover, opened from the keyboard', async () => {
    const { user } = renderShell();
    screen.getByRole('button', { name: "What's new" }).focus();
    await user.keyboard('{Enter}');
    const popover = await screen.findByRole('dialog', { name: "What's new" });
    const list = within(popover).getByRole('list', { name: 'Changes in this version' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(WHATS_NEW.map((note) => note.en));
    expect(within(popover).queryByRole('button', { name: 'Get the new version' }), 'no update yet').not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: "What's new" })).not.toBeInTheDocument());
  });

  it('leads from the what’s-new popover to the update dialog when an update is available', async () => {
    const { user } = renderShell({ updateAvailable: true });
    await user.click(screen.getByRole('button', { name: "What's new" }));
    const popover = await screen.findByRole('dialog', { name: "What's new" });
    await user.click(within(popover).getByRole('button', { name: 'Get the new version' }));
    expect(await screen.findByRole('dialog', { name: 'A new version of Argus is available' })).toBeVisible();
  });

  it('Cancel and Escape close the dialog; the Update button and badge stay until the page is refreshed', async () => {
    const { user, store, updateButton } = renderShell({ updateAvailable: true });
    const dialog = await openUpdateDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updateButton()).toBeVisible();
    expect(screen.getByTestId('update-badge')).toBeInTheDocument();
    expect(store.getState().app.updateAvailable).toBe(true);

    await openUpdateDialog(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updateButton()).toBeVisible();
  });

  it('See what’s new lists the new version’s notes, read from /version.json past the cache', async () => {
    const requests = serveVersionInfo(() => HttpResponse.json(NEW_VERSION));
    const { user } = renderShell({ updateAvailable: true });
    const dialog = await openUpdateDialog(user);
    const toggle = within(dialog).getByRole('button', { name: "See what's new" });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = await within(dialog).findByRole('list', { name: 'Changes in the new version' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Walls remember their layout.',
      'Exports can be renamed.',
    ]);
    expect(within(dialog).getByText('Version 0.2.0, build b2b2b2b2b2b2')).toBeVisible();
    expect(requests).toHaveLength(1);
    expect(requests[0].cache).toBe('no-store');
  });

  it('shows the new version’s notes in Spanish when the portal is in Spanish', async () => {
    serveVersionInfo(() => HttpResponse.json(NEW_VERSION));
    const { user } = renderShell({ updateAvailable: true, locale: 'es' });
    await user.click(await screen.findByRole('button', { name: 'Actualizar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hay una nueva versión de Argus disponible' });
    await user.click(within(dialog).getByRole('button', { name: 'Ver novedades' }));
    const list = await within(dialog).findByRole('list', { name: 'Cambios de la nueva versión' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Los murales recuerdan su disposición.');
  });

  it('says clearly when the notes cannot be loaded, and tries again', async () => {
    let fail = true;
    serveVersionInfo(() => (fail ? new HttpResponse('down', { status: 503 }) : HttpResponse.json(NEW_VERSION)));
    const { user } = renderShell({ updateAvailable: true });
    const dialog = await openUpdateDialog(user);
    await user.click(within(dialog).getByRole('button', { name: "See what's new" }));
    expect(
      await within(dialog).findByText("Could not load what's new. You can still refresh the page to get the new version."),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Refresh page' })).toBeEnabled();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('list', { name: 'Changes in the new version' })).toBeVisible();
  });

  it('Refresh page tells the waiting worker to take over and reloads once it controls the page', async () => {
    const container = new FakeServiceWorkerContainer();
    container.registration.startInstalling();
    container.registration.finishInstalling();
    uninstall = installServiceWorkerContainer(container);
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const { user } = renderShell({ updateAvailable: true });
    const dialog = await openUpdateDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Refresh page' }));
    await waitFor(() => expect(container.registration.waiting!.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE));
    expect(reload).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' }), 'no way back while installing').toBeDisabled();
    act(() => {
      container.dispatchEvent(new Event('controllerchange'));
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
