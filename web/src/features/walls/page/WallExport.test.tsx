import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import { makeCamera } from '../../cameras/test/fixtures';
import { exportsState, jobDataHandler, NETWORK_ID } from '../../exports/test/exportFixtures';
import { freezeDate } from '../../exports/test/renderExportsPage';
import { liveCamera, makeTile, makeWall } from '../test/wallFixtures';
import type { VideoWall } from '../wallsApi';
import { WALL_EXPORTS_DRAWER_WIDTH_PX } from '../tile/exportChecks';
import { WallView } from './WallView';

// jsdom has no media pipeline.
vi.mock('../../viewer/player/VideoPlayer', () => ({ VideoPlayer: () => null }));

const NO_EXPORT = { write: false, export: false, historical: true, live: true };
const lobby = liveCamera(1, 'Lobby');
const dock = liveCamera(2, 'Dock', { network_id: 6 });
const vault = liveCamera(3, 'Vault', { permissions: NO_EXPORT });
const yard = makeWall(7401, 'Yard', [makeTile(lobby, { x: 0 }), makeTile(dock, { x: 7 }), makeTile(vault, { x: 14 })]);

function renderWall(wall: VideoWall) {
  return renderWithProviders(<WallView wall={wall} />, {
    route: `/n/${NETWORK_ID}/video-walls/${wall.id}`,
    path: '/n/:networkId/video-walls/:videoWallId',
    preloadedState: exportsState(),
  });
}

const tile = (cameraId: number) =>
  document.querySelector<HTMLElement>(`[data-testid="wall-tile"][data-camera-id="${cameraId}"]`)!;
const exportButton = () => screen.getByRole('button', { name: 'Export' });

beforeEach(() => {
  freezeDate();
  server.use(jobDataHandler(() => []));
});
afterEach(() => vi.useRealTimers());

describe("wall header 'Export' (spec 03 §2, §6)", () => {
  it('opens the wall exports drawer when any camera has the export right', async () => {
    const { user } = renderWall(makeWall(7402, 'Mixed', [makeTile(vault), makeTile(lobby, { x: 7 })]));
    expect(exportButton()).toHaveAttribute('aria-disabled', 'false');
    await user.click(exportButton());
    const drawer = await screen.findByTestId('wall-exports-drawer', {}, { timeout: 5000 });
    expect(drawer).toHaveAttribute('data-drawer', 'EXPORTS_VIDEO_WALL');
    expect(within(drawer).getByText('Tile 2 · Lobby')).toBeInTheDocument();
  });

  it('makes room for the drawer while it is open, so no tile (nor its checkbox) is under it', async () => {
    const { user } = renderWall(yard);
    const view = screen.getByTestId('wall-view');
    expect(view.style.paddingRight).toBe('');
    await user.click(exportButton());
    await screen.findByTestId('wall-exports-drawer', {}, { timeout: 5000 });
    await waitFor(() => expect(view.style.paddingRight).toBe(`${WALL_EXPORTS_DRAWER_WIDTH_PX}px`));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(view.style.paddingRight).toBe(''));
  });

  it("is disabled with 'Insufficient permissions' without a camera with the export right", async () => {
    const { user, unmount } = renderWall(makeWall(7403, 'Locked', [makeTile(vault), makeTile(null, { x: 7 })]));
    expect(exportButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(exportButton());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.hover(exportButton());
    expect(await screen.findByText('Insufficient permissions')).toBeInTheDocument();
    unmount();
    renderWall(makeWall(7404, 'Hidden', [makeTile(null)]));
    expect(exportButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it('is allowed for cameras without permission data, and absent on a wall without tiles', () => {
    const { unmount } = renderWall(makeWall(7405, 'Old data', [makeTile(makeCamera(5, { permissions: undefined }))]));
    expect(exportButton()).toHaveAttribute('aria-disabled', 'false');
    unmount();
    renderWall(makeWall(7406, 'Empty'));
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });
});

describe('tile checkboxes while the wall exports drawer is open (spec 03 §2)', () => {
  it("mirror each entry's selection both ways, and leave with the drawer", async () => {
    const { user } = renderWall(yard);
    expect(screen.queryByTestId('wall-tile-export-check')).not.toBeInTheDocument();
    await user.click(exportButton());
    const drawer = await screen.findByTestId('wall-exports-drawer', {}, { timeout: 5000 });
    const lobbyCheck = within(tile(1)).getByRole('checkbox', { name: 'Select Lobby for export' });
    const dockCheck = within(tile(2)).getByRole('checkbox', { name: 'Select Dock for export' });
    const vaultCheck = within(tile(3)).getByRole('checkbox', { name: 'Select Vault for export' });
    expect([lobbyCheck, dockCheck].map((box) => (box as HTMLInputElement).checked)).toEqual([true, true]);
    expect(vaultCheck).toBeDisabled();
    expect(vaultCheck).toHaveAttribute('title', 'Insufficient permissions');

    // A tile deselects its entry; the drawer's checkbox deselects the tile.
    await user.click(dockCheck);
    expect(within(drawer).getByRole('checkbox', { name: 'Select Tile 2 · Dock' })).not.toBeChecked();
    await user.click(within(drawer).getByRole('checkbox', { name: 'Select Tile 1 · Lobby' }));
    expect(lobbyCheck).not.toBeChecked();
    await user.click(within(drawer).getByRole('button', { name: 'Select all' }));
    expect(lobbyCheck).toBeChecked();
    expect(dockCheck).toBeChecked();

    // A removed entry's tile is unchecked; checking it puts the entry back, selected.
    await user.click(within(drawer).getByRole('button', { name: 'Remove Tile 2 · Dock' }));
    expect(dockCheck).not.toBeChecked();
    expect(screen.queryByTestId('wall-export-entry-2')).not.toBeInTheDocument();
    await user.click(dockCheck);
    const dockEntry = screen.getByTestId('wall-export-entry-2');
    expect(within(dockEntry).getByRole('checkbox', { name: 'Select Tile 2 · Dock' })).toBeChecked();

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('wall-tile-export-check')).not.toBeInTheDocument());
    // Opened again: the same choices.
    await user.click(exportButton());
    expect(await within(tile(2)).findByRole('checkbox', { name: 'Select Dock for export' })).toBeChecked();
  });
});
