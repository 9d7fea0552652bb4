import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { FakeServiceWorkerContainer } from '../test/fakeServiceWorker';
import { applyUpdate, SKIP_WAITING_MESSAGE } from './applyUpdate';
import { browser } from './browser';
import { UPDATE_RELOAD_FALLBACK_MS } from './constants';

function waitingContainer() {
  const container = new FakeServiceWorkerContainer();
  container.registration.startInstalling();
  container.registration.finishInstalling();
  return container;
}

describe('applyUpdate', () => {
  let reload: MockInstance<() => void>;
  beforeEach(() => {
    vi.useFakeTimers();
    reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
  });
  afterEach(() => vi.useRealTimers());

  it('tells the waiting worker to take over and reloads once it controls the page, only once', async () => {
    const container = waitingContainer();
    await applyUpdate(container.asContainer());
    expect(container.registration.waiting!.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(UPDATE_RELOAD_FALLBACK_MS);
    expect(reload, 'the fallback does not reload a second time').toHaveBeenCalledTimes(1);
  });

  it('reloads after UPDATE_RELOAD_FALLBACK_MS when the new worker never takes over', async () => {
    await applyUpdate(waitingContainer().asContainer());
    vi.advanceTimersByTime(UPDATE_RELOAD_FALLBACK_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when no worker waits (another tab installed it) or there is no service worker', async () => {
    await applyUpdate(new FakeServiceWorkerContainer().asContainer());
    expect(reload).toHaveBeenCalledTimes(1);
    await applyUpdate(undefined);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
