import type { AppStore, RootState } from '../../app/store';

/** The network's base path is settled: its context call is done (administrators), or the start-up is (others). */
function basePathSettled(state: RootState, networkId: number): boolean {
  const context = state.auth.networkContexts[networkId];
  if (context === 'ready' || context === 'failed') return true;
  return state.app.status !== 'initializing' && state.auth.user !== null && !state.auth.user.is_admin;
}

/**
 * On a cold load: runs `request` once, as soon as the network's requests have their base path (the network's shard
 * known), so that a page's first call goes out beside the start-up instead of after its first render. Nothing runs
 * when the start-up fails or nobody is signed in. Returns a function that stops waiting.
 */
export function whenBasePathSettled(store: AppStore, networkId: number, request: () => void): () => void {
  let done = false;
  const check = () => {
    if (done) return;
    const state = store.getState();
    if (state.app.status === 'error' || (state.app.status === 'ready' && state.auth.user === null)) stop();
    else if (basePathSettled(state, networkId)) {
      stop();
      request();
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
