import type { TimeRange } from '../../../components/timePicker';
import type { TileExportCheck } from '../../walls/tile/exportChecks';
import { defaultExportRange } from '../camera/exportRequest';
import type { EntryOutcome, WallExportEntry, WallExportSource } from './wallExportEntries';

/**
 * What the user set in the drawer, per entry by its tile's key. The entries themselves follow the wall's tiles
 * (`wallExportEntries`): a tile the wall list no longer has leaves, a new one comes in selected.
 */
export interface WallExportState {
  /** One range for all entries (on by default), else each entry its own. */
  sameRange: boolean;
  range: TimeRange;
  /** When the exports run (ms); null: now. */
  scheduleMs: number | null;
  filenames: Readonly<Record<string, string>>;
  /** Each entry's own range, once changed while 'same time range' is off (until then the common range). */
  ranges: Readonly<Record<string, TimeRange>>;
  /** Entries not selected (entries are selected unless here). */
  deselected: ReadonlySet<string>;
  /** Entries taken out of the list ('add camera' puts them back). */
  removed: ReadonlySet<string>;
  outcomes: Readonly<Record<string, EntryOutcome>>;
}

export type WallExportAction =
  | { type: 'opened'; nowMs: number }
  | { type: 'sameRangeSet'; on: boolean }
  | { type: 'rangeSet'; range: TimeRange }
  | { type: 'scheduleSet'; ms: number }
  | { type: 'filenameSet'; key: string; filename: string }
  | { type: 'entryRangeSet'; key: string; range: TimeRange }
  | { type: 'toggled'; key: string }
  | { type: 'allSelected' }
  | { type: 'cleared'; keys: readonly string[] }
  | { type: 'removed'; key: string }
  | { type: 'added'; key: string }
  | { type: 'exportStarted'; key: string }
  | { type: 'exported'; key: string; jobId: number }
  | { type: 'exportFailed'; key: string; message: string };

export function initialWallExportState(nowMs: number): WallExportState {
  return {
    sameRange: true,
    range: defaultExportRange(nowMs),
    scheduleMs: null,
    filenames: {},
    ranges: {},
    deselected: new Set(),
    removed: new Set(),
    outcomes: {},
  };
}

const without = (set: ReadonlySet<string>, key: string) => new Set([...set].filter((item) => item !== key));
const withKey = (set: ReadonlySet<string>, key: string) => new Set([...set, key]);

export function wallExportReducer(state: WallExportState, action: WallExportAction): WallExportState {
  switch (action.type) {
    case 'opened':
      // Each opening starts again from the last 10 minutes, scheduled now; names, choices and outcomes stay.
      return { ...state, range: defaultExportRange(action.nowMs), ranges: {}, scheduleMs: null };
    case 'sameRangeSet':
      return { ...state, sameRange: action.on };
    case 'rangeSet':
      return { ...state, range: action.range };
    case 'scheduleSet':
      return { ...state, scheduleMs: action.ms };
    case 'filenameSet':
      return { ...state, filenames: { ...state.filenames, [action.key]: action.filename } };
    case 'entryRangeSet':
      return { ...state, ranges: { ...state.ranges, [action.key]: action.range } };
    case 'toggled':
      // A removed entry's tile checkbox puts it back, selected.
      if (state.removed.has(action.key)) return wallExportReducer(state, { type: 'added', key: action.key });
      return {
        ...state,
        deselected: (state.deselected.has(action.key) ? without : withKey)(state.deselected, action.key),
      };
    case 'allSelected':
      return { ...state, deselected: new Set() };
    case 'cleared':
      return { ...state, deselected: new Set(action.keys) };
    case 'removed':
      return { ...state, removed: withKey(state.removed, action.key) };
    case 'added':
      return {
        ...state,
        removed: without(state.removed, action.key),
        deselected: without(state.deselected, action.key),
      };
    case 'exportStarted':
      return { ...state, outcomes: { ...state.outcomes, [action.key]: { state: 'exporting' } } };
    case 'exported':
      // Done: no longer selected, so that exporting again sends only what failed or was chosen since.
      return {
        ...state,
        deselected: withKey(state.deselected, action.key),
        outcomes: { ...state.outcomes, [action.key]: { state: 'created', jobId: action.jobId } },
      };
    case 'exportFailed':
      // Kept selected with the server's message: 'Export all' tries it again.
      return { ...state, outcomes: { ...state.outcomes, [action.key]: { state: 'failed', message: action.message } } };
  }
}

/** The listed entries (the wall's tiles with a camera, in its order, less those removed) as the state makes them. */
export function wallExportEntries(sources: readonly WallExportSource[], state: WallExportState): WallExportEntry[] {
  return sources
    .filter((source) => !state.removed.has(source.key))
    .map((source) => ({
      ...source,
      filename: state.filenames[source.key] ?? '',
      exportRange: state.sameRange ? state.range : (state.ranges[source.key] ?? state.range),
      selected: !source.blocked && !state.deselected.has(source.key),
      outcome: state.outcomes[source.key],
    }));
}

/** Tiles whose entry was removed: what 'add camera' offers. */
export function removedSources(sources: readonly WallExportSource[], state: WallExportState): WallExportSource[] {
  return sources.filter((source) => state.removed.has(source.key));
}

/** Each tile's checkbox on the wall: its entry's selection; a removed entry's tile unchecked; no right: disabled. */
export function tileExportChecks(
  sources: readonly WallExportSource[],
  state: WallExportState,
): Map<string, TileExportCheck> {
  const selected = new Set(wallExportEntries(sources, state).flatMap((entry) => (entry.selected ? [entry.key] : [])));
  const check = (source: WallExportSource): TileExportCheck => {
    if (source.blocked) return 'blocked';
    return selected.has(source.key) ? 'checked' : 'unchecked';
  };
  return new Map(sources.map((source) => [source.key, check(source)]));
}
