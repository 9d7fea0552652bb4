import { describe, expect, it } from 'vitest';
import { makeCamera } from '../../cameras/test/fixtures';
import { makeTile, makeWall } from '../../walls/test/wallFixtures';
import { canExportAll, entryExportInput, exportSources, fallbackFilename } from './wallExportEntries';
import {
  initialWallExportState,
  removedSources,
  tileExportChecks,
  type WallExportAction,
  wallExportEntries,
  wallExportReducer,
} from './wallExportState';

const NOW_MS = Date.UTC(2025, 2, 6, 20, 0, 0, 400);
const NO_EXPORT = { write: false, export: false, historical: true, live: true };
const lobby = makeCamera(1, { name: 'Lobby' });
const dock = makeCamera(2, { name: 'Dock', network_id: 6 });
const vault = makeCamera(3, { name: 'Vault', permissions: NO_EXPORT });
const wall = makeWall(7, 'Front', [
  makeTile(lobby, { x: 0 }),
  makeTile(null, { x: 7 }),
  makeTile(dock, { x: 14 }),
  makeTile(vault, { x: 21 }),
]);
const sources = exportSources(wall);
const [lobbyKey, dockKey, vaultKey] = sources.map((source) => source.key);

const run = (...actions: WallExportAction[]) => actions.reduce(wallExportReducer, initialWallExportState(NOW_MS));
const listed = (...actions: WallExportAction[]) => wallExportEntries(sources, run(...actions));

describe('wall export entries (spec 03 §3, §5)', () => {
  it('makes one entry per tile with a camera, numbered by tile, selected unless without the export right', () => {
    expect(listed().map(({ tile, camera, selected, blocked }) => [tile, camera.name, selected, blocked])).toEqual([
      [1, 'Lobby', true, false],
      [3, 'Dock', true, false],
      [4, 'Vault', false, true],
    ]);
    // The last 10 minutes, to the second.
    expect(listed()[0].exportRange).toEqual({ startMs: Date.UTC(2025, 2, 6, 19, 50), endMs: Date.UTC(2025, 2, 6, 20) });
  });

  it("falls back to the camera's name plus ' - tile N', made to pass the filename rule", () => {
    expect(fallbackFilename(lobby, 3)).toBe('Lobby - tile 3');
    expect(fallbackFilename(makeCamera(9, { name: 'Café / Entrée #2' }), 1)).toBe('Cafe Entree 2 - tile 1');
    expect(fallbackFilename(makeCamera(9, { name: '  ', mac: '00:18:0a' }), 2)).toBe('00 18 0a - tile 2');
  });

  it('shares one range while same time range is on; off, each entry has its own from the shared one', () => {
    const range = { startMs: NOW_MS - 3_600_000, endMs: NOW_MS - 1_800_000 };
    const own = { startMs: NOW_MS - 7_200_000, endMs: NOW_MS - 6_000_000 };
    expect(listed({ type: 'rangeSet', range }).map((entry) => entry.exportRange)).toEqual([range, range, range]);
    const sameOff: WallExportAction = { type: 'sameRangeSet', on: false };
    const dockOwn: WallExportAction = { type: 'entryRangeSet', key: dockKey, range: own };
    const off = listed({ type: 'rangeSet', range }, sameOff, dockOwn);
    expect(off.map((entry) => entry.exportRange)).toEqual([range, own, range]);
    // On again: the shared range for all; a new opening starts every range again from the last 10 minutes.
    const on = run(sameOff, dockOwn, { type: 'sameRangeSet', on: true });
    expect(wallExportEntries(sources, on)[1].exportRange).toEqual(on.range);
    const reopened = run(sameOff, dockOwn, { type: 'opened', nowMs: NOW_MS + 60_000 });
    expect(wallExportEntries(sources, reopened)[1].exportRange.endMs).toBe(Date.UTC(2025, 2, 6, 20, 1));
  });

  it('selects, clears, removes and adds back; the tiles mirror it', () => {
    const keys = sources.map((source) => source.key);
    expect(listed({ type: 'cleared', keys }).some((entry) => entry.selected)).toBe(false);
    const all = listed({ type: 'cleared', keys }, { type: 'allSelected' });
    expect(all.map((entry) => entry.selected)).toEqual([true, true, false]);
    const removed = run({ type: 'toggled', key: lobbyKey }, { type: 'removed', key: dockKey });
    expect(wallExportEntries(sources, removed).map((entry) => [entry.camera.name, entry.selected])).toEqual([
      ['Lobby', false],
      ['Vault', false],
    ]);
    expect(removedSources(sources, removed).map((source) => source.camera.name)).toEqual(['Dock']);
    expect(tileExportChecks(sources, removed)).toEqual(
      new Map([
        [lobbyKey, 'unchecked'],
        [dockKey, 'unchecked'],
        [vaultKey, 'blocked'],
      ]),
    );
    // A removed entry's tile checkbox puts it back, selected; so does 'add camera'.
    const toggled = wallExportReducer(removed, { type: 'toggled', key: dockKey });
    expect(tileExportChecks(sources, toggled).get(dockKey)).toBe('checked');
    expect(wallExportEntries(sources, wallExportReducer(removed, { type: 'added', key: dockKey }))[1]).toMatchObject({
      tile: 3,
      selected: true,
    });
  });

  it('keeps a refused entry selected with its message; a created one is no longer selected', () => {
    const entries = listed(
      { type: 'exportStarted', key: lobbyKey },
      { type: 'exported', key: lobbyKey, jobId: 12 },
      { type: 'exportFailed', key: dockKey, message: 'No recorded video' },
    );
    expect(entries[0]).toMatchObject({ selected: false, outcome: { state: 'created', jobId: 12 } });
    expect(entries[1]).toMatchObject({ selected: true, outcome: { state: 'failed', message: 'No recorded video' } });
  });

  it('enables Export all with a selected entry, valid ranges and no invalid filename', () => {
    expect(canExportAll(listed(), false)).toBe(true);
    expect(canExportAll(listed(), true)).toBe(false);
    expect(canExportAll(listed({ type: 'cleared', keys: [lobbyKey, dockKey] }), false)).toBe(false);
    expect(canExportAll(listed({ type: 'filenameSet', key: dockKey, filename: 'dock/1' }), false)).toBe(false);
    expect(canExportAll(listed({ type: 'filenameSet', key: dockKey, filename: 'Dock 1_a-b.c' }), false)).toBe(true);
    const underASecond = { startMs: NOW_MS, endMs: NOW_MS + 500 };
    expect(canExportAll(listed({ type: 'rangeSet', range: underASecond }), false)).toBe(false);
  });

  it("sends the channel, t0/t1 in s, the schedule in ms, the filename or its fallback, the tile's view", () => {
    const [entry] = listed();
    expect(entryExportInput(entry, null, NOW_MS)).toEqual({
      video_channel_id: 10,
      t0: Date.UTC(2025, 2, 6, 19, 50) / 1000,
      t1: Date.UTC(2025, 2, 6, 20) / 1000,
      scheduledForTs: NOW_MS,
      filename: 'Lobby - tile 1',
    });
    expect(entryExportInput({ ...entry, filename: ' Door ' }, NOW_MS + 60_000, NOW_MS)).toMatchObject({
      filename: 'Door',
      scheduledForTs: NOW_MS + 60_000,
    });
    const fisheye = makeCamera(5, { config: { mount_vertical: true } });
    const [dewarped] = exportSources(makeWall(8, 'Fish', [makeTile(fisheye, { phi: 1.2, imager_id: 2 })]));
    const view = { ...dewarped, wallTile: { ...dewarped.wallTile, theta: 0.5, fov: 1.1 } };
    expect(entryExportInput({ ...entry, ...view }, null, NOW_MS)).toMatchObject({
      imager_id: 2,
      phi: 1.2,
      theta: 0.5,
      fov: 1.1,
      isWallMounted: true,
    });
  });
});
