/**
 * The small part of the dewarp model that pages need before any dewarp is drawn (the camera page decides whether to
 * offer dewarp and where to start): view and mount types, the default views and the mount of a camera. The maths
 * (projection.ts) and the renderer load with the dewarped picture.
 */

export type Mount = 'ceiling' | 'wall';

export interface DewarpView {
  /** Tilt: polar angle from the zenith, radians. */
  phi: number;
  /** Pan around the vertical, radians. */
  theta: number;
  /** Horizontal field of view, degrees (10..85). */
  fov: number;
}

/** Aspect of a dewarped view (spec 02 §9). */
export const DEWARP_ASPECT = 16 / 9;

/** Default views (spec 02 §9): ceiling phi 0.75 pi, wall phi pi/2, both theta 0 and fov 60. */
export function defaultView(mount: Mount): DewarpView {
  return { phi: mount === 'ceiling' ? 0.75 * Math.PI : Math.PI / 2, theta: 0, fov: 60 };
}

/** The camera's mount: `config.mount_vertical` is a wall (vertical) mount, otherwise a ceiling one. */
export function mountOf(camera: { config?: { mount_vertical?: boolean } | null }): Mount {
  return camera.config?.mount_vertical ? 'wall' : 'ceiling';
}
