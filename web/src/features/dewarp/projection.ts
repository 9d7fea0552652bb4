/**
 * Fisheye → perspective mapping (spec 02 §4 "Dewarp", §9 numbers). Pure: no DOM, no WebGL.
 *
 * Angles. A view is {phi, theta, fov}: phi is the tilt, the polar angle from the world's zenith (pi = straight down,
 * pi/2 = the horizon), theta the pan around the vertical, fov the horizontal field of view in degrees. This is the
 * convention in which the spec's defaults make sense: a ceiling camera looks straight down (phi = pi is the image's
 * centre) and its default view, phi 0.75 pi, is 45 degrees off the lens axis; a wall camera looks at the horizon
 * (phi = pi/2, theta = 0 is the image's centre), its default view.
 *
 * Lens. Equidistant fisheye (r = f * angle), the image circle centred, its diameter the frame's shorter side; a ray
 * at half the lens's field of view from the axis lands on the rim. Texture coordinates are [0,1] with v down (the
 * video's first row is v = 0, as WebGL uploads it without UNPACK_FLIP_Y).
 *
 * Camera frame: x right, y down (image axes), z along the lens axis. In it, each mount fixes the world's zenith and
 * the direction of theta = 0: ceiling — zenith -z, theta 0 towards the image's right (+x), theta pi/2 towards its
 * bottom (+y, so theta turns clockwise on screen); wall — zenith -y (the image's top), theta 0 along the lens axis,
 * positive theta to the right.
 */

export type { DewarpView, Mount } from './views';
import { DEWARP_ASPECT, type DewarpView, type Mount, defaultView } from './views';
export { DEWARP_ASPECT, defaultView, mountOf } from './views';

export type Vec3 = readonly [number, number, number];

/** Field of view of a dewarped view, degrees (spec 02 §5, §9). */
export const MIN_FOV_DEG = 10;
export const MAX_FOV_DEG = 85;
/** Aspect of the selector's fisheye sub-view previews (spec 02 §9); a dewarped view's is DEWARP_ASPECT. */
export const SUBVIEW_ASPECT = 4 / 3;
/** The dewarp mesh: this many cells across and down, (n + 1)^2 vertices (spec 02 §9 "fisheye dewarp grid 60x60"). */
export const DEWARP_GRID_SIZE = 60;
/** A pointer drag of this many CSS pixels turns the view by one radian (spec 02 §9 "drag divisor 400"). */
export const DRAG_DIVISOR = 400;
/** One wheel notch (or one +/- key press) scales the field of view by 1 ± this (spec 02 §9). */
export const WHEEL_ZOOM_FACTOR = 0.1;
/** A pinch scales the field of view by (finger distance ratio)^-this (spec 02 §9). */
export const PINCH_ZOOM_FACTOR = 1.5;
/** The lens's field of view, degrees: a half-sphere, as the MV32 and the demo's footage (scripts/prepare-footage.sh). */
export const DEFAULT_LENS_FOV_DEG = 180;

const TWO_PI = 2 * Math.PI;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function clampFov(fov: number): number {
  return Number.isFinite(fov) ? clamp(fov, MIN_FOV_DEG, MAX_FOV_DEG) : defaultView('ceiling').fov;
}

/** theta in [0, 2 pi). */
export function wrapAngle(angle: number): number {
  const wrapped = angle % TWO_PI;
  return wrapped < 0 ? wrapped + TWO_PI : wrapped;
}

/**
 * A view kept inside what the lens sees: fov 10..85; ceiling — phi from the horizon (pi/2) to straight down (pi),
 * theta all the way round; wall — phi from straight up to straight down, theta ±pi/2 either side of the axis.
 */
export function clampView(view: DewarpView, mount: Mount): DewarpView {
  const fov = clampFov(view.fov);
  if (mount === 'ceiling') return { phi: clamp(view.phi, Math.PI / 2, Math.PI), theta: wrapAngle(view.theta), fov };
  const theta = wrapAngle(view.theta + Math.PI) - Math.PI;
  return { phi: clamp(view.phi, 0, Math.PI), theta: clamp(theta, -Math.PI / 2, Math.PI / 2), fov };
}

/**
 * Pan and tilt by a pointer drag of (dx, dy) CSS pixels: the picture follows the pointer, so dragging right looks
 * left and dragging down looks up. Divided by 400 (spec) and scaled with the zoom, so a drag moves the picture about
 * as far at any field of view.
 */
export function dragView(view: DewarpView, dx: number, dy: number, mount: Mount): DewarpView {
  const scale = clampFov(view.fov) / defaultView(mount).fov;
  return clampView(
    { ...view, theta: view.theta - (dx / DRAG_DIVISOR) * scale, phi: view.phi - (dy / DRAG_DIVISOR) * scale },
    mount,
  );
}

/** Zoom by wheel notches (positive = out, as the wheel's deltaY): each notch scales the fov by 1 ± 0.1. */
export function wheelZoom(fov: number, notches: number): number {
  return clampFov(fov * Math.pow(1 + WHEEL_ZOOM_FACTOR, notches));
}

/** Zoom by a pinch: `ratio` is the fingers' distance now / at the start; spreading them (ratio > 1) zooms in. */
export function pinchZoom(startFov: number, ratio: number): number {
  if (!(ratio > 0)) return clampFov(startFov);
  return clampFov(startFov / Math.pow(ratio, PINCH_ZOOM_FACTOR));
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function normalize(v: Vec3): Vec3 {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
}

/** The mount's zenith and theta = 0 / pi/2 directions, in the camera frame (see the file's comment). */
function mountBasis(mount: Mount): { zenith: Vec3; a0: Vec3; a90: Vec3 } {
  return mount === 'ceiling'
    ? { zenith: [0, 0, -1], a0: [1, 0, 0], a90: [0, 1, 0] }
    : { zenith: [0, -1, 0], a0: [0, 0, 1], a90: [1, 0, 0] };
}

/** The direction (camera frame, unit) of polar angle phi and azimuth theta. */
export function viewDirection(phi: number, theta: number, mount: Mount): Vec3 {
  const { zenith, a0, a90 } = mountBasis(mount);
  const s = Math.sin(phi);
  const c = Math.cos(phi);
  const h = [0, 1, 2].map((i) => Math.cos(theta) * a0[i] + Math.sin(theta) * a90[i]);
  return normalize([c * zenith[0] + s * h[0], c * zenith[1] + s * h[1], c * zenith[2] + s * h[2]]);
}

/**
 * The view's pinhole camera in the fisheye's frame: forward, right and up unit vectors. Up is towards the zenith
 * (minus the derivative of the direction by phi), so the horizon stays level; right = forward x up.
 */
export function viewBasis(view: Pick<DewarpView, 'phi' | 'theta'>, mount: Mount): { forward: Vec3; right: Vec3; up: Vec3 } {
  const { zenith, a0, a90 } = mountBasis(mount);
  const forward = viewDirection(view.phi, view.theta, mount);
  const s = Math.sin(view.phi);
  const c = Math.cos(view.phi);
  const h = [0, 1, 2].map((i) => Math.cos(view.theta) * a0[i] + Math.sin(view.theta) * a90[i]);
  const up = normalize([s * zenith[0] - c * h[0], s * zenith[1] - c * h[1], s * zenith[2] - c * h[2]]);
  return { forward, right: normalize(cross(forward, up)), up };
}

/** Where the fisheye's image circle is in texture units: centre and radii (a non-square frame has rx != ry). */
export interface LensCircle {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

/** The circle of an equidistant fisheye frame of this size: centred, its diameter the shorter side. */
export function lensCircle(frameWidth: number, frameHeight: number): LensCircle {
  if (!(frameWidth > 0) || !(frameHeight > 0)) return { cx: 0.5, cy: 0.5, rx: 0.5, ry: 0.5 };
  const side = Math.min(frameWidth, frameHeight);
  return { cx: 0.5, cy: 0.5, rx: (0.5 * side) / frameWidth, ry: (0.5 * side) / frameHeight };
}

export const FULL_FRAME_CIRCLE: LensCircle = { cx: 0.5, cy: 0.5, rx: 0.5, ry: 0.5 };

/**
 * Texture coordinates of a ray (camera frame, any length) in the fisheye image: equidistant, the angle from the axis
 * over half the lens's field of view is the distance from the centre over the radius. Rays outside the lens land
 * outside the circle (the shader paints those black).
 */
export function fisheyeTexCoord(
  ray: Vec3,
  lensFovDeg = DEFAULT_LENS_FOV_DEG,
  circle: LensCircle = FULL_FRAME_CIRCLE,
): [number, number] {
  const planar = Math.hypot(ray[0], ray[1]);
  if (planar < 1e-12) return [circle.cx, circle.cy];
  const angle = Math.atan2(planar, ray[2]);
  const rho = angle / ((lensFovDeg * Math.PI) / 360);
  return [circle.cx + (rho * circle.rx * ray[0]) / planar, circle.cy + (rho * circle.ry * ray[1]) / planar];
}

export interface ProjectionOptions {
  /** Output width / height (16:9 for views, 4:3 for sub-views). */
  aspect?: number;
  lensFovDeg?: number;
  circle?: LensCircle;
}

/**
 * Texture coordinates for one output point of the view: (sx, sy) in [-1, 1], sx to the right, sy up.
 */
export function projectPoint(
  view: DewarpView,
  mount: Mount,
  sx: number,
  sy: number,
  { aspect = DEWARP_ASPECT, lensFovDeg = DEFAULT_LENS_FOV_DEG, circle = FULL_FRAME_CIRCLE }: ProjectionOptions = {},
): [number, number] {
  const { forward, right, up } = viewBasis(view, mount);
  const tanX = Math.tan((clampFov(view.fov) * Math.PI) / 360);
  const tanY = tanX / aspect;
  const ray: Vec3 = [0, 1, 2].map((i) => forward[i] + sx * tanX * right[i] + sy * tanY * up[i]) as unknown as Vec3;
  return fisheyeTexCoord(ray, lensFovDeg, circle);
}

export interface DewarpGrid {
  /** Cells across and down. */
  size: number;
  /** Clip-space x, y per vertex ((size + 1)^2 vertices, row by row from the top). */
  positions: Float32Array<ArrayBuffer>;
  /** Texture u, v per vertex. */
  texCoords: Float32Array<ArrayBuffer>;
  /** Two triangles per cell. */
  indices: Uint16Array<ArrayBuffer>;
}

/** Positions and triangle indices of a size x size mesh over clip space; independent of the view. */
export function gridMesh(size = DEWARP_GRID_SIZE): Pick<DewarpGrid, 'size' | 'positions' | 'indices'> {
  const across = size + 1;
  const positions = new Float32Array(across * across * 2);
  for (let row = 0; row < across; row++) {
    for (let col = 0; col < across; col++) {
      const i = (row * across + col) * 2;
      positions[i] = (col / size) * 2 - 1;
      positions[i + 1] = 1 - (row / size) * 2;
    }
  }
  const indices = new Uint16Array(size * size * 6);
  let k = 0;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const a = row * across + col;
      const b = a + 1;
      const c = a + across;
      const d = c + 1;
      indices.set([a, c, b, b, c, d], k);
      k += 6;
    }
  }
  return { size, positions, indices };
}

/** The view's texture coordinates at every vertex of the mesh (same order as `gridMesh`'s positions). */
export function gridTexCoords(
  view: DewarpView,
  mount: Mount,
  options: ProjectionOptions = {},
  size = DEWARP_GRID_SIZE,
): Float32Array<ArrayBuffer> {
  const { aspect = DEWARP_ASPECT, lensFovDeg = DEFAULT_LENS_FOV_DEG, circle = FULL_FRAME_CIRCLE } = options;
  const { forward, right, up } = viewBasis(view, mount);
  const tanX = Math.tan((clampFov(view.fov) * Math.PI) / 360);
  const tanY = tanX / aspect;
  const across = size + 1;
  const out = new Float32Array(across * across * 2);
  for (let row = 0; row < across; row++) {
    const sy = 1 - (row / size) * 2;
    for (let col = 0; col < across; col++) {
      const sx = (col / size) * 2 - 1;
      const ray: Vec3 = [
        forward[0] + sx * tanX * right[0] + sy * tanY * up[0],
        forward[1] + sx * tanX * right[1] + sy * tanY * up[1],
        forward[2] + sx * tanX * right[2] + sy * tanY * up[2],
      ];
      const [u, v] = fisheyeTexCoord(ray, lensFovDeg, circle);
      const i = (row * across + col) * 2;
      out[i] = u;
      out[i + 1] = v;
    }
  }
  return out;
}

/** The whole 60 x 60 dewarp grid of a view: mesh and texture coordinates. */
export function dewarpGrid(view: DewarpView, mount: Mount, options: ProjectionOptions = {}, size = DEWARP_GRID_SIZE): DewarpGrid {
  return { ...gridMesh(size), texCoords: gridTexCoords(view, mount, options, size) };
}

/** A tile's stored view (phi, theta and fov may come as strings or null): the view, or null for the raw circle. */
export function tileView(tile: { phi?: unknown; theta?: unknown; fov?: unknown }, mount: Mount): DewarpView | null {
  const phi = Number(tile.phi);
  if (tile.phi == null || tile.phi === '' || !Number.isFinite(phi)) return null;
  const theta = Number(tile.theta ?? 0);
  const fov = Number(tile.fov ?? defaultView(mount).fov);
  return clampView(
    { phi, theta: Number.isFinite(theta) ? theta : 0, fov: Number.isFinite(fov) ? fov : defaultView(mount).fov },
    mount,
  );
}
