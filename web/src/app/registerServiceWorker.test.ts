import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeServiceWorkerContainer, installServiceWorkerContainer } from '../test/fakeServiceWorker';
import { SW_UPDATE_CHECK_MS } from './constants';
import { registerServiceWorker, SERVICE_WORKER_PATH, watchForUpdates } from './registerServiceWorker';
import { makeStore } from './store';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('watchForUpdates', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    vi.useRealTimers();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  function watch(container = new FakeServiceWorkerContainer()) {
    const store = makeStore();
    stop = watchForUpdates(container.asRegistration(), container.asContainer(), store.dispatch);
    return { store, container, registration: container.registration };
  }

  it('sets updateAvailable once a new worker has installed and waits', () => {
    const { store, registration } = watch();
    expect(store.getState().app.updateAvailable).toBe(false);
    registration.startInstalling();
    expect(store.getState().app.updateAvailable, 'still installing').toBe(false);
    registration.finishInstalling();
    expect(store.getState().app.updateAvailable).toBe(true);
  });

  it('reports a worker that was already waiting when the page started', () => {
    const container = new FakeServiceWorkerContainer();
    container.registration.startInstalling();
    container.registration.finishInstalling();
    const { store } = watch(container);
    expect(store.getState().app.updateAvailable).toBe(true);
  });

  it('does not call a first install (no controller yet) an update', () => {
    const { store, registration } = watch(new FakeServiceWorkerContainer({ controlled: false }));
    registration.startInstalling();
    registration.finishInstalling();
    expect(store.getState().app.updateAvailable).toBe(false);
  });

  it('looks for a new worker every SW_UPDATE_CHECK_MS', () => {
    vi.useFakeTimers();
    const { registration } = watch();
    vi.advanceTimersByTime(SW_UPDATE_CHECK_MS - 1);
    expect(registration.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(registration.update).toHaveBeenCalledTimes(1);
  });

  it('looks for a new worker when the tab becomes visible again, one check at a time', async () => {
    const { registration } = watch();
    let finish = () => {};
    registration.update.mockImplementation(() => new Promise((resolve) => (finish = () => resolve(registration))));
    setVisibility('hidden');
    expect(registration.update, 'not when the tab is hidden').not.toHaveBeenCalled();
    setVisibility('visible');
    setVisibility('visible');
    expect(registration.update, 'a second event while the check runs').toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => {
      setVisibility('visible');
      expect(registration.update).toHaveBeenCalledTimes(2);
    });
  });

  it('logs a failed check and keeps watching', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { registration } = watch();
    registration.update.mockRejectedValueOnce(new Error('offline'));
    setVisibility('visible');
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Service worker update check failed', expect.any(Error)));
    setVisibility('visible');
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('stops watching when asked', () => {
    const { registration } = watch();
    stop();
    setVisibility('visible');
    expect(registration.update).not.toHaveBeenCalled();
  });
});

describe('registerServiceWorker', () => {
  let uninstall = () => {};
  afterEach(() => uninstall());

  it('registers /sw.js once the page has loaded and logs a failed registration (spec 01 §8)', async () => {
    const container = new FakeServiceWorkerContainer();
    uninstall = installServiceWorkerContainer(container);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    container.register.mockRejectedValueOnce(new Error('refused'));
    registerServiceWorker(makeStore().dispatch);
    expect(container.register).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_PATH);
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error)));
  });
});
