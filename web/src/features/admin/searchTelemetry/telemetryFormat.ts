import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A figure the server left out (null: no search reported it). */
export const NO_FIGURE = '—';

/** The date of a UTC day ('2024-05-01'), e.g. 'May 1, 2024', whatever the browser's zone. */
export function formatDay(day: string, language: string): string {
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  return format.format(new Date(`${day}T00:00:00Z`));
}

/** A count with the language's digit grouping: '1,234'. */
export function formatCount(count: number, language: string): string {
  return new Intl.NumberFormat(language).format(count);
}

/** A mean result count with at most one decimal ('12.5'), or '—'. */
export function formatMean(mean: number | null, language: string): string {
  if (mean === null) return NO_FIGURE;
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(mean);
}

/**
 * A duration in milliseconds: under a second in whole milliseconds ('850 ms'), else in seconds with at most one
 * decimal ('2.4 s', Spanish '2,4 s'); or '—'. The SI symbols are the same in every language (Intl's short units are
 * not: 'sec' in English).
 */
export function formatDuration(ms: number | null, language: string): string {
  if (ms === null) return NO_FIGURE;
  const whole = Math.round(ms);
  if (whole < 1000) return `${new Intl.NumberFormat(language).format(whole)} ms`;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(ms / 1000)} s`;
}

/** What a feature of the summary is called; one the portal does not know is shown as the server names it. */
export function featureName(feature: string, t: TFunction<'searchTelemetry'>): string {
  switch (feature) {
    case 'event_search':
      return t('feature-event-search');
    case 'motion_search':
      return t('feature-motion-search');
    case 'timeline':
      return t('feature-timeline');
    default:
      return feature;
  }
}

/** The formatters above in the user's language. */
export function useTelemetryFormat() {
  const { i18n } = useTranslation('searchTelemetry');
  const language = i18n.language;
  return useMemo(
    () => ({
      day: (day: string) => formatDay(day, language),
      count: (count: number) => formatCount(count, language),
      mean: (mean: number | null) => formatMean(mean, language),
      duration: (ms: number | null) => formatDuration(ms, language),
    }),
    [language],
  );
}
