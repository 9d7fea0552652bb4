/** Calendar days in a network's time zone, as the portal shows and sends them. */

/** `YYYY-MM-DD` of the day `offsetDays` from today in a time zone. */
export function dayIn(timeZone: string, offsetDays: number): string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const today = format.format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

/** The calendar's name of a day, e.g. 'November 24, 2026'. */
export function dayName(day: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** UNIX seconds of midnight starting `day` in a time zone (its offset read at 00:00 UTC, hours from any DST change). */
export function midnightS(day: string, timeZone: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(utcMidnight));
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)!.value);
  const shownAsUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return (utcMidnight - (shownAsUtc - utcMidnight)) / 1000;
}
