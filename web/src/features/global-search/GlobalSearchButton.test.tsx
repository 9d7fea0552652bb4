import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { wallsChunk } from '../../app/pageChunks';
import { AppRoutes } from '../../app/routes';
import { viewerUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInState } from '../../test/state';
import { GlobalSearchButton } from './GlobalSearchButton';
import { LOBBY_RESULTS, serveSearch } from './test/globalSearchTestKit';

const INPUT_NAME = 'Search cameras, video walls and exports';
const BUTTON_NAME = 'Search cameras, video walls and exports';

function renderButton() {
  return renderWithProviders(
    <>
      <GlobalSearchButton />
      <input aria-label="Other field" />
    </>,
    { route: '/n/5/cameras/11', preloadedState: signedInState() },
  );
}

describe('GlobalSearchButton', () => {
  // The dialog's chunk, loaded once before the tests (a loaded machine can take seconds for the first import).
  beforeAll(() => import('./GlobalSearchDialog'));

  it('opens the search dialog (its own chunk) focused on the input; Escape closes it and gives the focus back', async () => {
    serveSearch(() => LOBBY_RESULTS);
    const { user } = renderButton();
    const button = screen.getByRole('button', { name: BUTTON_NAME });
    expect(button).toHaveAttribute('aria-keyshortcuts', '/ Control+K Meta+K');
    await user.click(button);
    const input = await screen.findByRole('combobox', { name: INPUT_NAME });
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveFocus());
    fireEvent.change(input, { target: { value: 'lobby' } });
    expect(await screen.findByRole('option', { name: /Lobby incident/ })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it("opens on '/' outside text fields, not while typing in one", async () => {
    const { user } = renderButton();
    await user.click(screen.getByRole('textbox', { name: 'Other field' }));
    await user.keyboard('/');
    expect(screen.getByRole('textbox', { name: 'Other field' })).toHaveValue('/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.keyDown(document.body, { key: '/' });
    expect(await screen.findByRole('combobox', { name: INPUT_NAME })).toBeInTheDocument();
  });

  it('opens on Ctrl+K and ⌘K, also from a text field', async () => {
    const { user } = renderButton();
    await user.click(screen.getByRole('textbox', { name: 'Other field' }));
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('combobox', { name: INPUT_NAME })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Other field' })).toHaveValue('');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.keyDown(document.body, { key: 'k', metaKey: true });
    expect(await screen.findByRole('combobox', { name: INPUT_NAME })).toBeInTheDocument();
  });

  it("is in the shell's header on every page", async () => {
    renderWithProviders(<AppRoutes />, { route: '/n/7/video-walls', preloadedState: signedInState(viewerUser) });
    expect(await screen.findByRole('button', { name: BUTTON_NAME })).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(await screen.findByRole('combobox', { name: INPUT_NAME })).toBeInTheDocument();
    // The walls page's chunk (the route's) must be in before the file's environment goes: an import still under way
    // then fails the run with an EnvironmentTeardownError (the clean-clone CI saw it).
    await wallsChunk.load();
  });
});
