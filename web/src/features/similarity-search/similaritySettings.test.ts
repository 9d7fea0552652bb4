import { describe, expect, it } from 'vitest';
import { defaultTimeframe, parseSimilaritySettings, similarityPath, withSimilaritySettings } from './similaritySettings';

const TS = 1_741_262_400; // 2025-03-06T12:00:00Z
const HOUR = 3_600_000;
const parse = (query: string, nowMs = TS * 1000 + 10 * HOUR) => parseSimilaritySettings(new URLSearchParams(query), TS, nowMs);

describe('similarity settings', () => {
  it('defaults: no hidden cameras, threshold 96, ascending, medium, 1 hour either side of the track', () => {
    expect(parse('')).toEqual({
      hiddenSerials: [],
      threshold: 96,
      sortOrder: 'ascending',
      thumbnailSize: 'medium',
      t0: TS * 1000 - HOUR,
      t1: TS * 1000 + HOUR,
    });
  });

  it('the timeframe is capped at now', () => {
    expect(defaultTimeframe(TS, TS * 1000 + 60_000)).toEqual({ t0: TS * 1000 - HOUR, t1: TS * 1000 + 60_000 });
    expect(parse(`t1=${TS * 1000 + 5 * HOUR}`, TS * 1000 + 2 * HOUR).t1).toBe(TS * 1000 + 2 * HOUR);
  });

  it('reads the query string; malformed values take their defaults, thresholds are put within 90..100', () => {
    const settings = parse(
      `hiddenSerials=${encodeURIComponent('["A","B"]')}&threshold=92&sortOrder=descending&thumbnailSize=large&t0=${TS * 1000 - 2 * HOUR}&t1=${TS * 1000}`,
    );
    expect(settings).toEqual({
      hiddenSerials: ['A', 'B'],
      threshold: 92,
      sortOrder: 'descending',
      thumbnailSize: 'large',
      t0: TS * 1000 - 2 * HOUR,
      t1: TS * 1000,
    });
    expect(parse('threshold=50').threshold).toBe(90);
    expect(parse('threshold=120').threshold).toBe(100);
    expect(parse('threshold=abc&sortOrder=up&thumbnailSize=huge&hiddenSerials=[1,').threshold).toBe(96);
    expect(parse('hiddenSerials={"a":1}').hiddenSerials).toEqual([]);
    expect(parse(`t0=${TS * 1000}&t1=${TS * 1000 - 1}`).t0).toBe(TS * 1000 - HOUR);
  });

  it('writes a change and keeps the other parameters; no hidden cameras, no parameter', () => {
    const search = new URLSearchParams('threshold=93&sortOrder=descending');
    expect(withSimilaritySettings(search, { hiddenSerials: ['Q2'] }).toString()).toBe(
      'threshold=93&sortOrder=descending&hiddenSerials=%5B%22Q2%22%5D',
    );
    expect(withSimilaritySettings(new URLSearchParams('hiddenSerials=["Q2"]'), { hiddenSerials: [], threshold: 99 }).toString()).toBe(
      'threshold=99',
    );
  });

  it('the route of a track is similarity-search/{serial}/{trackId}/{whole seconds}', () => {
    expect(similarityPath(5, 'Q2XX-0000-1001', '42', 1_741_262_400.9)).toBe('/n/5/similarity-search/Q2XX-0000-1001/42/1741262400');
  });
});
