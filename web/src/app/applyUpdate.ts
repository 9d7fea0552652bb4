import { browser } from './browser';
import { UPDATE_RELOAD_FALLBACK_MS } from './constants';

/** Asks a waiting worker to take over; src/app/sw.template.js answers it with skipWaiting(). */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

/**
 * Installs the waiting new version and reloads into it: the waiting worker is told to take over, and the page reloads
 * once that worker controls it (`controllerchange`), or after UPDATE_RELOAD_FALLBACK_MS if that never comes. Without a
 * waiting worker (another tab installed it already) the page reloads at once. Reloads once.
 */
export async function applyUpdate(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): Promise<void> {
  let reloaded = false;
  const reloadOnce = () => {
    if (reloaded) return;
    reloaded = true;
    browser.reload();
  };
  const registration = await container?.getRegistration().catch(() => undefined);
  const waiting = registration?.waiting;
  if (!container || !waiting) {
    reloadOnce();
    return;
  }
  container.addEventListener('controllerchange', reloadOnce, { once: true });
  setTimeout(reloadOnce, UPDATE_RELOAD_FALLBACK_MS);
  waiting.postMessage(SKIP_WAITING_MESSAGE);
}
