import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser } from '../../../test/fixtures';
import { server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { camerasHandler } from '../../cameras/test/fixtures';
import { rotationSettingsKey, WALL_REFRESH_MS } from '../model/rotation';
import type { WallRotation } from '../rotationsApi';
import { renderWallArea } from '../test/renderWallArea';
import { liveCamera, makeTile, makeWall, NETWORK_ID, wallsHandler } from '../test/wallFixtures';
import { assignLocation } from './assignLocation';
import { rotationHandlers } from './testRotations';

vi.mock('../../viewer/player/VideoPlayer', () => ({ VideoPlayer: () => null }));
vi.mock('./assignLocation', () => ({ assignLocation: vi.fn() }));

const lobby = liveCamera(1, 'Lobby');
const front = makeWall(7001, 'Front of house', [makeTile(lobby)]);
const docks = makeWall(7002, 'Loading docks', [makeTile(lobby)]);
const yard = makeWall(7003, 'Yard', [makeTile(lobby)]);
const tour: WallRotation = { id: 3, name: 'Tour', networkId: NETWORK_ID, waitDuration: 10, videoWallSequence: [7001, 7002] };
const CYCLE = 'cycleLayoutIds=7001,7002&duration=10&autostart=true';
const wallUrl = (id: number, query = '') => `/n/${NETWORK_ID}/video-walls/${id}${query && `?${query}`}`;
const location = () => screen.getByTestId('location');
const heading = (name: string) => screen.findByRole('heading', { name }, { timeout: 5000 });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function withFlag(feature: string) {
  const state = signedInState(adminUser);
  state.auth = { ...state.auth!, nfos: [...state.auth!.nfos, { feature, enabled: true, org_wide: true, network_ids: [] }] };
  return state;
}

function openWall(route: string, state = signedInState(adminUser)) {
  server.use(wallsHandler([front, docks, yard]), camerasHandler([lobby]));
  rotationHandlers([tour]);
  return renderWallArea(route, state);
}

describe('cycling through walls', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('starting a rotation goes to its first wall, moves on after the wait and wraps; Stop ends it', async () => {
    openWall(wallUrl(7003));
    await heading('Yard');
    fireEvent.click(await screen.findByRole('button', { name: 'Start rotation Tour' }));
    await heading('Front of house');
    expect(location()).toHaveTextContent(wallUrl(7001, CYCLE));
    expect(JSON.parse(window.localStorage.getItem(rotationSettingsKey(NETWORK_ID))!)).toEqual({
      layouts: [7001, 7002],
      duration: 10,
      autostart: true,
    });
    const indicator = screen.getByTestId('rotation-indicator');
    expect(within(indicator).getByText('Rotating every 10 s')).toBeInTheDocument();
    expect(within(indicator).getByText('Next: Loading docks')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop rotation Tour' })).toBeInTheDocument();

    // shouldAdvanceTime lets real milliseconds pass too: a second of slack.
    advance(9_000);
    expect(location()).toHaveTextContent(wallUrl(7001, CYCLE));
    advance(1_000);
    await heading('Loading docks');
    expect(location()).toHaveTextContent(wallUrl(7002, CYCLE));
    expect(within(screen.getByTestId('rotation-indicator')).getByText('Next: Front of house')).toBeInTheDocument();
    advance(10_000);
    await heading('Front of house');
    expect(location()).toHaveTextContent(wallUrl(7001, CYCLE));

    fireEvent.click(within(screen.getByTestId('rotation-indicator')).getByRole('button', { name: 'Stop rotation' }));
    expect(location().textContent).toBe(wallUrl(7001));
    expect(screen.queryByTestId('rotation-indicator')).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(rotationSettingsKey(NETWORK_ID))!).autostart).toBe(false);
    advance(30_000);
    expect(location().textContent).toBe(wallUrl(7001));
    expect(screen.getByRole('button', { name: 'Start rotation Tour' })).toBeInTheDocument();
  });

  it('a wall listed twice is shown at each of its places: the cycle reaches every wall and goes on', async () => {
    const twice = 'cycleLayoutIds=7001,7002,7001,7003&duration=10&autostart=true';
    openWall(wallUrl(7001, twice));
    await heading('Front of house');
    for (const [id, name] of [
      [7002, 'Loading docks'],
      [7001, 'Front of house'],
      [7003, 'Yard'],
      [7001, 'Front of house'],
      [7002, 'Loading docks'],
    ] as const) {
      advance(10_000);
      await heading(name);
      expect(location()).toHaveTextContent(wallUrl(id, twice));
    }
  });

  it('a wall listed twice in a row stays for both of its places, then the cycle moves on', async () => {
    const repeated = 'cycleLayoutIds=7001,7001,7002&duration=10&autostart=true';
    openWall(wallUrl(7001, repeated));
    await heading('Front of house');
    advance(10_000);
    expect(location()).toHaveTextContent(wallUrl(7001, repeated));
    advance(10_000);
    await heading('Loading docks');
    expect(location()).toHaveTextContent(wallUrl(7002, repeated));
  });

  it('autostart=true in the address starts cycling on load; autostart=false does not', async () => {
    openWall(wallUrl(7002, 'cycleLayoutIds=7001,7002,7003&duration=15&autostart=true'));
    await heading('Loading docks');
    expect(await screen.findByText('Rotating every 15 s')).toBeInTheDocument();
    advance(15_000);
    await heading('Yard');
    advance(15_000);
    await heading('Front of house');
    expect(location()).toHaveTextContent(wallUrl(7001, 'cycleLayoutIds=7001,7002,7003&duration=15&autostart=true'));
  });

  it('does not cycle with autostart=false', async () => {
    openWall(wallUrl(7001, 'cycleLayoutIds=7001,7002&duration=10&autostart=false'));
    await heading('Front of house');
    advance(20_000);
    expect(location()).toHaveTextContent(wallUrl(7001));
    expect(screen.queryByTestId('rotation-indicator')).not.toBeInTheDocument();
  });
});

describe('auto-refresh', () => {
  beforeEach(() => {
    vi.mocked(assignLocation).mockClear();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  it('with has_video_wall_auto_refresh the page reloads after 3 hours, keeping the running cycle', async () => {
    openWall(wallUrl(7001, `fullPage=true&${CYCLE}`), withFlag('has_video_wall_auto_refresh'));
    await heading('Front of house');
    advance(WALL_REFRESH_MS - 5_000);
    expect(assignLocation).not.toHaveBeenCalled();
    advance(5_000);
    expect(assignLocation).toHaveBeenCalledTimes(1);
    expect(vi.mocked(assignLocation).mock.calls[0][0]).toMatch(
      new RegExp(`^/n/${NETWORK_ID}/video-walls/700[12]\\?fullPage=true&cycleLayoutIds=7001,7002&duration=10&autostart=true$`),
    );
  });

  it('reloads to the same address without a cycle, and never without the flag', async () => {
    const { unmount } = openWall(wallUrl(7003), withFlag('has_video_wall_auto_refresh'));
    await heading('Yard');
    advance(WALL_REFRESH_MS);
    expect(assignLocation).toHaveBeenCalledWith(wallUrl(7003));
    unmount();
    vi.mocked(assignLocation).mockClear();
    openWall(wallUrl(7003));
    await heading('Yard');
    advance(WALL_REFRESH_MS * 2);
    expect(assignLocation).not.toHaveBeenCalled();
  });
});
