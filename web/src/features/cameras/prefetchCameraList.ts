import type { AppStore } from '../../app/store';
import { whenBasePathSettled } from '../auth/whenBasePathSettled';
import { camerasApi } from './camerasApi';

/**
 * On a cold load of a cameras page: asks for the network's camera list as soon as the network's shard is known,
 * instead of when the page first renders after the whole start-up. The page's own query then finds the list in the
 * cache and renders the camera at once. Returns a function that stops waiting.
 */
export function prefetchCameraList(store: AppStore, networkId: number): () => void {
  return whenBasePathSettled(store, networkId, () => {
    void store.dispatch(camerasApi.util.prefetch('getCameras', { networkId }, { force: false }));
  });
}
