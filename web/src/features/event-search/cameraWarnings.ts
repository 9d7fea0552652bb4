import type { Camera } from '../../api/types';
import { isCameraOnline } from '../cameras';
import type { ResultFilters } from './results';

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

type Feature = 'hasPeopleDetection' | 'hasVehicleDetection' | 'hasAttributeDetection';

function hasFeature(camera: Camera, feature: Feature): boolean {
  return camera.config?.features?.[feature] === true;
}

type AttributeFilters = Pick<ResultFilters, 'topClothing' | 'bottomClothing' | 'vehicleColor' | 'vehicleType'>;

/** Colour filters (clothing or vehicle colour) need attribute detection; vehicle filters (colour or type) need vehicle detection. */
function attributeNeeds(filters: Partial<AttributeFilters>): { colour: boolean; vehicle: boolean } {
  const used = (values?: readonly string[]) => (values?.length ?? 0) > 0;
  return {
    colour: used(filters.topClothing) || used(filters.bottomClothing) || used(filters.vehicleColor),
    vehicle: used(filters.vehicleColor) || used(filters.vehicleType),
  };
}

/**
 * Cameras that cannot match the filters in use, marked incompatible (spec 03 §4): people or vehicles without that
 * detection, colour filters without attribute detection, vehicle colour or type without vehicle detection.
 */
export function incompatibleCameras(
  cameras: readonly Camera[],
  filters: Pick<ResultFilters, 'people' | 'vehicles'> & Partial<AttributeFilters>,
): number[] {
  const needs = attributeNeeds(filters);
  return cameras
    .filter(
      (camera) =>
        (filters.people && !hasFeature(camera, 'hasPeopleDetection')) ||
        (filters.vehicles && !hasFeature(camera, 'hasVehicleDetection')) ||
        (needs.colour && !hasFeature(camera, 'hasAttributeDetection')) ||
        (needs.vehicle && !hasFeature(camera, 'hasVehicleDetection')),
    )
    .map((camera) => camera.id);
}

/** Which attribute filters some selected camera supports (vehicle colour needs both detections on one camera). */
export function attributeSupport(cameras: readonly Camera[]): { clothing: boolean; vehicleColor: boolean; vehicleType: boolean } {
  return {
    clothing: cameras.some((camera) => hasFeature(camera, 'hasAttributeDetection')),
    vehicleColor: cameras.some((camera) => hasFeature(camera, 'hasAttributeDetection') && hasFeature(camera, 'hasVehicleDetection')),
    vehicleType: cameras.some((camera) => hasFeature(camera, 'hasVehicleDetection')),
  };
}

export type AttributeWarning = 'colour' | 'vehicle' | 'colour-vehicle';

/**
 * The 6 s warning when a change starts using colour and/or vehicle filters while selected cameras lack attribute or
 * vehicle detection: its kind and those cameras; null when nothing new is incompatible.
 */
export function attributeIncompatibility(
  cameras: readonly Camera[],
  before: Partial<AttributeFilters>,
  after: Partial<AttributeFilters>,
): { warning: AttributeWarning; cameraIds: number[] } | null {
  const was = attributeNeeds(before);
  const now = attributeNeeds(after);
  const lacking = (feature: Feature) => cameras.filter((camera) => !hasFeature(camera, feature)).map((camera) => camera.id);
  const colour = now.colour && !was.colour ? lacking('hasAttributeDetection') : [];
  const vehicle = now.vehicle && !was.vehicle ? lacking('hasVehicleDetection') : [];
  if (colour.length === 0 && vehicle.length === 0) return null;
  const warning: AttributeWarning = colour.length > 0 && vehicle.length > 0 ? 'colour-vehicle' : colour.length > 0 ? 'colour' : 'vehicle';
  return { warning, cameraIds: [...new Set([...colour, ...vehicle])] };
}
