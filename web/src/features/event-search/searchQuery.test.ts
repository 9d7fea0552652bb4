import { describe, expect, it } from 'vitest';
import { eventSearchLink } from '../motion-search';
import { parseSearchQuery, searchQueryString } from './searchQuery';

const TODAY = '2025-03-06';
const parse = (search: string) => parseSearchQuery(new URLSearchParams(search), TODAY);

describe('search query', () => {
  it('reads what the motion search drawer links to', () => {
    const link = eventSearchLink(
      5,
      [1001, 1002],
      Date.UTC(2025, 2, 4, 17, 30),
      Date.UTC(2025, 2, 5, 19, 45),
      'America/Los_Angeles',
    );
    expect(link).toBe('/n/5/events?cameras=1001,1002&from=2025-03-04&to=2025-03-05&start=09:30&end=11:45');
    expect(parse(link.split('?')[1])).toEqual({
      cameraIds: [1001, 1002],
      dates: { from: '2025-03-04', to: '2025-03-05' },
      times: { start: '09:30', end: '11:45' },
    });
  });

  it('defaults to no cameras, today, all day', () => {
    expect(parse('')).toEqual({
      cameraIds: [],
      dates: { from: TODAY, to: TODAY },
      times: { start: '00:00', end: '00:00' },
    });
  });

  it('keeps at most 4 distinct valid camera ids', () => {
    expect(parse('cameras=3,x,3,-1,0,7,8,9,10').cameraIds).toEqual([3, 7, 8, 9]);
  });

  it('repairs dates: invalid or future days become today, reversed are swapped, long ranges keep their last 3 days', () => {
    expect(parse('from=2025-02-30&to=nope').dates).toEqual({ from: TODAY, to: TODAY });
    expect(parse('from=2025-03-05&to=2025-03-09').dates).toEqual({ from: '2025-03-05', to: TODAY });
    expect(parse('from=2025-03-05&to=2025-03-03').dates).toEqual({ from: '2025-03-03', to: '2025-03-05' });
    expect(parse('from=2025-02-20&to=2025-03-01').dates).toEqual({ from: '2025-02-27', to: '2025-03-01' });
  });

  it('puts times on 15-minute steps (start down, end up); invalid or equal times mean all day', () => {
    expect(parse('start=09:37&end=11:01').times).toEqual({ start: '09:30', end: '11:15' });
    expect(parse('start=23:50&end=23:55').times).toEqual({ start: '23:45', end: '00:00' });
    expect(parse('start=25:00&end=11:00').times).toEqual({ start: '00:00', end: '00:00' });
    expect(parse('start=14:00&end=14:00').times).toEqual({ start: '00:00', end: '00:00' });
    expect(parse('start=22:00&end=06:00').times).toEqual({ start: '22:00', end: '06:00' });
  });

  it('writes a readable query that reads back the same', () => {
    const query = { cameraIds: [1001, 1002], dates: { from: '2025-03-04', to: '2025-03-05' }, times: { start: '09:30', end: '11:45' } };
    const text = searchQueryString(query);
    expect(text).toBe('?cameras=1001,1002&from=2025-03-04&to=2025-03-05&start=09:30&end=11:45');
    expect(parse(text.slice(1))).toEqual(query);
    expect(searchQueryString({ ...query, cameraIds: [] })).not.toContain('cameras');
  });
});
