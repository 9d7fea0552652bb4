import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './cameraMap.css';
import { useTranslation } from 'react-i18next';
import { cameraDisplayName } from '../cameraModel';
import { floorPlanBounds, type NormalizedFloorPlan, type PlacedCamera } from '../floorPlans';
import { cameraIcon, cameraTooltipContent, CURRENT_MARKER_CLASS } from './cameraMarkers';
import { MapCameraPopover } from './mapCameraPopover';

export interface FloorPlanMapProps {
  plan: NormalizedFloorPlan;
  /** Cameras placed on this plan. */
  cameras: readonly PlacedCamera[];
  currentCameraId: number | undefined;
  onOpenCamera: (cameraId: number) => void;
  /** CSS height of the map. */
  height: number | string;
  /** Zoom buttons (large map only). */
  zoomControl?: boolean;
}

/**
 * Floor plan drawn with Leaflet as an image overlay in `L.CRS.Simple` (plan coordinates are image coordinates, no
 * internet tiles). The spec's default zoom 18 and fixed centre belong to geographic (web-mercator) maps; on an image
 * plan one unit is one image pixel at zoom 0, so the default view instead fits the plan bounds.
 */
export function FloorPlanMap(props: FloorPlanMapProps) {
  const { plan, cameras, currentCameraId, onOpenCamera, height, zoomControl = false } = props;
  const { t } = useTranslation('cameras');
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markersRef = useRef<L.LayerGroup | null>(null);
  const openCameraRef = useRef(onOpenCamera);
  const boundsRef = useRef<L.LatLngBounds | null>(null);
  const popoverRef = useRef<MapCameraPopover | null>(null);
  const [markersById] = useState(() => new Map<number, L.Marker>());

  useEffect(() => {
    const popover = new MapCameraPopover();
    popoverRef.current = popover;
    return () => {
      popover.destroy();
      popoverRef.current = null;
    };
  }, []);

  useEffect(() => {
    openCameraRef.current = onOpenCamera;
  }, [onOpenCamera]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const map = L.map(container, {
      crs: L.CRS.Simple,
      minZoom: -6,
      maxZoom: 4,
      zoomSnap: 0.25,
      zoomControl,
      attributionControl: false,
    });
    markersRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    // The modal and the side panel change size after mount; Leaflet must re-measure, and a map that was laid out
    // at 0×0 (inside an opening modal) fits its plan again once it has a size.
    let hadSize = container.clientWidth > 0 && container.clientHeight > 0;
    const resizeObserver =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            map.invalidateSize();
            const hasSize = container.clientWidth > 0 && container.clientHeight > 0;
            if (hasSize && !hadSize && boundsRef.current) map.fitBounds(boundsRef.current);
            hadSize = hasSize;
          });
    resizeObserver?.observe(container);
    return () => {
      resizeObserver?.disconnect();
      map.remove();
      mapRef.current = null;
      markersRef.current = null;
    };
  }, [zoomControl]);

  const [[south, west], [north, east]] = floorPlanBounds(plan);
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return undefined;
    const bounds = L.latLngBounds([south, west], [north, east]);
    boundsRef.current = bounds;
    const overlay = L.imageOverlay(plan.image_url, bounds, { alt: plan.name }).addTo(map);
    map.fitBounds(bounds);
    map.setMaxBounds(bounds.pad(0.25));
    return () => {
      overlay.remove();
    };
  }, [plan.image_url, plan.name, south, west, north, east, zoomControl]);

  useEffect(() => {
    const group = markersRef.current;
    if (!group) return;
    group.clearLayers();
    markersById.clear();
    popoverRef.current?.hide();
    for (const camera of cameras) {
      // Drawn plain; the next effect marks the current camera.
      const marker = L.marker([camera.position.lat, camera.position.lng], {
        icon: cameraIcon(camera, false),
        keyboard: true,
        riseOnHover: true,
      });
      marker.on('click', () => openCameraRef.current(camera.id));
      marker.addTo(group);
      markersById.set(camera.id, marker);
      const element = marker.getElement();
      if (!element) continue;
      const show = () => popoverRef.current?.show(element, cameraTooltipContent(camera));
      const hide = () => popoverRef.current?.hide();
      element.addEventListener('mouseenter', show);
      element.addEventListener('focus', show);
      element.addEventListener('mouseleave', hide);
      element.addEventListener('blur', hide);
      element.setAttribute('aria-label', t('open-camera', { name: cameraDisplayName(camera) }));
      element.setAttribute('data-testid', `map-camera-${camera.id}`);
      // `keyboard: true` makes the dot focusable with role button, but Leaflet opens nothing on Enter for markers.
      element.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        openCameraRef.current(camera.id);
      });
    }
    // zoomControl: a new map instance (see the first effect) needs its markers again.
  }, [cameras, t, zoomControl, markersById]);

  // The current camera's highlight, after every redraw and on its own: switching cameras rebuilds no marker (the new
  // viewer's first frame waits for the effects of the side panel, which come first).
  useEffect(() => {
    for (const [cameraId, marker] of markersById) {
      const current = cameraId === currentCameraId;
      marker.getElement()?.classList.toggle(CURRENT_MARKER_CLASS, current);
      marker.setZIndexOffset(current ? 1000 : 0);
    }
  }, [currentCameraId, cameras, t, zoomControl, markersById]);

  return (
    <div
      ref={containerRef}
      role="region"
      aria-label={t('floorplan-map')}
      data-testid="floor-plan-map"
      data-floorplan-id={plan.id}
      style={{ height, width: '100%', background: 'var(--mantine-color-default)' }}
    />
  );
}
