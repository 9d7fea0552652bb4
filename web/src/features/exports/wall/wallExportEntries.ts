import type { Camera } from '../../../api/types';
import type { TimeRange } from '../../../components/timePicker';
import { cameraDisplayName } from '../../cameras/cameraModel';
import { mountOf } from '../../dewarp/views';
import { tileKey } from '../../walls/tile/tileViewModel';
import type { VideoWall, WallTile } from '../../walls/wallsApi';
import { exportInput } from '../camera/exportRequest';
import type { ExportInput } from '../exportsApi';
import { isValidFilename } from '../filename';

/** A tile of the wall with a camera: what an export entry is made from. */
export interface WallExportSource {
  /** The tile's `tileKey` (place and channel): stable across the wall list's refetches. */
  key: string;
  /** The tile's number in the wall's order, from 1 (the filename's fallback suffix). */
  tile: number;
  wallTile: WallTile;
  camera: Camera;
  /** The camera has no export right: listed, never selected nor exported ('Insufficient permissions'). */
  blocked: boolean;
}

/** Where an entry's last export stands: being sent, created (its job) or refused (the server's message). */
export type EntryOutcome =
  | { state: 'exporting' }
  | { state: 'created'; jobId: number }
  | { state: 'failed'; message: string };

/** One export entry of the drawer (spec 03 §3 "Video wall export entry": tile, filename, exportRange, camera). */
export interface WallExportEntry extends WallExportSource {
  /** As typed; empty: `fallbackFilename`. */
  filename: string;
  exportRange: TimeRange;
  selected: boolean;
  outcome?: EntryOutcome;
}

/** The wall's tiles with a camera, in the wall's order (tiles the user may not see have none). */
export function exportSources(wall: Pick<VideoWall, 'tiles'>): WallExportSource[] {
  return wall.tiles.flatMap((wallTile, index) => {
    const camera = wallTile.camera as Camera | null | undefined;
    if (!camera) return [];
    const blocked = camera.permissions?.export === false;
    return [{ key: tileKey(wallTile), tile: index + 1, wallTile, camera, blocked }];
  });
}

/** What follows the camera's name in an entry's default filename: ' - tile 3'. */
export const TILE_SUFFIX = ' - tile ';

/**
 * An entry's filename when none is typed (spec 03 §5): the camera's name plus the tile suffix, 'Lobby - tile 3'. The
 * name is made to pass the filename rule: accents dropped, other characters outside it become spaces.
 */
export function fallbackFilename(camera: Pick<Camera, 'name' | 'mac'>, tile: number): string {
  const name = cameraDisplayName(camera)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 _.-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${name || 'Camera'}${TILE_SUFFIX}${tile}`;
}

/** The filename an entry is exported under. */
export function entryFilename(entry: Pick<WallExportEntry, 'filename' | 'camera' | 'tile'>): string {
  return entry.filename.trim() || fallbackFilename(entry.camera, entry.tile);
}

export function hasValidFilename(entry: Pick<WallExportEntry, 'filename'>): boolean {
  return isValidFilename(entry.filename.trim());
}

function hasValidRange({ exportRange }: Pick<WallExportEntry, 'exportRange'>): boolean {
  return Math.floor(exportRange.endMs / 1000) > Math.floor(exportRange.startMs / 1000);
}

/**
 * 'Export all' is enabled with at least one entry selected, every selected entry's range valid and no invalid
 * filename in the list (spec 03 §5: an invalid filename disables export-all), while no export runs.
 */
export function canExportAll(entries: readonly WallExportEntry[], running: boolean): boolean {
  const selected = entries.filter((entry) => entry.selected);
  return (
    !running &&
    selected.length > 0 &&
    selected.every(hasValidRange) &&
    entries.every((entry) => entry.blocked || hasValidFilename(entry))
  );
}

/**
 * POST .../video/export's body for an entry: the camera's channel, t0/t1 in seconds, the schedule in ms (now when none
 * or passed), its filename or the fallback; the tile's imager and its dewarped view (phi, theta, fov, wall mount).
 */
export function entryExportInput(entry: WallExportEntry, scheduleMs: number | null, nowMs: number): ExportInput {
  const { wallTile, camera } = entry;
  const input = exportInput(camera, { filename: entryFilename(entry), range: entry.exportRange, scheduleMs }, nowMs);
  const { phi, theta, fov } = wallTile;
  const view = phi != null ? { phi, theta: theta ?? 0, fov: fov ?? 0, isWallMounted: mountOf(camera) === 'wall' } : {};
  return { ...input, ...(wallTile.imager_id != null ? { imager_id: wallTile.imager_id } : {}), ...view };
}
