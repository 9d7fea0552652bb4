import { describe, expect, it } from 'vitest';
import { makeWall } from '../../walls/test/wallFixtures';
import { makeCamera } from '../test/fixtures';
import { buildListRows, rowHeight } from './listRows';

const texts = { walls: 'Walls', wallsInfo: 'info', cameras: 'Cameras', noCameras: 'No cameras found' };
const cameras = [makeCamera(1, { name: 'Lobby' }), makeCamera(2, { name: 'Yard' })];
const walls = [makeWall(7001, 'Docks'), makeWall(7002, 'Front')];
const keys = (rows: ReturnType<typeof buildListRows>) => rows.map((row) => row.key);

describe('list rows', () => {
  it('are the cameras alone, without headings, when there is no Walls group', () => {
    expect(keys(buildListRows(cameras, undefined, texts))).toEqual(['camera-1', 'camera-2']);
    expect(buildListRows([], undefined, texts)).toEqual([]);
  });

  it("put 'Walls' (with its info) over the walls, then 'Cameras' over the cameras", () => {
    const rows = buildListRows(cameras, walls, texts);
    expect(keys(rows)).toEqual(['heading-walls', 'wall-7001', 'wall-7002', 'heading-cameras', 'camera-1', 'camera-2']);
    expect(rows[0]).toMatchObject({ kind: 'heading', label: 'Walls', info: 'info' });
    expect(rows.map(rowHeight)).toEqual([32, 40, 40, 32, 56, 56]);
  });

  it("keep 'Cameras' with its empty text, and drop 'Walls' when no wall matches", () => {
    expect(keys(buildListRows([], walls.slice(0, 1), texts))).toEqual(['heading-walls', 'wall-7001', 'heading-cameras', 'empty-cameras']);
    expect(keys(buildListRows(cameras.slice(1), [], texts))).toEqual(['heading-cameras', 'camera-2']);
    expect(buildListRows([], [], texts)).toEqual([
      { kind: 'heading', key: 'heading-cameras', label: 'Cameras' },
      { kind: 'empty', key: 'empty-cameras', label: 'No cameras found' },
    ]);
  });
});
