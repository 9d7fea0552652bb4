import type { AppStore, RootState } from '../../app/store';
import { camerasApi } from './camerasApi';

/** The network's base path is settled: its context call is done (administrators), or the start-up is (others). */
function basePathSettled(state: RootState, networkId: number): boolean {
  const context = state.auth.networkContexts[networkId];
  if (context === 'ready' || context === 'failed') return true;
  return state.app.status !== 'initializing' && state.auth.user !== null && !state.auth.user.is_admin;
}

/**
 * On a cold load of a cameras page: asks for the network's camera list as soon as the request's base path is
 * settled (the network's shard known), instead of when the page first renders after the whole start-up. The page's
 * own query then finds the list in the cache and renders the camera at once. Returns a function that stops waiting.
 */
export function prefetchCameraList(store: AppStore, networkId: number): () => void {
  let done = false;
  const check = () => {
    if (done) return;
    const state = store.getState();
    if (state.app.status === 'error' || (state.app.status === 'ready' && state.auth.user === null)) stop();
    else if (basePathSettled(state, networkId)) {
      stop();
      void store.dispatch(camerasApi.util.prefetch('getCameras', { networkId }, { force: false }));
    }
  };
  const unsubscribe = store.subscribe(check);
  function stop() {
    done = true;
    unsubscribe();
  }
  check();
  return stop;
}
