import { LOCAL_STORAGE_ERROR } from '../../preferences/preferencesSlice';

/** Local storage key of the last viewed wall, per organization and network (spec 02 §2, §7). */
export function lastViewedWallKey(orgId: number, networkId: number): string {
  return `mki-last-viewed-wall-${orgId}-${networkId}`;
}

/** The stored wall id, or null when none, unreadable or storage is inaccessible. */
export function readLastViewedWall(orgId: number, networkId: number): number | null {
  try {
    const raw = window.localStorage.getItem(lastViewedWallKey(orgId, networkId));
    const id = raw == null ? NaN : Number(JSON.parse(raw));
    return Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

export function writeLastViewedWall(orgId: number, networkId: number, wallId: number): void {
  try {
    window.localStorage.setItem(lastViewedWallKey(orgId, networkId), JSON.stringify(wallId));
  } catch (error) {
    console.warn(LOCAL_STORAGE_ERROR, error);
  }
}

export function forgetLastViewedWall(orgId: number, networkId: number): void {
  try {
    window.localStorage.removeItem(lastViewedWallKey(orgId, networkId));
  } catch (error) {
    console.warn(LOCAL_STORAGE_ERROR, error);
  }
}

/** Index target: the last viewed wall when it is still listed, else the first wall; undefined without walls. */
export function pickIndexWall(walls: readonly { id: number }[], lastViewedId: number | null): number | undefined {
  const lastViewed = lastViewedId == null ? undefined : walls.find((wall) => wall.id === lastViewedId);
  return (lastViewed ?? walls[0])?.id;
}
