/** A point in screen coordinates: x to the right, y downwards. */
export interface ScreenPoint {
  x: number;
  y: number;
}

/** The wedge of a camera's field of view around its dot. */
export interface FovCone {
  /** Edge counter-clockwise of the viewing direction. */
  left: ScreenPoint;
  /** Edge clockwise of the viewing direction. */
  right: ScreenPoint;
  /** SVG path: centre, left edge, arc to the right edge, back to the centre. */
  path: string;
}

const round = (value: number): number => Math.round(value * 1000) / 1000 + 0;

/**
 * Point at `radius` from `center` in direction `bearingDeg`, measured clockwise from up (north), the way
 * `config.fov_rotation` is given. Screen y grows downwards, hence the minus on the cosine.
 */
export function pointAtBearing(center: ScreenPoint, bearingDeg: number, radius: number): ScreenPoint {
  const radians = (bearingDeg * Math.PI) / 180;
  return { x: round(center.x + radius * Math.sin(radians)), y: round(center.y - radius * Math.cos(radians)) };
}

/** Field-of-view wedge of `spreadDeg` centred on `rotationDeg` (clockwise from up). */
export function fovCone(center: ScreenPoint, rotationDeg: number, radius: number, spreadDeg: number): FovCone {
  const spread = Math.min(Math.max(spreadDeg, 0), 359.9);
  const left = pointAtBearing(center, rotationDeg - spread / 2, radius);
  const right = pointAtBearing(center, rotationDeg + spread / 2, radius);
  const largeArc = spread > 180 ? 1 : 0;
  // Sweep flag 1: the arc runs clockwise on screen, from the left edge to the right edge.
  const path =
    `M ${round(center.x)} ${round(center.y)} L ${left.x} ${left.y} ` +
    `A ${radius} ${radius} 0 ${largeArc} 1 ${right.x} ${right.y} Z`;
  return { left, right, path };
}
