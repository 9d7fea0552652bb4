import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { json, server } from '../../../test/server';
import { camerasHandler, makeCamera } from '../../cameras/test/fixtures';
import {
  liveCamera,
  makeTile,
  makeWall,
  NETWORK_ID,
  ORG_ID,
  wallsErrorHandler,
  wallsHandler,
  wallsPath,
} from '../test/wallFixtures';
import { renderWallArea } from '../test/renderWallArea';
import { lastViewedWallKey } from '../model/lastViewedWall';

// jsdom has no media pipeline: the player only reports which live URL each tile asked for.
const played = vi.hoisted(() => ({ urls: [] as string[] }));
vi.mock('../../viewer/player/VideoPlayer', () => ({
  VideoPlayer: (props: { source: { url: string } }) => {
    played.urls.push(props.source.url);
    return null;
  },
}));

const lobby = liveCamera(1, 'Lobby');
const desk = liveCamera(2, 'Desk');
const parking = liveCamera(3, 'Parking', { status: 'offline' });
const hidden = makeCamera(4, { name: 'Secret vault', permissions: { live: false, historical: false, export: false, write: false } });

const front = makeWall(7001, 'Front of house', [
  makeTile(lobby, { x: 0, y: 0 }),
  makeTile(desk, { x: 7, y: 0 }),
  makeTile(parking, { x: 14, y: 0 }),
  makeTile(hidden, { x: 21, y: 0 }),
]);
const docks = makeWall(7002, 'Loading docks', [makeTile(desk, { x: 0, y: 0, w: 14, h: 14, phi: 2.35 })]);
const untitled = makeWall(7005, '', [makeTile(lobby)]);
const entrances = makeWall(7003, 'Entrances', [makeTile(lobby), makeTile(liveCamera(9, 'Gate', { network_id: 6 }), { x: 7 })], {
  is_cross_network: true,
});

const location = () => screen.getByTestId('location');
const wallHeading = (name: string) => screen.findByRole('heading', { name }, { timeout: 5000 });

describe('wall routes', () => {
  it('the index goes to the last viewed wall of this organization and network', async () => {
    window.localStorage.setItem(lastViewedWallKey(ORG_ID, NETWORK_ID), '7002');
    server.use(wallsHandler([front, docks]));
    renderWallArea(`/n/${NETWORK_ID}/video-walls`);
    expect(await wallHeading('Loading docks')).toBeInTheDocument();
    expect(location()).toHaveTextContent(`/n/${NETWORK_ID}/video-walls/7002`);
  });

  it('the index forgets a stale last viewed wall and goes to the first wall', async () => {
    window.localStorage.setItem(lastViewedWallKey(ORG_ID, NETWORK_ID), '999');
    server.use(wallsHandler([front, docks]));
    renderWallArea(`/n/${NETWORK_ID}/video-walls`);
    expect(await wallHeading('Front of house')).toBeInTheDocument();
    expect(location()).toHaveTextContent(`/n/${NETWORK_ID}/video-walls/7001`);
    // The wall page remembers the wall it shows.
    expect(window.localStorage.getItem(lastViewedWallKey(ORG_ID, NETWORK_ID))).toBe('7001');
  });

  it('an unknown wall goes back to the wall list, which goes to the first wall (no loop)', async () => {
    window.localStorage.setItem(lastViewedWallKey(ORG_ID, NETWORK_ID), '404');
    server.use(wallsHandler([docks, front]));
    renderWallArea(`/n/${NETWORK_ID}/video-walls/404`);
    expect(await wallHeading('Loading docks')).toBeInTheDocument();
    expect(location()).toHaveTextContent(`/n/${NETWORK_ID}/video-walls/7002`);
  });

  it('without walls it says that walls are made in the wall editor', async () => {
    server.use(wallsHandler([]));
    renderWallArea(`/n/${NETWORK_ID}/video-walls`);
    const prompt = await screen.findByTestId('create-wall-prompt', {}, { timeout: 5000 });
    expect(within(prompt).getByRole('heading', { name: 'No video walls yet' })).toBeInTheDocument();
    expect(within(prompt).getByText(/created in the wall editor/)).toBeInTheDocument();
    expect(location()).toHaveTextContent(new RegExp(`^/n/${NETWORK_ID}/video-walls$`));
  });

  it("shows 'Loading walls...' while the list loads", async () => {
    server.use(
      http.get(wallsPath, async () => {
        await delay('infinite');
        return json([]);
      }),
    );
    renderWallArea(`/n/${NETWORK_ID}/video-walls/7001`);
    expect(await screen.findByText('Loading walls...', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the page error with a reload button when the list fails', async () => {
    server.use(wallsErrorHandler());
    renderWallArea(`/n/${NETWORK_ID}/video-walls`);
    expect(await screen.findByText('Something went wrong', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Please reload the page or try again later')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it("a wall in the cameras area; an unknown one is 'Video wall not found'", async () => {
    server.use(wallsHandler([front]));
    const { unmount } = renderWallArea(`/n/${NETWORK_ID}/cameras/walls/7001?edit=true`);
    expect(await wallHeading('Front of house')).toBeInTheDocument();
    expect(screen.getAllByTestId('wall-tile')).toHaveLength(4);
    unmount();
    renderWallArea(`/n/${NETWORK_ID}/cameras/walls/404`);
    expect(await screen.findByText('Video wall not found')).toBeInTheDocument();
  });
});

describe('wall page', () => {
  it('places the tiles and plays each live camera on its sub-stream, muted', async () => {
    played.urls = [];
    server.use(wallsHandler([front]));
    renderWallArea(`/n/${NETWORK_ID}/video-walls/7001`);
    await wallHeading('Front of house');
    const tiles = screen.getAllByTestId('wall-tile');
    expect(tiles.map((tile) => tile.dataset.cameraId)).toEqual(['1', '2', '3', '4']);
    expect(tiles.map((tile) => tile.dataset.state)).toEqual(['live', 'live', 'offline', 'no-permission']);
    expect(tiles[1]).toHaveStyle({ gridColumn: '8 / span 7', gridRow: '1 / span 7' });
    const videos = screen.getAllByTestId('wall-tile-video') as HTMLVideoElement[];
    expect(videos).toHaveLength(2);
    expect(videos.every((video) => video.muted)).toBe(true);
    expect(played.urls).toContain('/n1/cameras/1/live/sub/index.m3u8');
    expect(played.urls).toContain('/n1/cameras/2/live/sub/index.m3u8');
  });

  it("shows 'Offline' for an offline camera and never names a camera the user may not watch", async () => {
    server.use(wallsHandler([front]));
    renderWallArea(`/n/${NETWORK_ID}/video-walls/7001`);
    await wallHeading('Front of house');
    const [, , offline, noPermission] = screen.getAllByTestId('wall-tile');
    expect(within(offline).getByText('Offline')).toBeInTheDocument();
    expect(within(noPermission).getByText('You do not have permission to view this camera')).toBeInTheDocument();
    expect(screen.queryByText('Secret vault')).not.toBeInTheDocument();
    fireEvent.pointerEnter(noPermission);
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(within(noPermission).queryByRole('link')).not.toBeInTheDocument();
  });

  it("takes the cameras' status from the camera list (a camera back online plays)", async () => {
    server.use(wallsHandler([front]), camerasHandler([lobby, desk, { ...parking, status: 'active' }]));
    renderWallArea(`/n/${NETWORK_ID}/video-walls/7001`);
    await wallHeading('Front of house');
    await waitFor(() => expect(screen.getAllByTestId('wall-tile')[2]).toHaveAttribute('data-state', 'live'));
    expect(screen.getAllByTestId('wall-tile-video')).toHaveLength(3);
  });

  it('shows the camera link on hover after the delay, and peeks on the main stream', async () => {
    played.urls = [];
    server.use(wallsHandler([front]));
    const { user } = renderWallArea(`/n/${NETWORK_ID}/video-walls/7001`);
    await wallHeading('Front of house');
    const first = screen.getAllByTestId('wall-tile')[0];
    fireEvent.pointerEnter(first);
    expect(within(first).queryByRole('link')).not.toBeInTheDocument();
    const link = await within(first).findByRole('link', { name: 'Lobby' });
    expect(link).toHaveAttribute('href', `/n/${NETWORK_ID}/cameras/1`);

    await user.click(within(first).getByRole('button', { name: 'Enlarge tile' }));
    expect(first).toHaveAttribute('data-peeked', 'true');
    await waitFor(() => expect(played.urls).toContain('/n1/cameras/1/live/main/index.m3u8'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(first).toHaveAttribute('data-peeked', 'false'));
  });

  it("plays a tile's imager of a multi-imager camera: its sub-stream in the grid, its main stream peeked", async () => {
    played.urls = [];
    const parkingNorth = liveCamera(8, 'Parking Lot North', { type: 'multi_imager', imager_count: 4 });
    const imagerTwo = makeTile(parkingNorth, { imager_id: 2 });
    const imagers = makeWall(7006, 'Imagers', [imagerTwo, makeTile(parkingNorth, { x: 7 })]);
    server.use(wallsHandler([imagers]));
    const { user } = renderWallArea(`/n/${NETWORK_ID}/video-walls/7006`);
    await wallHeading('Imagers');
    const [imagerTwoTile] = screen.getAllByTestId('wall-tile');
    expect(imagerTwoTile).toHaveAttribute('data-imager-id', '2');
    expect(played.urls).toContain('/n1/cameras/8/live/sub-imager2/index.m3u8');
    // Imager 0 (no imager_id) plays the channel's streams, as any camera.
    expect(played.urls).toContain('/n1/cameras/8/live/sub/index.m3u8');

    act(() => imagerTwoTile.focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(played.urls).toContain('/n1/cameras/8/live/main-imager2/index.m3u8'));
  });

  it('peeks a focused tile with Enter and closes it with the button again', async () => {
    server.use(wallsHandler([front]));
    const { user } = renderWallArea(`/n/${NETWORK_ID}/video-walls/7001`);
    await wallHeading('Front of house');
    const second = screen.getAllByTestId('wall-tile')[1];
    act(() => second.focus());
    await user.keyboard('{Enter}');
    expect(second).toHaveAttribute('data-peeked', 'true');
    await user.click(within(second).getByRole('button', { name: 'Close enlarged tile' }));
    await waitFor(() => expect(second).toHaveAttribute('data-peeked', 'false'));
  });

  it("names an untitled wall 'Untitled wall' and marks dewarped tiles", async () => {
    server.use(wallsHandler([docks, untitled]));
    const { user } = renderWallArea(`/n/${NETWORK_ID}/video-walls/7005`);
    expect(await wallHeading('Untitled wall')).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Walls' })).getByRole('link', { name: 'Loading docks' }));
    expect(await wallHeading('Loading docks')).toBeInTheDocument();
    expect(within(screen.getByTestId('wall-tile')).getByText('Dewarped view')).toBeInTheDocument();
  });

  it('copies the wall address on Share and confirms with a toast', async () => {
    server.use(wallsHandler([front]));
    const { user } = renderWallArea(`/n/${NETWORK_ID}/video-walls/7001`);
    await wallHeading('Front of house');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(window.location.href);
  });
});

describe('wall sidebar', () => {
  it('filters the wall list by name and highlights the current wall', async () => {
    server.use(wallsHandler([docks, front, untitled]));
    const { user } = renderWallArea(`/n/${NETWORK_ID}/video-walls/7001`);
    await wallHeading('Front of house');
    const list = screen.getByRole('navigation', { name: 'Walls' });
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Loading docks',
      'Front of house',
      'Untitled wall',
    ]);
    expect(within(list).getByRole('link', { name: 'Front of house' })).toHaveAttribute('aria-current', 'page');
    await user.type(screen.getByRole('textbox', { name: 'Search walls' }), 'DOCK');
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['Loading docks']);
    await user.clear(screen.getByRole('textbox', { name: 'Search walls' }));
    await user.type(screen.getByRole('textbox', { name: 'Search walls' }), 'nothing');
    expect(within(list).getByText('No walls found')).toBeInTheDocument();
  });

  it('disables a tab without walls, with its tooltip', async () => {
    server.use(wallsHandler([front, docks]));
    const { user } = renderWallArea(`/n/${NETWORK_ID}/video-walls/7001`);
    await wallHeading('Front of house');
    expect(screen.getByRole('tab', { name: 'Single network' })).toHaveAttribute('aria-selected', 'true');
    const multi = screen.getByRole('tab', { name: 'Multi-network (beta)' });
    expect(multi).toBeDisabled();
    await user.hover(screen.getByTestId('wall-tab-multi-wrapper'));
    expect(await screen.findByText('No walls here')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Use local network time' })).not.toBeInTheDocument();
  });

  it('a cross-network wall opens on the multi-network tab; the local time switch tags its tiles', async () => {
    server.use(wallsHandler([front, entrances]));
    const { user } = renderWallArea(`/n/${NETWORK_ID}/video-walls/7003`);
    await wallHeading('Entrances');
    expect(screen.getByRole('tab', { name: 'Multi-network (beta)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('wall-tile-local-time')).not.toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Use local network time' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    const tags = await screen.findAllByTestId('wall-tile-local-time');
    expect(tags).toHaveLength(2);
    expect(tags[0]).toHaveTextContent(/^Local time \d{1,2}:\d{2}:\d{2} [AP]M$/);
    expect(JSON.parse(window.localStorage.getItem('mki-preferences') ?? '{}').showVideoWallLocalTime).toBe(true);
    await user.click(screen.getByRole('tab', { name: 'Single network' }));
    expect(within(screen.getByRole('navigation', { name: 'Walls' })).getByRole('link', { name: 'Front of house' })).toBeInTheDocument();
  });
});
