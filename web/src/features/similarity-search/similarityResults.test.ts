import { describe, expect, it } from 'vitest';
import { groupResults, shownResults, similarityColumns, timeframeText } from './similarityResults';
import { makeTrack } from './test/similarityFixtures';

const ZONE = 'America/Los_Angeles';
const at = (iso: string) => new Date(iso).getTime();

describe('similarity results', () => {
  const early = makeTrack('1', at('2025-03-05T17:00:00Z'), { similarityPercent: 99 });
  const late = makeTrack('2', at('2025-03-06T09:00:00Z'), { similarityPercent: 96 }); // 01:00 on 6 March in Los Angeles
  const rough = makeTrack('3', at('2025-03-05T18:00:00Z'), { similarityPercent: 91, serial: 'B', cameraId: 1002 });
  const other = makeTrack('4', at('2025-03-05T19:00:00Z'), { similarityPercent: 97, serial: 'B', cameraId: 1002 });
  const all = [late, rough, early, other];

  it('shows the results at least as similar as the threshold, of cameras not hidden, by time in the order', () => {
    const ids = (tracks: { trackId: string }[]) => tracks.map((track) => track.trackId);
    expect(ids(shownResults(all, { threshold: 96, hiddenSerials: [], sortOrder: 'ascending' }))).toEqual(['1', '4', '2']);
    expect(ids(shownResults(all, { threshold: 90, hiddenSerials: [], sortOrder: 'descending' }))).toEqual(['2', '4', '3', '1']);
    expect(ids(shownResults(all, { threshold: 90, hiddenSerials: ['B'], sortOrder: 'ascending' }))).toEqual(['1', '2']);
    expect(shownResults([{ ...early, similarityPercent: null }], { threshold: 90, hiddenSerials: [], sortOrder: 'ascending' })).toEqual([]);
  });

  it('groups by day in the zone, then by camera in the order of their first result, keeping the indexes', () => {
    const shown = shownResults(all, { threshold: 90, hiddenSerials: [], sortOrder: 'ascending' });
    expect(
      groupResults(shown, ZONE).map((day) => [day.day, day.count, day.cameras.map((camera) => [camera.serial, camera.entries.map((entry) => entry.index)])]),
    ).toEqual([
      ['2025-03-05', 3, [['Q2XX-0000-1001', [0]], ['B', [1, 2]]]],
      ['2025-03-06', 1, [['Q2XX-0000-1001', [3]]]],
    ]);
  });

  it('columns: floor(window width / (2 × thumbnail width)), at least 1', () => {
    expect(similarityColumns(1920, 120)).toBe(8);
    expect(similarityColumns(1920, 240)).toBe(4);
    expect(similarityColumns(1920, 480)).toBe(2);
    expect(similarityColumns(700, 480)).toBe(1);
  });

  it('timeframe ends read like "Jan 1st, 3:04:05 pm"', () => {
    expect(timeframeText(at('2025-01-01T23:04:05Z'), ZONE, 12)).toBe('Jan 1st, 3:04:05 pm');
    expect(timeframeText(at('2025-01-01T23:04:05Z'), ZONE, 24)).toBe('Jan 1st, 15:04:05');
  });
});
