import { type PointerEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { PINCH_ZOOM_FACTOR, WHEEL_ZOOM_FACTOR } from '../constants';
import { clampScale, NO_ZOOM, panBy, type ZoomState, zoomAt } from '../zoom';

export interface DigitalZoom {
  zoom: ZoomState;
  setScale: (scale: number) => void;
  reset: () => void;
  /** Pointer handlers for the video area (the wheel is handled on the element itself, see below). */
  handlers: {
    onPointerDown: (event: PointerEvent<HTMLElement>) => void;
    onPointerMove: (event: PointerEvent<HTMLElement>) => void;
    onPointerUp: (event: PointerEvent<HTMLElement>) => void;
    onPointerCancel: (event: PointerEvent<HTMLElement>) => void;
  };
}

type Point = { x: number; y: number };
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Digital zoom 1–8× of the video area: slider, wheel, pinch (two pointers) and drag to pan, all clamped. The wheel
 * listener is a native non-passive one on `areaRef` (React's is passive), so a wheel that zooms does not also scroll
 * the page; at a zoom limit the page scrolls as usual. Not `enabled` (a dewarped fisheye picture, which zooms and pans
 * itself): back to 1x, and wheel, pinch and drag are left alone.
 */
export function useDigitalZoom(areaRef: RefObject<HTMLElement | null>, enabled = true): DigitalZoom {
  const [zoom, setZoom] = useState<ZoomState>(NO_ZOOM);
  const zoomRef = useRef(zoom);
  const pointers = useRef(new Map<number, Point>());
  const pinch = useRef<{ distance: number; scale: number } | null>(null);

  const size = () => ({ w: areaRef.current?.clientWidth ?? 0, h: areaRef.current?.clientHeight ?? 0 });
  const local = (event: { clientX: number; clientY: number }): Point => {
    const rect = areaRef.current?.getBoundingClientRect();
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
  };

  useEffect(() => {
    zoomRef.current = zoom;
  }, [zoom]);

  useEffect(() => {
    if (enabled) return;
    setZoom(NO_ZOOM);
    pointers.current.clear();
    pinch.current = null;
  }, [enabled]);

  useEffect(() => {
    const area = areaRef.current;
    if (!area || !enabled) return undefined;
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY === 0) return;
      const factor = 1 - Math.sign(event.deltaY) * WHEEL_ZOOM_FACTOR;
      const current = zoomRef.current.scale;
      if (clampScale(current * factor) === current) return;
      event.preventDefault();
      const rect = area.getBoundingClientRect();
      const [px, py, w, h] = [event.clientX - rect.left, event.clientY - rect.top, area.clientWidth, area.clientHeight];
      setZoom((state) => zoomAt(state, state.scale * factor, px, py, w, h));
    };
    area.addEventListener('wheel', onWheel, { passive: false });
    return () => area.removeEventListener('wheel', onWheel);
  }, [areaRef, enabled]);

  const setScale = useCallback(
    (scale: number) => {
      const w = areaRef.current?.clientWidth ?? 0;
      const h = areaRef.current?.clientHeight ?? 0;
      setZoom((current) => zoomAt(current, scale, w / 2, h / 2, w, h));
    },
    [areaRef],
  );
  const reset = useCallback(() => setZoom(NO_ZOOM), []);

  // A pointer that ends or is cancelled (the browser took over a touch) must leave the map, or the next single-finger
  // drag would pair with its stale position and act as a pinch.
  const release = (event: PointerEvent<HTMLElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };

  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (!enabled) return;
      pointers.current.set(event.pointerId, local(event));
      event.currentTarget.setPointerCapture?.(event.pointerId);
      if (pointers.current.size === 2) {
        const [a, b] = [...pointers.current.values()];
        pinch.current = { distance: distance(a, b), scale: zoom.scale };
      }
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const previous = pointers.current.get(event.pointerId);
      if (!previous || !enabled) return;
      const point = local(event);
      pointers.current.set(event.pointerId, point);
      const { w, h } = size();
      if (pointers.current.size >= 2 && pinch.current && pinch.current.distance > 0) {
        const [a, b] = [...pointers.current.values()];
        const ratio = distance(a, b) / pinch.current.distance;
        const scale = pinch.current.scale * (1 + (ratio - 1) * PINCH_ZOOM_FACTOR);
        setZoom((current) => zoomAt(current, scale, (a.x + b.x) / 2, (a.y + b.y) / 2, w, h));
      } else {
        setZoom((current) => panBy(current, point.x - previous.x, point.y - previous.y, w, h));
      }
    },
    onPointerUp: release,
    onPointerCancel: release,
  };
  return { zoom, setScale, reset, handlers };
}
