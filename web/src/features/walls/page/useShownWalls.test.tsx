import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import { camerasHandler } from '../../cameras/test/fixtures';
import { liveCamera, makeTile, makeWall, NETWORK_ID, wallsHandler } from '../test/wallFixtures';
import { renderWallArea } from '../test/renderWallArea';
import { WALL_LIST_REFRESH_MS } from './constants';

vi.mock('../../viewer/player/VideoPlayer', () => ({ VideoPlayer: () => null }));

const lobby = liveCamera(1, 'Lobby');
const desk = liveCamera(2, 'Desk');
const front = makeWall(7001, 'Front of house', [makeTile(lobby), makeTile(desk, { x: 7 })]);
const docks = makeWall(7002, 'Loading docks', [makeTile(desk)]);

describe('a wall that changes or goes while it is shown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('leaves a wall deleted elsewhere, with a toast, and shows the wall list again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(wallsHandler([front, docks]), camerasHandler([lobby, desk]));
    renderWallArea(`/n/${NETWORK_ID}/video-walls/7001`);
    expect(await screen.findByRole('heading', { name: 'Front of house' })).toBeInTheDocument();

    server.use(wallsHandler([docks])); // deleted in another tab
    await act(() => vi.advanceTimersByTimeAsync(WALL_LIST_REFRESH_MS));
    expect(await screen.findByText('This wall was deleted or is no longer shared with you')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Loading docks' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/n/${NETWORK_ID}/video-walls/7002`);
  });

  it('drops the tiles of a camera removed meanwhile (the server no longer lists them)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(wallsHandler([front]), camerasHandler([lobby, desk]));
    renderWallArea(`/n/${NETWORK_ID}/video-walls/7001`);
    expect(await screen.findByRole('heading', { name: 'Front of house' })).toBeInTheDocument();
    expect(screen.getAllByTestId('wall-tile')).toHaveLength(2);

    server.use(wallsHandler([{ ...front, tiles: front.tiles.filter((tile) => tile.camera.id !== desk.id) }]));
    await act(() => vi.advanceTimersByTimeAsync(WALL_LIST_REFRESH_MS));
    await vi.waitFor(() => expect(screen.getAllByTestId('wall-tile')).toHaveLength(1));
    expect(screen.queryByText('This wall was deleted or is no longer shared with you')).not.toBeInTheDocument();
  });
});
