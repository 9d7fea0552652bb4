import { useCallback, useMemo, useState } from 'react';
import type { Camera } from '../../../api/types';
import { isFisheyeCamera } from '../../dewarp/fisheye';
import { defaultView, type DewarpView, type Mount, mountOf } from '../../dewarp/views';

export interface ViewerDewarp {
  /** A fisheye camera: the dewarp controls are offered. */
  fisheye: boolean;
  mount: Mount;
  /** The picture is drawn dewarped (over the still playing `<video>`); digital zoom is off meanwhile. */
  active: boolean;
  view: DewarpView;
  /** What the view selector marks as current: the full (raw) picture while not dewarped. */
  current: DewarpView | null;
  toggle: () => void;
  /** A view from the selector; null (the full view) leaves dewarp. */
  select: (view: DewarpView | null) => void;
  setView: (view: DewarpView) => void;
  /** Zoomed out past the widest view (85°): back to the raw picture (spec 02 §4). */
  exit: () => void;
  selectorOpened: boolean;
  openSelector: () => void;
  closeSelector: () => void;
}

/**
 * The camera page's fisheye dewarp (spec 02 §2 "A dewarp / exit-dewarp button for fisheye cameras", §4 "Dewarp:
 * toggles on; exits when zoom reaches maximum zoom-out"): off at first; the toggle turns it on at the mount's default
 * view (ceiling phi 0.75π, wall π/2; fov 60); the selector picks a preset or custom view; zooming out past 85° leaves
 * it. The state lasts while the page shows this camera (the viewer is keyed by camera id).
 */
export function useViewerDewarp(camera: Camera): ViewerDewarp {
  const fisheye = isFisheyeCamera(camera);
  const mount = mountOf(camera);
  const [on, setOn] = useState(false);
  const [view, setView] = useState<DewarpView>(() => defaultView(mount));
  const [selectorOpened, setSelectorOpened] = useState(false);
  const active = fisheye && on;

  const toggle = useCallback(() => {
    if (!on) setView(defaultView(mount));
    setOn(!on);
  }, [on, mount]);
  const select = useCallback((next: DewarpView | null) => {
    if (next) setView(next);
    setOn(next !== null);
  }, []);
  const exit = useCallback(() => setOn(false), []);
  const openSelector = useCallback(() => setSelectorOpened(true), []);
  const closeSelector = useCallback(() => setSelectorOpened(false), []);

  return useMemo(
    () => ({
      fisheye,
      mount,
      active,
      view,
      current: active ? view : null,
      toggle,
      select,
      setView,
      exit,
      selectorOpened,
      openSelector,
      closeSelector,
    }),
    [fisheye, mount, active, view, toggle, select, exit, selectorOpened, openSelector, closeSelector],
  );
}
