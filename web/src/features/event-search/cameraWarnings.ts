import type { Camera } from '../../api/types';
import { isCameraOnline } from '../cameras';

export type CameraWarning = 'offline' | 'no-permission' | 'attribute-not-configured' | 'vehicle-not-configured';

/** Warnings of a camera card (spec 03 §8 "Camera warnings"); 'no-permission' (no historical right) also disables it. */
export function cameraWarnings(camera: Camera): CameraWarning[] {
  const warnings: CameraWarning[] = [];
  if (!isCameraOnline(camera)) warnings.push('offline');
  if (camera.permissions?.historical === false) warnings.push('no-permission');
  const features = camera.config?.features;
  if (!features?.hasAttributeDetection) warnings.push('attribute-not-configured');
  if (!features?.hasVehicleDetection) warnings.push('vehicle-not-configured');
  return warnings;
}

/** Whether the camera can be searched at all (historical right; no permission data means allowed). */
export function isSearchable(camera: Camera): boolean {
  return camera.permissions?.historical !== false;
}

/**
 * Cameras that cannot match the people or vehicle filter in use (no people or vehicle detection configured): marked
 * incompatible, with a warning when the filter is turned on (spec 03 §4).
 */
export function incompatibleCameras(cameras: readonly Camera[], filters: { people: boolean; vehicles: boolean }): number[] {
  return cameras
    .filter((camera) => {
      const features = camera.config?.features;
      return (filters.people && !features?.hasPeopleDetection) || (filters.vehicles && !features?.hasVehicleDetection);
    })
    .map((camera) => camera.id);
}
