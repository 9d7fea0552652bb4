import './dewarpTexts';
import { Badge } from '@mantine/core';
import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { DewarpRenderer, videoHasFrame, webglContext } from './dewarpRenderer';
import {
  DEFAULT_LENS_FOV_DEG,
  DEWARP_ASPECT,
  DEWARP_GRID_SIZE,
  type DewarpView,
  dragView,
  gridTexCoords,
  lensCircle,
  MAX_FOV_DEG,
  type Mount,
  PINCH_ZOOM_FACTOR,
  pinchZoom,
  WHEEL_ZOOM_FACTOR,
  wheelZoom,
} from './projection';

export interface DewarpCanvasProps {
  /** The playing `<video>` whose frames are dewarped; it stays where it is (under the canvas) and keeps playing. */
  videoRef: RefObject<HTMLVideoElement | null>;
  view: DewarpView;
  mount: Mount;
  /** Output aspect (16:9; 4:3 for sub-view previews); the picture is fitted inside the box, black around it. */
  aspect?: number;
  lensFovDeg?: number;
  /** Drag, wheel, pinch and keys change the view through `onViewChange`; without it the view is fixed. */
  onViewChange?: (view: DewarpView) => void;
  /**
   * A zoom out (wheel down, '-', pinch in) asked for while the view is already at the widest field of view (85°):
   * the camera page leaves dewarp then (spec 02 §4 "exits when zoom reaches maximum zoom-out"). Without it such a
   * zoom out does nothing.
   */
  onZoomOutPastMax?: () => void;
  /** Accessible name of the (focusable, when interactive) view. */
  label?: string;
  style?: CSSProperties;
}

/** Arrow keys turn the view as far as a 20 px drag; +/- zoom as one wheel notch. */
const KEY_DRAG_PX = 20;
/** A view's fov counts as the widest within this (a preset's or a stored view's fov may not be exactly 85). */
const FOV_EPSILON = 1e-6;
const MAX_PIXEL_RATIO = 2;
const BOX: CSSProperties = { position: 'absolute', inset: 0, overflow: 'hidden', background: '#000', touchAction: 'none' };

type Support = 'pending' | 'webgl' | 'unavailable';

/**
 * A fisheye camera's live picture, dewarped into one perspective view with WebGL (dewarpRenderer.ts, the 60 x 60 mesh
 * of projection.ts). Each new video frame (requestVideoFrameCallback; requestAnimationFrame where there is none) is
 * uploaded and drawn; nothing is uploaded while the video has no frame. The canvas follows its box's size, survives a
 * context loss (redrawn on restore) and stops when unmounted. Without WebGL it draws nothing and says so: the raw
 * video under it stays visible.
 */
export function DewarpCanvas({
  videoRef,
  view,
  mount,
  aspect = DEWARP_ASPECT,
  lensFovDeg = DEFAULT_LENS_FOV_DEG,
  onViewChange,
  onZoomOutPastMax,
  label,
  style,
}: DewarpCanvasProps) {
  const { t } = useTranslation('dewarp');
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rendererRef = useRef<DewarpRenderer | null>(null);
  const [support, setSupport] = useState<Support>('pending');
  /** Bumped on a restored context: the renderer is built again. */
  const [generation, setGeneration] = useState(0);
  const [box, setBox] = useState({ width: 0, height: 0 });
  const [frameSize, setFrameSize] = useState({ width: 0, height: 0 });
  const viewRef = useRef(view);
  viewRef.current = view;
  const onViewChangeRef = useRef(onViewChange);
  onViewChangeRef.current = onViewChange;
  const onZoomOutPastMaxRef = useRef(onZoomOutPastMax);
  onZoomOutPastMaxRef.current = onZoomOutPastMax;
  /** True (and `onZoomOutPastMax` called) when a zoom out is asked for at the widest view. */
  const zoomOutPastMax = (fov: number) => {
    const callback = onZoomOutPastMaxRef.current;
    if (!callback || viewRef.current.fov < MAX_FOV_DEG - FOV_EPSILON || fov <= MAX_FOV_DEG) return false;
    callback();
    return true;
  };

  // The box's size (the canvas is fitted inside it at `aspect`).
  useLayoutEffect(() => {
    const element = boxRef.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      setBox((old) => (old.width === rect.width && old.height === rect.height ? old : { width: rect.width, height: rect.height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The WebGL context and renderer; lost → torn down, restored → built again.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const gl = webglContext(canvas);
    if (!gl) {
      setSupport('unavailable');
      return;
    }
    let renderer: DewarpRenderer | null = null;
    try {
      renderer = new DewarpRenderer(gl, DEWARP_GRID_SIZE);
    } catch (error) {
      console.warn('dewarp: WebGL setup failed', error);
      setSupport('unavailable');
      return;
    }
    rendererRef.current = renderer;
    setSupport('webgl');
    const onLost = (event: Event) => {
      event.preventDefault(); // lets the browser restore the context
      rendererRef.current = null;
    };
    const onRestored = () => setGeneration((value) => value + 1);
    canvas.addEventListener('webglcontextlost', onLost);
    canvas.addEventListener('webglcontextrestored', onRestored);
    return () => {
      canvas.removeEventListener('webglcontextlost', onLost);
      canvas.removeEventListener('webglcontextrestored', onRestored);
      if (rendererRef.current === renderer) rendererRef.current = null;
      renderer?.dispose();
    };
  }, [generation]);

  // Canvas size: fitted to the box at the aspect, in device pixels (at most 2x).
  const fitted =
    box.width > 0 && box.height > 0
      ? box.width / box.height > aspect
        ? { width: box.height * aspect, height: box.height }
        : { width: box.width, height: box.width / aspect }
      : { width: 0, height: 0 };
  const pixelRatio = Math.min(typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
  const bufferWidth = Math.max(1, Math.round(fitted.width * pixelRatio));
  const bufferHeight = Math.max(1, Math.round(fitted.height * pixelRatio));

  // Geometry for the view (and the frame's circle); redrawn at once with the last frame.
  useEffect(() => {
    const renderer = rendererRef.current;
    if (support !== 'webgl' || !renderer) return;
    renderer.setCircle(lensCircle(frameSize.width, frameSize.height));
    renderer.setTexCoords(
      gridTexCoords(view, mount, { aspect, lensFovDeg, circle: lensCircle(frameSize.width, frameSize.height) }),
    );
    renderer.draw();
  }, [support, generation, view, mount, aspect, lensFovDeg, frameSize, bufferWidth, bufferHeight]);

  // The frame loop: upload and draw on every new video frame; idle while the video has none.
  useEffect(() => {
    const video = videoRef.current;
    if (support !== 'webgl' || !video) return;
    let stopped = false;
    let frameCallback: number | null = null;
    let animationFrame: number | null = null;
    const hasVideoFrameCallback = typeof video.requestVideoFrameCallback === 'function';

    const drawFrame = () => {
      const renderer = rendererRef.current;
      if (!renderer || !videoHasFrame(video)) return;
      setFrameSize((old) =>
        old.width === video.videoWidth && old.height === video.videoHeight
          ? old
          : { width: video.videoWidth, height: video.videoHeight },
      );
      if (renderer.uploadFrame(video)) renderer.draw();
    };
    const schedule = () => {
      if (stopped) return;
      if (hasVideoFrameCallback) {
        if (frameCallback === null) {
          frameCallback = video.requestVideoFrameCallback(() => {
            frameCallback = null;
            drawFrame();
            schedule();
          });
        }
      } else if (animationFrame === null) {
        animationFrame = requestAnimationFrame(() => {
          animationFrame = null;
          drawFrame();
          schedule();
        });
      }
    };
    // A new source or a first frame: draw it now (the frame callback fires only for the next one).
    const onData = () => {
      drawFrame();
      schedule();
    };
    drawFrame();
    schedule();
    video.addEventListener('loadeddata', onData);
    video.addEventListener('playing', onData);
    video.addEventListener('resize', onData);
    return () => {
      stopped = true;
      video.removeEventListener('loadeddata', onData);
      video.removeEventListener('playing', onData);
      video.removeEventListener('resize', onData);
      if (frameCallback !== null) video.cancelVideoFrameCallback(frameCallback);
      if (animationFrame !== null) cancelAnimationFrame(animationFrame);
    };
  }, [support, generation, videoRef]);

  // Wheel: a native listener, so the page does not scroll (React's wheel listeners are passive).
  const interactive = onViewChange !== undefined && support === 'webgl';
  useEffect(() => {
    const element = boxRef.current;
    if (!element || !interactive) return;
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY === 0) return;
      event.preventDefault();
      const current = viewRef.current;
      if (event.deltaY > 0 && zoomOutPastMax(current.fov * (1 + WHEEL_ZOOM_FACTOR))) return;
      onViewChangeRef.current?.({ ...current, fov: wheelZoom(current.fov, Math.sign(event.deltaY)) });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [interactive]);

  // Pointer drag pans and tilts; two pointers pinch-zoom.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; fov: number } | null>(null);
  const pinchDistance = () => {
    const [a, b] = [...pointers.current.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!interactive || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) pinch.current = { distance: pinchDistance(), fov: viewRef.current.fov };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const last = pointers.current.get(event.pointerId);
    if (!interactive || !last) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size >= 2 && pinch.current) {
      const ratio = pinchDistance() / (pinch.current.distance || 1);
      if (ratio > 0 && zoomOutPastMax(pinch.current.fov / Math.pow(ratio, PINCH_ZOOM_FACTOR))) {
        pinch.current = null;
        return;
      }
      const fov = pinchZoom(pinch.current.fov, ratio);
      onViewChangeRef.current?.({ ...viewRef.current, fov });
    } else if (pointers.current.size === 1) {
      onViewChangeRef.current?.(dragView(viewRef.current, event.clientX - last.x, event.clientY - last.y, mount));
    }
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!interactive) return;
    const current = viewRef.current;
    const next = (() => {
      switch (event.key) {
        case 'ArrowLeft':
          return dragView(current, KEY_DRAG_PX, 0, mount);
        case 'ArrowRight':
          return dragView(current, -KEY_DRAG_PX, 0, mount);
        case 'ArrowUp':
          return dragView(current, 0, KEY_DRAG_PX, mount);
        case 'ArrowDown':
          return dragView(current, 0, -KEY_DRAG_PX, mount);
        case '+':
        case '=':
          return { ...current, fov: wheelZoom(current.fov, -1) };
        case '-':
        case '_':
          if (zoomOutPastMax(current.fov * (1 + WHEEL_ZOOM_FACTOR))) return 'exited';
          return { ...current, fov: wheelZoom(current.fov, 1) };
        default:
          return null;
      }
    })();
    if (!next) return;
    event.preventDefault();
    event.stopPropagation();
    if (next !== 'exited') onViewChangeRef.current?.(next);
  };

  return (
    <div
      ref={boxRef}
      data-testid="dewarp-view"
      data-dewarp-support={support}
      data-phi={view.phi.toFixed(4)}
      data-theta={view.theta.toFixed(4)}
      data-fov={view.fov.toFixed(2)}
      role={interactive ? 'application' : undefined}
      aria-label={interactive ? (label ?? t('dewarped-view')) : undefined}
      aria-roledescription={interactive ? t('dewarped-view') : undefined}
      tabIndex={interactive ? 0 : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onKeyDown={onKeyDown}
      style={{
        ...BOX,
        // Without WebGL the raw video under this box shows through.
        background: support === 'unavailable' ? 'transparent' : BOX.background,
        pointerEvents: support === 'unavailable' ? 'none' : undefined,
        cursor: interactive ? 'grab' : undefined,
        ...style,
      }}
    >
      <canvas
        ref={canvasRef}
        data-testid="dewarp-canvas"
        width={bufferWidth}
        height={bufferHeight}
        style={{
          position: 'absolute',
          left: '50%',
          top: '50%',
          width: fitted.width,
          height: fitted.height,
          transform: 'translate(-50%, -50%)',
          display: support === 'unavailable' ? 'none' : 'block',
        }}
      />
      {support === 'unavailable' && (
        <Badge
          size="xs"
          variant="filled"
          color="dark"
          pos="absolute"
          top={6}
          right={6}
          data-testid="dewarp-unavailable"
          title={t('webgl-unavailable-detail')}
        >
          {t('webgl-unavailable')}
        </Badge>
      )}
    </div>
  );
}
