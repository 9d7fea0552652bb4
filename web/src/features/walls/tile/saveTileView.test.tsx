import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, permissionsFor, viewerUser } from '../../../test/fixtures';
import { apiErrors, json, server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { camerasHandler } from '../../cameras/test/fixtures';
import { renderWallArea } from '../test/renderWallArea';
import { liveCamera, makeTile, makeWall, NETWORK_ID, wallsPath } from '../test/wallFixtures';
import type { VideoWall, WallTile } from '../wallsApi';
import { sameTileView, tileKey, tilesWithView } from './tileViewModel';

// jsdom has no media pipeline (nor WebGL: DewarpCanvas shows the raw video with its badge); the state and the requests
// are what is tested here.
vi.mock('../../viewer/player/VideoPlayer', () => ({ VideoPlayer: () => null }));

const lobby = liveCamera(1, 'Lobby');
const atrium = liveCamera(5, 'Atrium', { type: 'fisheye' });
const hall = liveCamera(6, 'Hall', { type: 'fisheye' });
const WALL_ID = 7010;
const CEILING_PHI = 0.75 * Math.PI;

function wallWithTiles(): VideoWall {
  return makeWall(WALL_ID, 'Atrium wall', [
    makeTile(lobby, { x: 0, y: 0 }),
    makeTile(atrium, { x: 7, y: 0 }),
    { ...makeTile(hall, { x: 14, y: 0, phi: 2.5 }), theta: 1, fov: 50 },
  ]);
}

const writer = () => signedInState(adminUser, { [NETWORK_ID]: permissionsFor(NETWORK_ID, { write: true }) });

/** The server: GET answers the stored wall; PUT records the body and stores the tiles with new ids, as the server does. */
function wallServer(initial: VideoWall, put?: Parameters<typeof http.put>[1]) {
  let stored = initial;
  const bodies: unknown[] = [];
  let nextId = 500;
  server.use(
    camerasHandler([lobby, atrium, hall]),
    http.get(wallsPath, () => json([stored])),
    http.put(
      wallsPath,
      put ??
        (async ({ request }) => {
          const body = (await request.json()) as { name: string; tiles: Record<string, unknown>[] };
          bodies.push(body);
          const angle = (value: unknown) => (value == null ? null : Number(value));
          const tiles: WallTile[] = body.tiles.map((tile, index) => ({
            ...stored.tiles[index],
            id: (nextId += 1),
            phi: angle(tile.phi),
            theta: angle(tile.theta),
            fov: angle(tile.fov),
          }));
          stored = { ...stored, name: body.name, tiles };
          return json(stored);
        }),
    ),
  );
  return { bodies, stored: () => stored };
}

async function tileOf(cameraId: number): Promise<HTMLElement> {
  const tiles = await screen.findAllByTestId('wall-tile', {}, { timeout: 5000 });
  const tile = tiles.find((element) => element.getAttribute('data-camera-id') === String(cameraId));
  if (!tile) throw new Error(`no tile of camera ${cameraId}`);
  return tile;
}

/** Focus shows the overlay (keyboard users); the buttons are then inside the tile. */
async function focusTile(cameraId: number): Promise<HTMLElement> {
  const tile = await tileOf(cameraId);
  act(() => tile.focus());
  await within(tile).findByTestId('wall-tile-overlay');
  return tile;
}

const saveButton = (tile: HTMLElement) => within(tile).queryByRole('button', { name: 'Save view on wall' });

afterEach(() => notifications.clean());

describe("tile view helpers", () => {
  it('keys a tile by place and channel, and changes one tile only', () => {
    const wall = wallWithTiles();
    expect(tileKey(wall.tiles[1])).toBe('7:0:50');
    const changed = tilesWithView(wall.tiles, wall.tiles[1].id, { phi: 2, theta: 0.5, fov: 40 });
    expect(changed[0]).toBe(wall.tiles[0]);
    expect(changed[2]).toBe(wall.tiles[2]);
    expect(changed[1]).toMatchObject({ phi: 2, theta: 0.5, fov: 40 });
    expect(tilesWithView(wall.tiles, wall.tiles[2].id, null)[2]).toMatchObject({ phi: null, theta: null, fov: null });
    expect(sameTileView({ phi: 2, theta: -Math.PI / 2, fov: 40 }, { phi: 2, theta: 1.5 * Math.PI, fov: 40 })).toBe(true);
    expect(sameTileView(null, { phi: 2, theta: 0, fov: 40 })).toBe(false);
  });
});

describe("wall view — 'Save view on wall'", () => {
  it('saves the dewarp toggle: PUT with every tile unchanged but this one, then follows the refetched tile', async () => {
    const { bodies } = wallServer(wallWithTiles());
    const { user } = renderWallArea(`/n/${NETWORK_ID}/video-walls/${WALL_ID}`, writer());
    const tile = await focusTile(atrium.id);
    const oldId = tile.getAttribute('data-tile-id');
    expect(tile).toHaveAttribute('data-view', 'raw');
    expect(saveButton(tile)).not.toBeInTheDocument();

    await user.click(within(tile).getByTestId('wall-tile-dewarp-toggle'));
    expect(tile).toHaveAttribute('data-view', `${CEILING_PHI.toFixed(3)},0.000,60.000`);
    expect(tile).toHaveAttribute('data-view-changed', 'true');
    // Back to the stored state: nothing to save.
    await user.click(within(tile).getByTestId('wall-tile-dewarp-toggle'));
    expect(saveButton(tile)).not.toBeInTheDocument();
    await user.click(within(tile).getByTestId('wall-tile-dewarp-toggle'));
    await user.click(saveButton(tile)!);

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      id: WALL_ID,
      name: 'Atrium wall',
      tiles: [
        { x: 0, y: 0, w: 7, h: 7, video_channel_id: 10, imager_id: null, theta: null, phi: null, fov: null },
        { x: 7, y: 0, w: 7, h: 7, video_channel_id: 50, imager_id: null, theta: '0', phi: String(CEILING_PHI), fov: '60' },
        { x: 14, y: 0, w: 7, h: 7, video_channel_id: 60, imager_id: null, theta: '1', phi: '2.5', fov: '50' },
      ],
    });
    expect(await screen.findByText('View saved on Atrium wall')).toBeInTheDocument();

    // The refetch brings new tile ids: the same tile (same element: player, focus and view kept) shows the saved view.
    await waitFor(() => expect(tile).not.toHaveAttribute('data-tile-id', oldId));
    expect(await tileOf(atrium.id)).toBe(tile);
    expect(tile).toHaveAttribute('data-view', `${CEILING_PHI.toFixed(3)},0.000,60.000`);
    expect(tile).toHaveAttribute('data-view-changed', 'false');
    expect(saveButton(tile)).not.toBeInTheDocument();
    expect(within(tile).getByTestId('wall-tile-dewarp-toggle')).toHaveAttribute('aria-pressed', 'true');
  });

  it('saves a preset chosen in the view selector, keyboard only', async () => {
    const { bodies } = wallServer(wallWithTiles());
    const { user } = renderWallArea(`/n/${NETWORK_ID}/video-walls/${WALL_ID}`, writer());
    const tile = await focusTile(hall.id);
    expect(tile).toHaveAttribute('data-view', '2.500,1.000,50.000');
    await user.click(within(tile).getByTestId('wall-tile-dewarp-views'));
    await user.click(await screen.findByTestId('dewarp-preset-ceiling-90'));
    await waitFor(() => expect(screen.queryByTestId('dewarp-presets')).not.toBeInTheDocument());
    act(() => tile.focus());
    const save = await within(tile).findByRole('button', { name: 'Save view on wall' });
    act(() => save.focus());
    await user.keyboard('{Enter}');

    await waitFor(() => expect(bodies).toHaveLength(1));
    const sent = (bodies[0] as { tiles: Record<string, unknown>[] }).tiles;
    expect(sent[0]).toMatchObject({ video_channel_id: 10, phi: null, theta: null, fov: null });
    expect(sent[1]).toMatchObject({ video_channel_id: 50, phi: null, theta: null, fov: null });
    expect(sent[2]).toMatchObject({
      x: 14,
      video_channel_id: 60,
      phi: String(CEILING_PHI),
      theta: String(Math.PI / 2),
      fov: '60',
    });
    await waitFor(() => expect(tile).toHaveAttribute('data-view-changed', 'false'));
  });

  it('saves the raw picture (the full view) as phi/theta/fov null', async () => {
    const { bodies } = wallServer(wallWithTiles());
    const { user } = renderWallArea(`/n/${NETWORK_ID}/video-walls/${WALL_ID}`, writer());
    const tile = await focusTile(hall.id);
    await user.click(within(tile).getByTestId('wall-tile-dewarp-toggle'));
    expect(tile).toHaveAttribute('data-view', 'raw');
    await user.click(saveButton(tile)!);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { tiles: unknown[] }).tiles[2]).toMatchObject({ phi: null, theta: null, fov: null });
  });

  it('keeps the view and shows the server errors when the save fails', async () => {
    const put = vi.fn(() => apiErrors(['Unable to complete action, please check your permission'], 403));
    const { stored } = wallServer(wallWithTiles(), put);
    const { user } = renderWallArea(`/n/${NETWORK_ID}/video-walls/${WALL_ID}`, writer());
    const tile = await focusTile(atrium.id);
    const id = tile.getAttribute('data-tile-id');
    await user.click(within(tile).getByTestId('wall-tile-dewarp-toggle'));
    await user.click(saveButton(tile)!);

    expect(await screen.findByText('Unable to complete action')).toBeInTheDocument();
    expect(screen.getByText('Unable to complete action, please check your permission')).toBeInTheDocument();
    expect(put).toHaveBeenCalledTimes(1);
    expect(tile).toHaveAttribute('data-view', `${CEILING_PHI.toFixed(3)},0.000,60.000`);
    expect(tile).toHaveAttribute('data-view-changed', 'true');
    expect(tile).toHaveAttribute('data-tile-id', id);
    expect(saveButton(tile)).toBeInTheDocument();
    expect(stored().tiles[1].phi).toBeNull();
  });

  it('is not offered to a user who may not edit walls, whose view change lasts for the session', async () => {
    const { bodies } = wallServer(wallWithTiles());
    const { user } = renderWallArea(`/n/${NETWORK_ID}/video-walls/${WALL_ID}`, signedInState(viewerUser));
    const tile = await focusTile(atrium.id);
    await user.click(within(tile).getByTestId('wall-tile-dewarp-toggle'));
    expect(tile).toHaveAttribute('data-view', `${CEILING_PHI.toFixed(3)},0.000,60.000`);
    expect(tile).toHaveAttribute('data-view-changed', 'true');
    expect(saveButton(tile)).not.toBeInTheDocument();
    expect(within(tile).queryByTestId('wall-tile-save-view')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('is not shown on a non-fisheye tile', async () => {
    wallServer(wallWithTiles());
    renderWallArea(`/n/${NETWORK_ID}/video-walls/${WALL_ID}`, writer());
    const tile = await focusTile(lobby.id);
    expect(within(tile).queryByTestId('wall-tile-dewarp-toggle')).not.toBeInTheDocument();
    expect(saveButton(tile)).not.toBeInTheDocument();
    expect(tile).not.toHaveAttribute('data-view');
  });
});
