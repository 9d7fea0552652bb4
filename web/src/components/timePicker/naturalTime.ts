import * as chronoEn from 'chrono-node/en';
import * as chronoEs from 'chrono-node/es';
import { type Bounds, shiftIntoBounds } from './bounds';
import { fromDayAndClock, offsetMinutesAt } from './zoned';

type Chrono = typeof chronoEn.casual;

/** The parsers tried for a language, in order: its own, then English (accepted in every language). */
function parsersFor(language: string): Chrono[] {
  return language.startsWith('es') ? [chronoEs.casual, chronoEn.casual] : [chronoEn.casual];
}

export interface NaturalTimeContext {
  nowMs: number;
  /** The zone the words mean: 'yesterday 3pm' is 3 PM on the wall clocks of the network. */
  timeZone: string;
  /** The portal's language (i18next's `language`). */
  language: string;
}

const pad = (value: number | null, width = 2) => String(value ?? 0).padStart(width, '0');

/**
 * The moment a phrase such as 'yesterday 3pm', '10 minutes ago' or 'last friday at noon' names, read with chrono-node
 * in the zone at `nowMs`, or null when it names none. The whole phrase must be read: chrono finds dates inside other
 * words ('el viernes pasado' would be read as 'viernes'), and a phrase read only in part could name the wrong day.
 */
export function parseNaturalTime(text: string, { nowMs, timeZone, language }: NaturalTimeContext): number | null {
  const phrase = text.trim();
  if (!phrase) return null;
  const reference = { instant: new Date(nowMs), timezone: offsetMinutesAt(nowMs, timeZone) };
  for (const parser of parsersFor(language)) {
    const results = parser.parse(phrase, reference);
    if (results.length !== 1 || results[0].index !== 0 || results[0].text.length !== phrase.length) continue;
    const { start } = results[0];
    // A relative time ('10 minutes ago', 'now') or a phrase naming its zone ('3pm UTC') is an instant as it is.
    if (start.isCertain('timezoneOffset')) return start.date().getTime();
    // Else the wall-clock reading in the network's zone, so a day across a daylight-saving change keeps its hour.
    const day = `${pad(start.get('year'), 4)}-${pad(start.get('month'))}-${pad(start.get('day'))}`;
    const clock = `${pad(start.get('hour'))}:${pad(start.get('minute'))}:${pad(start.get('second'))}`;
    const ms = fromDayAndClock(day, clock, timeZone);
    if (Number.isFinite(ms)) return ms;
  }
  return null;
}

/**
 * A typed phrase as the picker applies it: parsed, then moved one week towards the bounds when outside them and
 * clamped (spec 03 §5, `shiftIntoBounds`); null when the phrase names no time.
 */
export function resolveNaturalTime(text: string, context: NaturalTimeContext, bounds: Bounds): number | null {
  const ms = parseNaturalTime(text, context);
  return ms === null ? null : shiftIntoBounds(ms, bounds, context.timeZone);
}
