import { describe, expect, it } from 'vitest';
import { planPages } from './pages';

const ZONE = 'America/Los_Angeles';
const at = (iso: string) => new Date(iso).getTime();
const LATER = at('2030-01-01T00:00:00Z');

describe('planPages', () => {
  it('makes one all-day page per day, newest first when descending', () => {
    const pages = planPages({ from: '2025-03-03', to: '2025-03-04' }, { start: '00:00', end: '00:00' }, ZONE, LATER, 'descending');
    expect(pages).toEqual([
      { day: '2025-03-04', startMs: at('2025-03-04T08:00:00Z'), endMs: at('2025-03-05T08:00:00Z') },
      { day: '2025-03-03', startMs: at('2025-03-03T08:00:00Z'), endMs: at('2025-03-04T08:00:00Z') },
    ]);
  });

  it('uses the time of day on each day, oldest first when ascending', () => {
    const pages = planPages({ from: '2025-03-03', to: '2025-03-05' }, { start: '09:30', end: '11:45' }, ZONE, LATER, 'ascending');
    expect(pages.map((page) => page.day)).toEqual(['2025-03-03', '2025-03-04', '2025-03-05']);
    expect(pages[0]).toEqual({ day: '2025-03-03', startMs: at('2025-03-03T17:30:00Z'), endMs: at('2025-03-03T19:45:00Z') });
  });

  it('ends an overnight range or an end of 00:00 on the next day', () => {
    const [overnight] = planPages({ from: '2025-03-04', to: '2025-03-04' }, { start: '22:00', end: '06:00' }, ZONE, LATER, 'ascending');
    expect(overnight).toEqual({ day: '2025-03-04', startMs: at('2025-03-05T06:00:00Z'), endMs: at('2025-03-05T14:00:00Z') });
    const [evening] = planPages({ from: '2025-03-04', to: '2025-03-04' }, { start: '18:00', end: '00:00' }, ZONE, LATER, 'ascending');
    expect(evening.endMs).toBe(at('2025-03-05T08:00:00Z'));
  });

  it('follows the zone across a DST change (a 23-hour day)', () => {
    const [day] = planPages({ from: '2025-03-09', to: '2025-03-09' }, { start: '00:00', end: '00:00' }, ZONE, LATER, 'ascending');
    expect(day.endMs - day.startMs).toBe(23 * 3_600_000);
  });

  it('cuts the window at now (whole seconds) and leaves out windows not started yet', () => {
    const now = at('2025-03-04T20:00:00.700Z'); // 12:00:00.7 in Los Angeles
    const pages = planPages({ from: '2025-03-03', to: '2025-03-04' }, { start: '00:00', end: '00:00' }, ZONE, now, 'descending');
    expect(pages[0]).toEqual({ day: '2025-03-04', startMs: at('2025-03-04T08:00:00Z'), endMs: at('2025-03-04T20:00:00Z') });
    const evening = planPages({ from: '2025-03-04', to: '2025-03-04' }, { start: '18:00', end: '20:00' }, ZONE, now, 'descending');
    expect(evening).toEqual([]);
  });
});
