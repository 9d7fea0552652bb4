import type { Camera } from '../../api/types';

/** Only 'active' means online (spec 01 §3). */
export function isCameraOnline(camera: Pick<Camera, 'status'>): boolean {
  return camera.status === 'active';
}

/** 'active' or 'alerting' cameras are up and come first in the list. */
export function isCameraUp(camera: Pick<Camera, 'status'>): boolean {
  return camera.status === 'active' || camera.status === 'alerting';
}

/** The name shown for a camera: its name, or its MAC when it has none. */
export function cameraDisplayName(camera: Pick<Camera, 'name' | 'mac'>): string {
  const name = camera.name?.trim();
  return name ? name : camera.mac;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** List order: up (active or alerting) first, then by name (or MAC when no name), then by id. */
export function compareCameras(a: Camera, b: Camera): number {
  const up = Number(isCameraUp(b)) - Number(isCameraUp(a));
  if (up !== 0) return up;
  const byName = collator.compare(cameraDisplayName(a), cameraDisplayName(b));
  return byName !== 0 ? byName : a.id - b.id;
}

/** A sorted copy of the cameras; the input is left untouched. */
export function orderCameras(cameras: readonly Camera[]): Camera[] {
  return [...cameras].sort(compareCameras);
}

/** Search: case-insensitive substring of the display name, product short description or any tag. */
export function matchesCameraSearch(camera: Camera, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return true;
  const haystack = [cameraDisplayName(camera), camera.product_short_description ?? '', ...(camera.tags ?? [])];
  return haystack.some((text) => text.toLocaleLowerCase().includes(needle));
}

export function filterCameras(cameras: readonly Camera[], search: string): Camera[] {
  return cameras.filter((camera) => matchesCameraSearch(camera, search));
}

/** Camera fields a status refresh brings besides the id and the channel (STATUS_REFRESH_FIELDS). */
const STATUS_FIELDS = ['status', 'offline_reason', 'offline_since_ms', 'recording_problem'] as const;
type StatusField = (typeof STATUS_FIELDS)[number];

/** What a status refresh answers for one camera (the status fields, every 120th time the channel too). */
export type CameraUpdate = Pick<Camera, 'id'> & Partial<Pick<Camera, StatusField | 'channel'>>;

/**
 * Merges a status refresh into the cached list, in place (an Immer draft from `updateQueryData`).
 * Cameras missing from the refresh are left as they are; unknown ids are ignored (they lack the other fields).
 */
export function mergeCameraUpdates(cameras: Camera[], updates: readonly CameraUpdate[]): void {
  const byId = new Map(updates.map((update) => [update.id, update]));
  for (const camera of cameras) {
    const update = byId.get(camera.id);
    if (!update) continue;
    for (const field of STATUS_FIELDS) {
      if (update[field] !== undefined && update[field] !== camera[field]) Object.assign(camera, { [field]: update[field] });
    }
    if (update.channel && !sameFields(camera.channel, update.channel)) {
      camera.channel = { ...camera.channel, ...update.channel };
    }
  }
}

/** Whether every field of `patch` already has that value in `target` (unchanged data must not re-render the list). */
function sameFields<T extends object>(target: T, patch: Partial<T>): boolean {
  return (Object.keys(patch) as (keyof T)[]).every((key) => Object.is(target[key], patch[key]));
}
