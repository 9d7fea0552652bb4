import type { Camera, FloorPlan } from '../../api/types';

/** A floor plan whose node_ids is always a list of camera ids. */
export type NormalizedFloorPlan = Omit<FloorPlan, 'node_ids'> & { node_ids: number[] };

/** Image-coordinate bounds of a plan as Leaflet expects them: [[south, west], [north, east]]. */
export type PlanBounds = [[number, number], [number, number]];

/** A camera that has a position on a plan. */
export type PlacedCamera = Camera & { position: NonNullable<Camera['position']> };

/** node_ids may arrive as an array or as a comma-separated string ("12, 13,14"); both become numbers. */
export function parseNodeIds(nodeIds: unknown): number[] {
  const parts: unknown[] = typeof nodeIds === 'string' ? nodeIds.split(',') : Array.isArray(nodeIds) ? nodeIds : [];
  return parts
    .map((part) => (typeof part === 'number' ? part : Number(String(part).trim())))
    .filter((id) => Number.isInteger(id) && id > 0);
}

export function normalizeFloorPlan(plan: FloorPlan): NormalizedFloorPlan {
  return { ...plan, node_ids: parseNodeIds(plan.node_ids) };
}

export function hasPosition(camera: Camera): camera is PlacedCamera {
  const position = camera.position;
  return position != null && Number.isFinite(position.lat) && Number.isFinite(position.lng);
}

/** A camera belongs to its floorplan_id when it has one, otherwise to the plans that list it in node_ids. */
export function isCameraOnPlan(camera: Camera, plan: NormalizedFloorPlan): boolean {
  const floorPlanId = camera.floorplan_id;
  return floorPlanId != null ? floorPlanId === plan.id : plan.node_ids.includes(camera.id);
}

export function camerasOnPlan(cameras: readonly Camera[], plan: NormalizedFloorPlan): PlacedCamera[] {
  return cameras.filter((camera): camera is PlacedCamera => hasPosition(camera) && isCameraOnPlan(camera, plan));
}

export function planOfCamera(plans: readonly NormalizedFloorPlan[], camera: Camera): NormalizedFloorPlan | undefined {
  return plans.find((plan) => isCameraOnPlan(camera, plan));
}

/** The plan shown: the user's choice, otherwise the plan of the current camera, otherwise the first. */
export function chooseFloorPlan(
  plans: readonly NormalizedFloorPlan[],
  chosenId: number | null,
  currentCamera: Camera | undefined,
): NormalizedFloorPlan | undefined {
  const chosen = chosenId == null ? undefined : plans.find((plan) => plan.id === chosenId);
  return chosen ?? (currentCamera && planOfCamera(plans, currentCamera)) ?? plans[0];
}

/** sw/ne are image coordinates (is_geoaligned false, Leaflet CRS.Simple): lat is y, lng is x. */
export function floorPlanBounds(plan: Pick<FloorPlan, 'sw_lat' | 'sw_lng' | 'ne_lat' | 'ne_lng'>): PlanBounds {
  return [
    [plan.sw_lat, plan.sw_lng],
    [plan.ne_lat, plan.ne_lng],
  ];
}
