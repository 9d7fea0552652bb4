import { IconZoomScan } from '@tabler/icons-react';
import { lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { LazyDrawerButton } from '../../../components/lazyDrawerButton/LazyDrawerButton';

/** The drawer and its date-time picker are their own chunk: the camera page does not download them until asked. */
const loadDrawer = () => import('./MotionSearchDrawer');
const MotionSearchDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.MotionSearchDrawer })));

export type MotionSearchBlocker = 'pandora-enabled' | 'insufficient-permissions';

/** Why the camera page cannot open motion search, if it cannot (spec 02 §2, spec 03 §6). */
export function motionSearchBlocker(camera: Camera): MotionSearchBlocker | null {
  if (camera.permissions?.historical === false) return 'insufficient-permissions';
  if (camera.config?.pandora?.isEnabled === true) return 'pandora-enabled';
  return null;
}

/** The cameras of a set that may be searched (historical right or no permission data, no pandora), once each, in order. */
export function searchableCameras(cameras: readonly Camera[]): Camera[] {
  const seen = new Set<number>();
  return cameras.filter((camera) => {
    if (seen.has(camera.id) || motionSearchBlocker(camera) !== null) return false;
    seen.add(camera.id);
    return true;
  });
}

/**
 * Why a camera set (a video wall) cannot open motion search, if it cannot: it can when any camera can (spec 02 §2,
 * §6). Without a searchable camera, 'pandora-enabled-all' when pandora alone blocks them all, else
 * 'insufficient-permissions'; a single camera gives its own reason.
 */
export function motionSearchSetBlocker(
  cameras: readonly Camera[],
): MotionSearchBlocker | 'pandora-enabled-all' | null {
  if (cameras.length === 1) return motionSearchBlocker(cameras[0]);
  const blockers = cameras.map(motionSearchBlocker);
  if (blockers.some((blocker) => blocker === null)) return null;
  if (blockers.length > 0 && blockers.every((blocker) => blocker === 'pandora-enabled')) return 'pandora-enabled-all';
  return 'insufficient-permissions';
}

/** The camera page passes its camera; a video wall passes its cameras (in tile order) and the page's network. */
export type MotionSearchButtonProps =
  | { camera: Camera; cameras?: never; networkId?: never }
  | { camera?: never; cameras: readonly Camera[]; networkId: number };

/**
 * 'Motion search' action of the camera page header and of the wall page header; opens the drawer for the camera, or
 * for the wall's searchable cameras with a chooser of up to 4 of them (when more than one may be searched). The drawer
 * mounts on the first opening and stays mounted, so a search keeps running and its results stay while it is closed;
 * its code is fetched when the pointer or focus reaches the button, or at the latest on the click (`LazyDrawerButton`).
 */
export function MotionSearchButton(props: MotionSearchButtonProps) {
  const { t } = useTranslation('motionSearchButton');
  const single = props.camera;
  const set = props.cameras;
  const networkId = single ? single.network_id : props.networkId;
  const blocker = single ? motionSearchBlocker(single) : motionSearchSetBlocker(set ?? []);
  const cameras = useMemo(() => (single ? [single] : searchableCameras(set ?? [])), [single, set]);
  const choosable = !single && cameras.length > 1;
  return (
    <LazyDrawerButton
      label={t('motion-search')}
      icon={<IconZoomScan size={14} aria-hidden />}
      prefetch={loadDrawer}
      blocker={blocker && t(blocker)}
      drawerSize="xl"
      loadingLabel={t('loading')}
      renderDrawer={(drawer) => (
        <MotionSearchDrawer {...drawer} networkId={networkId} cameras={cameras} choosable={choosable} />
      )}
    />
  );
}
