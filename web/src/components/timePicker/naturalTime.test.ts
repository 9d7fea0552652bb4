import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/timePicker.json';
import es from '../../i18n/locales/es/timePicker.json';
import { pastBounds, scheduleBounds } from './bounds';
import { HELP_EXAMPLES } from './helpExamples';
import { parseNaturalTime, resolveNaturalTime } from './naturalTime';
import { HOUR_MS, laMs, MINUTE_MS, NOW_MS, ZONE } from './test/clock';

const inEnglish = { nowMs: NOW_MS, timeZone: ZONE, language: 'en' };
const inSpanish = { ...inEnglish, language: 'es' };
const parse = (text: string) => parseNaturalTime(text, inEnglish);

describe('times typed in words (chrono-node)', () => {
  it('reads relative times as instants', () => {
    expect(parse('10 minutes ago')).toBe(NOW_MS - 10 * MINUTE_MS);
    expect(parse('2 hours ago')).toBe(NOW_MS - 2 * HOUR_MS);
    expect(parse('now')).toBe(NOW_MS);
    expect(parse('  10 minutes ago  ')).toBe(NOW_MS - 10 * MINUTE_MS);
  });

  it("reads days and times on the network zone's wall clock", () => {
    expect(parse('yesterday 3pm')).toBe(laMs(2025, 3, 5, 15));
    expect(parse('last friday at noon')).toBe(laMs(2025, 2, 28, 12));
    expect(parse('March 3 14:30')).toBe(laMs(2025, 3, 3, 14, 30));
    expect(parse('yesterday')).toBe(laMs(2025, 3, 5, 12)); // a day alone: noon
    // Past the change to daylight-saving time (9 March) 9 AM is 9 AM PDT, though now is PST.
    expect(parse('March 10 at 9am')).toBe(laMs(2025, 3, 10, 9));
    // A phrase that names its zone keeps it.
    expect(parse('3pm UTC')).toBe(Date.UTC(2025, 2, 6, 15));
  });

  it('names no time for nonsense, an empty entry or a phrase read only in part', () => {
    expect(parse('blah')).toBeNull();
    expect(parse('')).toBeNull();
    expect(parse('   ')).toBeNull();
    expect(parse('yesterday blah')).toBeNull();
    // Spanish chrono reads only 'viernes' of 'el viernes pasado' (which would be the wrong Friday): refused.
    expect(parseNaturalTime('el viernes pasado', inSpanish)).toBeNull();
  });

  it('reads Spanish phrases in Spanish, and English phrases in every language', () => {
    expect(parseNaturalTime('ayer a las 15:00', inSpanish)).toBe(laMs(2025, 3, 5, 15));
    expect(parseNaturalTime('10 minutes ago', inSpanish)).toBe(NOW_MS - 10 * MINUTE_MS);
    expect(parseNaturalTime('ayer a las 15:00', inEnglish)).toBeNull();
  });

  it('moves a phrase outside the bounds one week towards them, then clamps it', () => {
    const past = pastBounds(NOW_MS, ZONE);
    // 'friday' is read as the nearest Friday, tomorrow: in a past-only picker, the Friday a week before.
    expect(resolveNaturalTime('friday', inEnglish, past)).toBe(laMs(2025, 2, 28, 12));
    expect(resolveNaturalTime('yesterday 3pm', inEnglish, past)).toBe(laMs(2025, 3, 5, 15));
    expect(resolveNaturalTime('in 2 weeks', inEnglish, past)).toBe(NOW_MS);
    // 'monday' is read as this week's Monday, past: in the schedule picker, next Monday.
    expect(resolveNaturalTime('monday', inEnglish, scheduleBounds(NOW_MS, ZONE))).toBe(laMs(2025, 3, 10, 12));
    expect(resolveNaturalTime('gibberish', inEnglish, past)).toBeNull();
  });

  it("understands every phrase the help gives as an example, in each language's picker", () => {
    for (const [language, texts] of [['en', en], ['es', es]] as const) {
      for (const key of HELP_EXAMPLES) {
        const phrase = texts[`example-${key}`];
        expect(parseNaturalTime(phrase, { ...inEnglish, language }), `${language}: ${phrase}`).not.toBeNull();
      }
    }
  });

  it('has the same texts in English and Spanish', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });
});
