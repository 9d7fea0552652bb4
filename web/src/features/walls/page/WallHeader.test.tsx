import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInState } from '../../../test/state';
import { server } from '../../../test/server';
import { makeCamera } from '../../cameras/test/fixtures';
import { type MotionRequest, motionHandler } from '../../motion-search/test/motionFixtures';
import { makeTile, makeWall, NETWORK_ID } from '../test/wallFixtures';
import type { VideoWall } from '../wallsApi';
import { WallHeader } from './WallHeader';

const NO_HISTORY = { write: false, export: true, historical: false, live: true };

function renderHeader(wall: VideoWall) {
  return renderWithProviders(<WallHeader wall={wall} />, {
    route: `/n/${NETWORK_ID}/video-walls/${wall.id}`,
    path: '/n/:networkId/video-walls/:videoWallId',
    preloadedState: signedInState(),
  });
}

/** The names of the cameras chosen in the drawer's chooser (its pills). */
function chosen() {
  const root = screen.getByRole('combobox', { name: 'Cameras' }).closest('.mantine-MultiSelect-root')!;
  return Array.from(root.querySelectorAll('.mantine-Pill-label')).map((pill) => pill.textContent);
}

describe('wall header motion search', () => {
  it('offers motion search when any camera has the historical right, for the searchable cameras only', async () => {
    const wall = makeWall(7101, 'Yard wall', [
      makeTile(makeCamera(11, { name: 'No history', permissions: NO_HISTORY })),
      makeTile(null),
      makeTile(makeCamera(12, { name: 'Yard' })),
    ]);
    const { user } = renderHeader(wall);
    const button = screen.getByRole('button', { name: 'Motion search' });
    expect(button).toHaveAttribute('aria-disabled', 'false');
    await user.click(button);
    const drawer = await screen.findByTestId('motion-search-drawer', {}, { timeout: 5000 });
    // One searchable camera: no chooser, as on the camera page.
    expect(within(drawer).getByText('Yard')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Cameras' })).not.toBeInTheDocument();
    expect(within(drawer).queryByText('No history')).not.toBeInTheDocument();
  });

  it("is disabled with 'Insufficient permissions' when no camera has the historical right", async () => {
    const wall = makeWall(7102, 'Locked', [
      makeTile(makeCamera(21, { permissions: NO_HISTORY })),
      makeTile(makeCamera(22, { permissions: NO_HISTORY })),
      makeTile(null),
    ]);
    const { user } = renderHeader(wall);
    const button = screen.getByRole('button', { name: 'Motion search' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.hover(button);
    expect(await screen.findByText('Insufficient permissions')).toBeInTheDocument();
  });

  it('allows cameras without permission data, and says so when pandora blocks every camera', async () => {
    const pandora = { pandora: { isEnabled: true } };
    const { user, unmount } = renderHeader(
      makeWall(7103, 'Pandora', [makeTile(makeCamera(31, { config: pandora })), makeTile(makeCamera(32, { config: pandora }))]),
    );
    const button = screen.getByRole('button', { name: 'Motion search' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.hover(button);
    expect(await screen.findByText('Motion search is unavailable while pandora is enabled on these cameras')).toBeInTheDocument();
    unmount();

    renderHeader(makeWall(7104, 'Old data', [makeTile(makeCamera(33, { permissions: undefined }))]));
    expect(screen.getByRole('button', { name: 'Motion search' })).toHaveAttribute('aria-disabled', 'false');
  });

  it('has no motion search on a wall without tiles', () => {
    renderHeader(makeWall(7105, 'Empty'));
    expect(screen.queryByRole('button', { name: 'Motion search' })).not.toBeInTheDocument();
  });

  it('opens the drawer with the first 4 searchable cameras in tile order chosen, and searches a chosen one', async () => {
    const log: MotionRequest[] = [];
    server.use(motionHandler([], log));
    const cameras = [1, 2, 3, 4, 5, 6].map((n) => makeCamera(40 + n, { name: `Cam ${n}` }));
    const wall = makeWall(7106, 'Big wall', [
      makeTile(makeCamera(40, { name: 'Cam 0', permissions: NO_HISTORY })),
      ...cameras.map((camera) => makeTile(camera)),
      makeTile(cameras[0]),
    ]);
    const { user } = renderHeader(wall);
    await user.click(screen.getByRole('button', { name: 'Motion search' }));
    await screen.findByTestId('motion-search-drawer', {}, { timeout: 5000 });
    expect(chosen()).toEqual(['Cam 1', 'Cam 2', 'Cam 3', 'Cam 4']);

    await user.click(screen.getByRole('combobox', { name: 'Cameras' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option', { hidden: true }).map((option) => option.textContent)).toEqual([
      'Cam 1',
      'Cam 2',
      'Cam 3',
      'Cam 4',
      'Cam 5',
      'Cam 6',
    ]);
    await user.click(within(listbox).getByRole('option', { name: 'Cam 6', hidden: true }));
    expect(await screen.findByText('A search covers at most 4 cameras')).toBeInTheDocument();
    expect(chosen()).toEqual(['Cam 1', 'Cam 2', 'Cam 3', 'Cam 4']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Camera' }), '43');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('no results found');
    expect(new Set(log.map((entry) => entry.params.get('id')))).toEqual(new Set(['43']));
    expect(log[0].params.get('id')).toBe('43');
  });
});
