import { describe, expect, it } from 'vitest';
import { cameraDetail, groupResults, resultPath, searchTerm } from './globalSearchModel';
import { LOBBY_RESULTS, NOTHING } from './test/globalSearchTestKit';

describe('globalSearchModel', () => {
  it('searches the trimmed text from 2 characters on, at most 100', () => {
    expect(searchTerm('')).toBeNull();
    expect(searchTerm(' a ')).toBeNull();
    expect(searchTerm(' ab ')).toBe('ab');
    expect(searchTerm('x'.repeat(120))).toBe('x'.repeat(100));
  });

  it('groups non-empty categories in the order cameras, video walls, exports', () => {
    expect(groupResults(NOTHING)).toEqual([]);
    expect(groupResults({ ...NOTHING, export_job: LOBBY_RESULTS.export_job }).map((g) => g.category)).toEqual([
      'export_job',
    ]);
    expect(groupResults(LOBBY_RESULTS).map((g) => [g.category, g.results.length])).toEqual([
      ['camera', 2],
      ['video_wall', 1],
      ['export_job', 1],
    ]);
  });

  it('opens a camera, a wall and an export job in their own network', () => {
    const [cameras, walls, exports] = groupResults(LOBBY_RESULTS);
    expect(resultPath(cameras.results[1])).toBe('/n/6/cameras/12');
    expect(resultPath(walls.results[0])).toBe('/n/6/video-walls/3');
    expect(resultPath(exports.results[0])).toBe('/n/5/exports/77');
  });

  it('describes a camera by its network, model and tags, leaving out what is empty', () => {
    expect(cameraDetail(LOBBY_RESULTS.camera[0])).toBe('Warehouse · MV22 · entrance, indoor');
    expect(cameraDetail({ ...LOBBY_RESULTS.camera[1], model: '' })).toBe('Head Office');
  });
});
