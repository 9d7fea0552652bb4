import type { QueryParams } from '../../../api/baseApi';
import { ACCESS_LOG_KINDS, type AccessLogKind, isAccessLogKind } from './accessLogModel';

/** Entries per page (the API takes 1–500, default 100). */
export const PAGE_SIZE = 100;

/** The filters of the access log page; null is no restriction. They combine with AND. */
export interface AccessLogFilters {
  kinds: AccessLogKind[];
  userId: number | null;
  networkId: number | null;
  cameraId: number | null;
  /** Entries at or after (UTC ms). */
  sinceMs: number | null;
  /** Entries before (UTC ms). */
  untilMs: number | null;
}

export const NO_FILTERS: AccessLogFilters = {
  kinds: [],
  userId: null,
  networkId: null,
  cameraId: null,
  sinceMs: null,
  untilMs: null,
};

type NumberFilter = Exclude<keyof AccessLogFilters, 'kinds'>;

/** The page's query-string names, the API's own, so that a shared address reads like the request it makes. */
const NUMBER_PARAMS: Record<NumberFilter, string> = {
  userId: 'user_id',
  networkId: 'network_id',
  cameraId: 'camera_id',
  sinceMs: 'since_ms',
  untilMs: 'until_ms',
};
const KINDS_PARAM = 'kinds';

function readNumber(text: string | null): number | null {
  if (text === null || !/^\d{1,16}$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** The filters of an address's query string; unknown kinds and values that are not whole numbers are left out. */
export function filtersFromSearch(search: URLSearchParams): AccessLogFilters {
  const given = new Set((search.get(KINDS_PARAM) ?? '').split(',').filter(isAccessLogKind));
  const filters: AccessLogFilters = { ...NO_FILTERS, kinds: ACCESS_LOG_KINDS.filter((kind) => given.has(kind)) };
  for (const [key, name] of Object.entries(NUMBER_PARAMS) as [NumberFilter, string][]) {
    filters[key] = readNumber(search.get(name));
  }
  return filters;
}

/** `search` (its other parameters kept) with the filters' parameters set, or removed where there is no filter. */
export function filtersToSearch(filters: AccessLogFilters, search = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(search);
  if (filters.kinds.length > 0) next.set(KINDS_PARAM, filters.kinds.join(','));
  else next.delete(KINDS_PARAM);
  for (const [key, name] of Object.entries(NUMBER_PARAMS) as [NumberFilter, string][]) {
    const value = filters[key];
    if (value === null) next.delete(name);
    else next.set(name, String(value));
  }
  return next;
}

/** The query of `GET .../access_log` for the filters and the page older than `beforeId` (null: the newest). */
export function accessLogParams(filters: AccessLogFilters, beforeId: number | null): QueryParams {
  const params: QueryParams = {};
  if (filters.kinds.length > 0) params.kinds = filters.kinds.join(',');
  for (const [key, name] of Object.entries(NUMBER_PARAMS) as [NumberFilter, string][]) {
    const value = filters[key];
    if (value !== null) params[name] = value;
  }
  if (beforeId !== null) params.before_id = beforeId;
  params.limit = PAGE_SIZE;
  return params;
}

/** One string per distinct set of filters: the paging starts again from the newest page when it changes. */
export function filtersKey(filters: AccessLogFilters): string {
  return filtersToSearch(filters).toString();
}

export function hasFilters(filters: AccessLogFilters): boolean {
  return filtersKey(filters) !== '';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The date-time picker's value (`YYYY-MM-DD HH:mm:ss` in the browser's zone) for a time, or null. */
export function toPickerValue(ms: number | null): string | null {
  if (ms === null) return null;
  const d = new Date(ms);
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The time (UTC ms) of a date-time picker's value read in the browser's zone, or null when empty or invalid. */
export function fromPickerValue(value: string | null): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) ([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(value ?? '');
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1, 6).map(Number);
  const ms = new Date(year, month - 1, day, hours, minutes, Number(match[6] ?? 0)).getTime();
  // The Date constructor rolls impossible dates over (month 13, February 30): only a day that reads back is real.
  return toPickerValue(ms)?.slice(0, 10) === match[0].slice(0, 10) ? ms : null;
}
