import {
  DEFAULT_SIMILARITY_SORT,
  DEFAULT_SIMILARITY_THUMBNAIL,
  DEFAULT_THRESHOLD,
  JOB_RESULTS,
  JOB_THRESHOLD,
  JOB_TIMEOUT_S,
  SIMILARITY_THUMBNAILS,
  SIMILARITY_WINDOW_MS,
  type SimilaritySortOrder,
  type SimilarityThumbnailSize,
  THRESHOLD_MAX,
  THRESHOLD_MIN,
} from './constants';
import type { SimilarityRequest } from './types';

/** The similarity search's settings kept in the query string (spec 03 §1). */
export interface SimilaritySettings {
  /** Serials of the cameras whose results are hidden (`hiddenSerials`, a JSON list). */
  hiddenSerials: string[];
  /** Least similarity shown, 90..100 %. */
  threshold: number;
  sortOrder: SimilaritySortOrder;
  thumbnailSize: SimilarityThumbnailSize;
  /** The timeframe searched, UTC ms. */
  t0: number;
  t1: number;
}

/** The job may span at most 7 days (docs/api/openapi.yaml). */
const MAX_SPAN_MS = 7 * 24 * 60 * 60 * 1000;

/** From 1 hour before to 1 hour after the track's time, capped at now (spec 03 §2 "Timeframe box"). */
export function defaultTimeframe(tsS: number, nowMs: number): { t0: number; t1: number } {
  const atMs = tsS * 1000;
  return { t0: atMs - SIMILARITY_WINDOW_MS, t1: Math.min(atMs + SIMILARITY_WINDOW_MS, nowMs) };
}

function parseSerials(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

function parseInteger(text: string | null): number | null {
  return text !== null && /^-?\d+$/.test(text) ? Number(text) : null;
}

/**
 * Reads the settings of the address of track time `tsS` (seconds): unknown or malformed values take their defaults —
 * threshold 96 (others are put within 90..100), ascending, the default thumbnail size, the timeframe around the track;
 * a `t1` in the future is cut at now, and a timeframe that is empty or over 7 days is the default one.
 */
export function parseSimilaritySettings(search: URLSearchParams, tsS: number, nowMs: number): SimilaritySettings {
  const threshold = parseInteger(search.get('threshold'));
  const sortOrder = search.get('sortOrder');
  const size = search.get('thumbnailSize');
  const fallback = defaultTimeframe(tsS, nowMs);
  const t0 = parseInteger(search.get('t0')) ?? fallback.t0;
  const t1 = Math.min(parseInteger(search.get('t1')) ?? fallback.t1, nowMs);
  const timeframe = t0 < t1 && t1 - t0 <= MAX_SPAN_MS ? { t0, t1 } : fallback;
  return {
    hiddenSerials: parseSerials(search.get('hiddenSerials')),
    threshold: threshold === null ? DEFAULT_THRESHOLD : Math.min(THRESHOLD_MAX, Math.max(THRESHOLD_MIN, threshold)),
    sortOrder: sortOrder === 'ascending' || sortOrder === 'descending' ? sortOrder : DEFAULT_SIMILARITY_SORT,
    thumbnailSize:
      size !== null && size in SIMILARITY_THUMBNAILS ? (size as SimilarityThumbnailSize) : DEFAULT_SIMILARITY_THUMBNAIL,
    ...timeframe,
  };
}

/** The query string with `change` written into `search` (other parameters kept; no hidden cameras: no parameter). */
export function withSimilaritySettings(search: URLSearchParams, change: Partial<SimilaritySettings>): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(change)) {
    if (key === 'hiddenSerials') {
      const serials = value as string[];
      if (serials.length > 0) next.set(key, JSON.stringify(serials));
      else next.delete(key);
    } else if (value !== undefined) {
      next.set(key, String(value));
    }
  }
  return next;
}

/** The similarity search route of a track (spec 03 §1): `/n/{networkId}/similarity-search/{serial}/{trackId}/{ts}`, ts in s. */
export function similarityPath(networkId: number, serial: string, trackId: string, tsS: number): string {
  return `/n/${networkId}/similarity-search/${encodeURIComponent(serial)}/${encodeURIComponent(trackId)}/${Math.floor(tsS)}`;
}

/** The job's body with the spec's constants: 20 s timeout, 10 results, threshold 0.1, thumbnails, no embedding. */
export function similarityRequest(trackId: string, t0: number, t1: number, cameras?: string[]): SimilarityRequest {
  return {
    trackId,
    t0: Math.floor(t0),
    t1: Math.ceil(t1),
    ...(cameras && cameras.length > 0 && { cameras }),
    timeout: JOB_TIMEOUT_S,
    results: JOB_RESULTS,
    threshold: JOB_THRESHOLD,
    includeThumbnails: true,
    includeEmbedding: false,
  };
}
