import type { AppStore } from '../../../app/store';
import { whenBasePathSettled } from '../../auth/whenBasePathSettled';
import { wallsApi } from '../wallsApi';

/**
 * On a cold load of a wall page: asks for the network's walls as soon as the network's shard is known, so that the
 * tiles' sockets open when the page first renders instead of after a second round trip. Returns a function that
 * stops waiting.
 */
export function prefetchWallList(store: AppStore, networkId: number): () => void {
  return whenBasePathSettled(store, networkId, () => {
    void store.dispatch(wallsApi.util.prefetch('getWalls', networkId, { force: false }));
  });
}
