import { appActions } from './appSlice';
import { SW_UPDATE_CHECK_MS } from './constants';
import type { AppDispatch } from './store';

/** Registers /sw.js; a waiting new version sets updateAvailable; registration errors are logged. */
export function registerServiceWorker(dispatch: AppDispatch): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => {
        const reportWaiting = () => {
          if (registration.waiting && navigator.serviceWorker.controller) dispatch(appActions.updateFound());
        };
        reportWaiting();
        registration.addEventListener('updatefound', () => {
          registration.installing?.addEventListener('statechange', reportWaiting);
        });
        setInterval(() => {
          registration.update().catch((error: unknown) => console.warn('Service worker update check failed', error));
        }, SW_UPDATE_CHECK_MS);
      })
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  });
}
