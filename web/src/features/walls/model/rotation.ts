import { LOCAL_STORAGE_ERROR } from '../../preferences/preferencesSlice';

/**
 * Wall rotations (spec 02 §3 "Rotation", "Local rotation settings"; §4 "Rotation", "Cycling", "Auto-refresh"; §5; §9)
 * with the server's limits (docs/design/walls.md "Rotations"): validation, cycling through walls from the URL, the wall
 * page's auto-refresh address, and the rotation settings the browser remembers per network.
 */

// ---- Constants ----

export const ROTATION_NAME_MAX_LENGTH = 255;
/** Wait per wall, seconds: on-screen minimum 10 (spec §5), maximum the video-cycle constant 3600 (spec §9). */
export const MIN_WAIT_S = 10;
export const MAX_WAIT_S = 3600;
export const DEFAULT_WAIT_S = 10;
/** A rotation shows at least two different walls (spec §5; the server counts distinct ids). */
export const MIN_ROTATION_WALLS = 2;

/** The wall page reloads itself after 3 hours with has_video_wall_auto_refresh (spec §4). */
export const WALL_REFRESH_MS = 10_800_000;
/** Analytics shut down after 1 hour idle (spec §4). */
export const IDLE_SHUTDOWN_MS = 3_600_000;
/** Memory telemetry period while a wall page is open (spec §7). */
export const MEMORY_REPORT_MS = 1_805_000;

// ---- Validation ----

/** An error as an i18n key and its values, e.g. {key: 'minimum-seconds-error', values: {min: 10}}. */
export interface ValidationError {
  key: string;
  values?: Record<string, number>;
}

export interface RotationDraft {
  name: string;
  /** Seconds; NaN or a non-integer when the field holds no whole number. */
  waitDuration: number;
  videoWallSequence: readonly (number | string)[];
}

export interface RotationValidation {
  /** Errors to show. The empty-name error only shows once the name field was touched. */
  errors: { name?: ValidationError; waitDuration?: ValidationError; videoWallSequence?: ValidationError };
  /** Whether the draft may be saved (an untouched empty name still makes it invalid). */
  isValid: boolean;
}

/**
 * Spec §5: name required ('minimum-name-length-error' once touched and empty) and at most 255 characters
 * ('maximum-name-length-error' {max}); wait an integer of 10..3600 s ('minimum-seconds-error' {min},
 * 'maximum-seconds-error' {max}; a fraction gives 'integer-seconds-error'); at least 2 different walls
 * ('minimum-walls-error' {min}). Names are trimmed and counted in code points, as the server does.
 */
export function validateRotation(draft: RotationDraft, touched: { name?: boolean } = {}): RotationValidation {
  const errors: RotationValidation['errors'] = {};
  const name = draft.name.trim();
  const nameLength = [...name].length;
  const nameEmpty = nameLength === 0;
  if (nameEmpty && touched.name) errors.name = { key: 'minimum-name-length-error' };
  if (nameLength > ROTATION_NAME_MAX_LENGTH) {
    errors.name = { key: 'maximum-name-length-error', values: { max: ROTATION_NAME_MAX_LENGTH } };
  }

  const wait = draft.waitDuration;
  if (!Number.isFinite(wait) || wait < MIN_WAIT_S) {
    errors.waitDuration = { key: 'minimum-seconds-error', values: { min: MIN_WAIT_S } };
  } else if (wait > MAX_WAIT_S) {
    errors.waitDuration = { key: 'maximum-seconds-error', values: { max: MAX_WAIT_S } };
  } else if (!Number.isInteger(wait)) {
    errors.waitDuration = { key: 'integer-seconds-error' };
  }

  if (new Set(draft.videoWallSequence.map(String)).size < MIN_ROTATION_WALLS) {
    errors.videoWallSequence = { key: 'minimum-walls-error', values: { min: MIN_ROTATION_WALLS } };
  }

  const isValid = !nameEmpty && errors.name === undefined && !errors.waitDuration && !errors.videoWallSequence;
  return { errors, isValid };
}

/** A wait clamped to a whole number of seconds within 10..3600 (local cycle settings, spec §5). */
export function clampWait(seconds: number): number {
  if (!Number.isFinite(seconds)) return DEFAULT_WAIT_S;
  return Math.min(Math.max(Math.round(seconds), MIN_WAIT_S), MAX_WAIT_S);
}

// ---- Cycling through walls (query parameters) ----

export interface CycleParams {
  /** cycleLayoutIds: the walls to cycle through, in order. */
  layoutIds: number[];
  /** duration: seconds per wall, an integer raised to the minimum 10; null when absent or not a number. */
  duration: number | null;
  /** autostart=true starts cycling on load. */
  autostart: boolean;
}

/**
 * Reads cycleLayoutIds (comma list; pieces that are not whole ids are dropped), duration and autostart (spec §4).
 */
export function parseCycleParams(searchParams: URLSearchParams): CycleParams {
  const layoutIds = (searchParams.get('cycleLayoutIds') ?? '')
    .split(',')
    .map((piece) => piece.trim())
    .filter((piece) => /^\d+$/.test(piece))
    .map(Number);
  const rawDuration = searchParams.get('duration');
  const duration = rawDuration != null && /^\s*-?\d+(\.\d+)?\s*$/.test(rawDuration) ? Number(rawDuration) : NaN;
  return {
    layoutIds,
    duration: Number.isFinite(duration) ? Math.max(Math.floor(duration), MIN_WAIT_S) : null,
    autostart: searchParams.get('autostart') === 'true',
  };
}

/** The cycle as query parameters: cycleLayoutIds=1,2,3&duration=30&autostart=true|false. */
export function cycleSearchParams(cycle: CycleParams): URLSearchParams {
  const params = new URLSearchParams();
  params.set('cycleLayoutIds', cycle.layoutIds.join(','));
  if (cycle.duration != null) params.set('duration', String(cycle.duration));
  params.set('autostart', String(cycle.autostart));
  return params;
}

/** The cycle as a query string without '?', commas left readable: cycleLayoutIds=7001,7002&duration=10&autostart=true. */
export function cycleQuery(cycle: CycleParams): string {
  return cycleSearchParams(cycle).toString().replace(/%2C/gi, ',');
}

/** `search` (other parameters kept, e.g. fullPage) with the cycle's parameters set; no '?'. */
export function withCycleQuery(search: string, cycle: CycleParams): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of cycleSearchParams(cycle)) params.set(key, value);
  return params.toString().replace(/%2C/gi, ',');
}

/** Whether a query carries a cycle that runs: autostart=true and at least one wall id (spec §4). */
export function isCycleActive(cycle: CycleParams): boolean {
  return cycle.autostart && cycle.layoutIds.length > 0;
}

/** A place in a cycle: the wall and its index in the sequence (a wall may be listed more than once). */
export interface CyclePlace {
  id: number;
  index: number;
}

/**
 * The place after the current one in the sequence, wrapping to the first (spec §4). The current place is `index` when
 * the sequence has `currentId` there (the page keeps it: a wall listed twice is shown at each of its places), else
 * the first place of `currentId`; a current wall that is not in the sequence gives the first place, an empty sequence
 * undefined.
 */
export function nextCyclePlace(
  sequence: readonly number[],
  currentId: number | null | undefined,
  index?: number | null,
): CyclePlace | undefined {
  if (sequence.length === 0) return undefined;
  const here =
    index != null && sequence[index] === currentId ? index : currentId == null ? -1 : sequence.indexOf(currentId);
  const next = (here + 1) % sequence.length;
  return { id: sequence[next], index: next };
}

/** The wall after `currentId` (its first place) in the sequence: nextCyclePlace's wall. */
export function nextWallId(sequence: readonly number[], currentId: number | null | undefined): number | undefined {
  return nextCyclePlace(sequence, currentId)?.id;
}

/**
 * Where the wall page reloads to after WALL_REFRESH_MS (spec §4): the same path and query, with the cycle's ids,
 * duration and autostart when a cycle is given (pass autostart true for a running rotation so it resumes); without
 * one the query stays as it is. Returns path + query + hash, for `window.location.assign`.
 */
export function autoRefreshUrl(
  location: { pathname: string; search: string; hash?: string },
  cycle?: CycleParams | null,
): string {
  const params = new URLSearchParams(location.search);
  if (cycle) {
    for (const [key, value] of cycleSearchParams(cycle)) params.set(key, value);
    if (cycle.duration == null) params.delete('duration');
  }
  const query = params.toString().replace(/%2C/gi, ',');
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash ?? ''}`;
}

// ---- What the browser remembers ----

/** Local rotation settings of a network (spec §3): the walls, seconds per wall and autostart. */
export interface LocalRotationSettings {
  layouts: number[];
  duration: number;
  autostart: boolean;
}

export const DEFAULT_ROTATION_SETTINGS: LocalRotationSettings = {
  layouts: [],
  duration: DEFAULT_WAIT_S,
  autostart: false,
};

export function rotationSettingsKey(networkId: number): string {
  return `mki-wall-rotation-${networkId}`;
}

/** The stored settings of a network over the defaults; missing, unreadable or inaccessible storage gives defaults. */
export function loadRotationSettings(networkId: number): LocalRotationSettings {
  try {
    const raw = window.localStorage.getItem(rotationSettingsKey(networkId));
    if (raw == null) return DEFAULT_ROTATION_SETTINGS;
    const stored = JSON.parse(raw) as Partial<Record<keyof LocalRotationSettings, unknown>>;
    return {
      layouts: Array.isArray(stored.layouts) ? stored.layouts.filter((id): id is number => Number.isInteger(id)) : [],
      duration: typeof stored.duration === 'number' ? clampWait(stored.duration) : DEFAULT_WAIT_S,
      autostart: stored.autostart === true,
    };
  } catch {
    console.warn(LOCAL_STORAGE_ERROR);
    return DEFAULT_ROTATION_SETTINGS;
  }
}

/**
 * Stores a network's settings with the duration clamped (spec §5 "Local cycle duration is clamped to the minimum on
 * save"); returns 'Unable to access Local Storage' when the browser refuses, else null.
 */
export function saveRotationSettings(networkId: number, settings: LocalRotationSettings): string | null {
  try {
    const clamped = { ...settings, duration: clampWait(settings.duration) };
    window.localStorage.setItem(rotationSettingsKey(networkId), JSON.stringify(clamped));
    return null;
  } catch {
    console.warn(LOCAL_STORAGE_ERROR);
    return LOCAL_STORAGE_ERROR;
  }
}
