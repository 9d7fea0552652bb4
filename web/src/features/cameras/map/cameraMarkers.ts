import L from 'leaflet';
import type { Camera } from '../../../api/types';
import { cameraDisplayName, isCameraOnline } from '../cameraModel';
import { CAMERA_DOT_SIZE_PX, FOV_RADIUS_PX, FOV_SPREAD_DEG } from '../constants';
import { fovCone } from '../fovCone';

/** The class of the current camera's dot (cameraMap.css). */
export const CURRENT_MARKER_CLASS = 'argus-camera-marker--current';

/** Class names of a camera's marker element; the E2E suite and the stylesheet rely on them. */
export function markerClassName(camera: Pick<Camera, 'status'>, current: boolean): string {
  const classes = [
    'argus-camera-marker',
    isCameraOnline(camera) ? 'argus-camera-marker--online' : 'argus-camera-marker--offline',
  ];
  if (current) classes.push(CURRENT_MARKER_CLASS);
  return classes.join(' ');
}

/** Inline SVG of the dot and, when the camera has a rotation, its field-of-view cone (numbers only, no user text). */
export function markerSvg(fovRotationDeg: number | undefined): string {
  const size = FOV_RADIUS_PX * 2;
  const center = { x: FOV_RADIUS_PX, y: FOV_RADIUS_PX };
  const cone =
    typeof fovRotationDeg === 'number' && Number.isFinite(fovRotationDeg)
      ? `<path class="argus-fov" d="${fovCone(center, fovRotationDeg, FOV_RADIUS_PX, FOV_SPREAD_DEG).path}"/>`
      : '';
  return (
    `<svg width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" aria-hidden="true">` +
    `${cone}<circle class="argus-dot" cx="${center.x}" cy="${center.y}" r="${CAMERA_DOT_SIZE_PX / 2}"/></svg>`
  );
}

export function cameraIcon(camera: Camera, current: boolean): L.DivIcon {
  const size = FOV_RADIUS_PX * 2;
  return L.divIcon({
    className: markerClassName(camera, current),
    html: markerSvg(camera.config?.fov_rotation),
    iconSize: [size, size],
    iconAnchor: [FOV_RADIUS_PX, FOV_RADIUS_PX],
    tooltipAnchor: [0, -CAMERA_DOT_SIZE_PX],
  });
}

/** Hover/focus popover of a dot: the snapshot (or a placeholder) and the name or MAC; built as DOM, never from HTML. */
export function cameraTooltipContent(camera: Camera): HTMLElement {
  const root = document.createElement('div');
  root.className = 'argus-camera-tooltip';
  const snapshotUrl = camera.channel?.snapshot_url;
  if (snapshotUrl) {
    const image = document.createElement('img');
    image.src = snapshotUrl;
    image.alt = '';
    image.addEventListener('error', () => image.replaceWith(placeholder()), { once: true });
    root.append(image);
  } else {
    root.append(placeholder());
  }
  const name = document.createElement('span');
  name.textContent = cameraDisplayName(camera);
  root.append(name);
  return root;
}

function placeholder(): HTMLElement {
  const element = document.createElement('div');
  element.className = 'argus-camera-tooltip__placeholder';
  return element;
}
