import { appActions } from './appSlice';
import { SW_UPDATE_CHECK_MS } from './constants';
import type { AppDispatch } from './store';

/** The worker the build writes (scripts/serviceWorkerBuild.ts from src/app/sw.template.js). */
export const SERVICE_WORKER_PATH = '/sw.js';

/** Registers /sw.js once the page has loaded; registration errors are logged (spec 01 §8). */
export function registerServiceWorker(dispatch: AppDispatch): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_PATH)
      .then((registration) => watchForUpdates(registration, navigator.serviceWorker, dispatch))
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  });
}

/**
 * Sets updateAvailable when a new version of the worker is installed and waiting while this page is controlled by the
 * current one (a first install is no update). The browser looks for a new /sw.js every SW_UPDATE_CHECK_MS and when
 * the tab becomes visible again, so a user coming back to the tab learns of a release soon; one check at a time.
 * Answers a function that stops watching.
 */
export function watchForUpdates(
  registration: ServiceWorkerRegistration,
  container: ServiceWorkerContainer,
  dispatch: AppDispatch,
): () => void {
  const reportWaiting = () => {
    if (registration.waiting && container.controller) dispatch(appActions.updateFound());
  };
  const onUpdateFound = () => registration.installing?.addEventListener('statechange', reportWaiting);
  let checking: Promise<void> | null = null;
  const check = () => {
    checking ??= registration
      .update()
      .then(() => undefined)
      .catch((error: unknown) => console.warn('Service worker update check failed', error))
      .finally(() => {
        checking = null;
      });
  };
  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') check();
  };

  reportWaiting();
  registration.addEventListener('updatefound', onUpdateFound);
  const interval = setInterval(check, SW_UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    registration.removeEventListener('updatefound', onUpdateFound);
    clearInterval(interval);
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
