import type { Camera } from '../../api/types';
import { lastViewedCameraKey } from './constants';

/** The stored last viewed camera id, or null when none, unreadable or storage is inaccessible. */
export function readLastViewedCamera(userId: number, networkId: number): number | null {
  try {
    const raw = window.localStorage.getItem(lastViewedCameraKey(userId, networkId));
    const id = raw == null ? NaN : Number(JSON.parse(raw));
    return Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

export function writeLastViewedCamera(userId: number, networkId: number, cameraId: number): void {
  try {
    window.localStorage.setItem(lastViewedCameraKey(userId, networkId), JSON.stringify(cameraId));
  } catch (error) {
    console.warn('Unable to access Local Storage', error);
  }
}

/** Index target: the last viewed camera when it is still in the list, otherwise the first camera of the list. */
export function pickIndexCamera(orderedCameras: readonly Camera[], lastViewedId: number | null): number | undefined {
  const lastViewed = lastViewedId == null ? undefined : orderedCameras.find((camera) => camera.id === lastViewedId);
  return (lastViewed ?? orderedCameras[0])?.id;
}
