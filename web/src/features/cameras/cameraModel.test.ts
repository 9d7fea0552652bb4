import { describe, expect, it } from 'vitest';
import {
  cameraDisplayName,
  filterCameras,
  isCameraOnline,
  isCameraUp,
  matchesCameraSearch,
  mergeCameraUpdates,
  orderCameras,
} from './cameraModel';
import { makeCamera } from './test/fixtures';

describe('camera status', () => {
  it('treats only active as online, and active or alerting as up', () => {
    expect(isCameraOnline({ status: 'active' })).toBe(true);
    expect(isCameraOnline({ status: 'alerting' })).toBe(false);
    expect(isCameraUp({ status: 'alerting' })).toBe(true);
    expect(isCameraUp({ status: 'offline' })).toBe(false);
    expect(isCameraUp({ status: 'dormant' })).toBe(false);
  });
});

describe('orderCameras', () => {
  it('puts active and alerting cameras first, then sorts by name, or by MAC without a name', () => {
    const cameras = [
      makeCamera(1, { name: 'Zulu', status: 'offline' }),
      makeCamera(2, { name: 'bravo', status: 'active' }),
      makeCamera(3, { name: '', mac: '00:18:0a:aa', status: 'alerting' }),
      makeCamera(4, { name: 'Alpha', status: 'dormant' }),
      makeCamera(5, { name: 'Charlie', status: 'active' }),
      makeCamera(6, { name: 'Camera 10', status: 'active' }),
      makeCamera(7, { name: 'Camera 9', status: 'active' }),
    ];
    expect(orderCameras(cameras).map(cameraDisplayName)).toEqual([
      '00:18:0a:aa',
      'bravo',
      'Camera 9',
      'Camera 10',
      'Charlie',
      'Alpha',
      'Zulu',
    ]);
  });

  it('does not change the input', () => {
    const cameras = [makeCamera(1, { name: 'B' }), makeCamera(2, { name: 'A' })];
    orderCameras(cameras);
    expect(cameras.map((camera) => camera.id)).toEqual([1, 2]);
  });
});

describe('camera search', () => {
  const lobby = makeCamera(1, { name: 'Lobby Entrance', product_short_description: 'Outdoor bullet', tags: ['front'] });
  const dock = makeCamera(2, {
    name: '',
    mac: 'aa:bb:cc',
    product_short_description: 'Fisheye',
    tags: ['Loading-Dock'],
  });

  it('matches name, product description and any tag, case-insensitively', () => {
    expect(matchesCameraSearch(lobby, 'lobby')).toBe(true);
    expect(matchesCameraSearch(lobby, 'BULLET')).toBe(true);
    expect(matchesCameraSearch(lobby, 'fro')).toBe(true);
    expect(matchesCameraSearch(dock, 'dock')).toBe(true);
    expect(matchesCameraSearch(dock, 'AA:BB')).toBe(true);
    expect(matchesCameraSearch(lobby, 'dock')).toBe(false);
  });

  it('keeps everything for an empty or blank search', () => {
    expect(filterCameras([lobby, dock], '   ')).toHaveLength(2);
    expect(filterCameras([lobby, dock], 'fisheye')).toEqual([dock]);
  });
});

describe('mergeCameraUpdates', () => {
  it('updates statuses and channels of known cameras and ignores the rest', () => {
    const cameras = [
      makeCamera(1, { status: 'active', channel: { id: 10, snapshot_url: '/old.jpg', local_lan_host: 'host' } }),
      makeCamera(2, { status: 'active' }),
    ];
    mergeCameraUpdates(cameras, [
      { id: 1, status: 'offline', channel: { id: 10, snapshot_url: '/new.jpg' } },
      { id: 99, status: 'offline' },
    ]);
    expect(cameras[0].status).toBe('offline');
    expect(cameras[0].channel).toEqual({ id: 10, snapshot_url: '/new.jpg', local_lan_host: 'host' });
    expect(cameras[0].name).toBe('Camera 1');
    expect(cameras[1].status).toBe('active');
    expect(cameras).toHaveLength(2);
  });

  it('takes why a camera is offline and what keeps it from recording, and clears them when they are null', () => {
    const cameras = [makeCamera(1), makeCamera(2, { status: 'offline', offline_reason: 'unreachable', offline_since_ms: 5 })];
    mergeCameraUpdates(cameras, [
      { id: 1, status: 'offline', offline_reason: 'connection_refused', offline_since_ms: 1_700_000_000_000, recording_problem: null },
      { id: 2, status: 'active', offline_reason: null, offline_since_ms: null, recording_problem: 'storage_full' },
    ]);
    expect(cameras[0]).toMatchObject({ status: 'offline', offline_reason: 'connection_refused', offline_since_ms: 1_700_000_000_000 });
    expect(cameras[1]).toMatchObject({ status: 'active', offline_reason: null, offline_since_ms: null, recording_problem: 'storage_full' });
  });
});
