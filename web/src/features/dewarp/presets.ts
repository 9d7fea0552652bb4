import { type DewarpView, type Mount, wrapAngle } from './projection';

/** Field of view of the selector's presets (spec 02 §2 "Preview field of view is 60"). */
export const PRESET_FOV = 60;

/** A preset of the view selector: `view` null is the full view (the raw fisheye circle). */
export interface DewarpPreset {
  id: string;
  /** i18n key in the `dewarp` namespace. */
  labelKey: string;
  view: DewarpView | null;
}

const at = (phi: number, theta: number): DewarpView => ({ phi, theta, fov: PRESET_FOV });

/**
 * Five presets per mount (spec 02 §2). Ceiling: the full circle and four views 45 degrees off the lens axis
 * (phi 0.75 pi) in 90-degree steps round it. Wall: the full circle, the centre (phi pi/2, theta 0 — the default wall
 * view), left and right (theta ∓ pi/3: a 60-degree view whose outer edge is at the 180-degree lens's rim) and down
 * (phi 0.75 pi), the parts of a wall camera's picture people look at.
 */
export const CEILING_PRESETS: readonly DewarpPreset[] = [
  { id: 'ceiling-full', labelKey: 'preset-full', view: null },
  { id: 'ceiling-0', labelKey: 'preset-view-0', view: at(0.75 * Math.PI, 0) },
  { id: 'ceiling-90', labelKey: 'preset-view-90', view: at(0.75 * Math.PI, Math.PI / 2) },
  { id: 'ceiling-180', labelKey: 'preset-view-180', view: at(0.75 * Math.PI, Math.PI) },
  { id: 'ceiling-270', labelKey: 'preset-view-270', view: at(0.75 * Math.PI, 1.5 * Math.PI) },
];

export const WALL_PRESETS: readonly DewarpPreset[] = [
  { id: 'wall-full', labelKey: 'preset-full', view: null },
  { id: 'wall-centre', labelKey: 'preset-centre', view: at(Math.PI / 2, 0) },
  { id: 'wall-left', labelKey: 'preset-left', view: at(Math.PI / 2, -Math.PI / 3) },
  { id: 'wall-right', labelKey: 'preset-right', view: at(Math.PI / 2, Math.PI / 3) },
  { id: 'wall-down', labelKey: 'preset-down', view: at(0.75 * Math.PI, 0) },
];

export function presetsFor(mount: Mount): readonly DewarpPreset[] {
  return mount === 'wall' ? WALL_PRESETS : CEILING_PRESETS;
}

const ANGLE_EPSILON = 1e-3;

/** Same pointing direction: phi equal and theta equal modulo a full turn (to a thousandth of a radian). */
export function sameOrientation(a: Pick<DewarpView, 'phi' | 'theta'>, b: Pick<DewarpView, 'phi' | 'theta'>): boolean {
  if (Math.abs(a.phi - b.phi) > ANGLE_EPSILON) return false;
  const d = wrapAngle(a.theta - b.theta);
  return Math.min(d, 2 * Math.PI - d) <= ANGLE_EPSILON;
}

/** The preset a view is (same orientation and fov), if any; the full view for null. */
export function matchingPreset(mount: Mount, view: DewarpView | null): DewarpPreset | undefined {
  return presetsFor(mount).find((preset) =>
    preset.view === null || view === null
      ? preset.view === view
      : sameOrientation(preset.view, view) && Math.abs(preset.view.fov - view.fov) < 0.5,
  );
}
