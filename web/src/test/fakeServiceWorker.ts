import { vi } from 'vitest';

/** A service worker as the page sees it: its state and postMessage. */
export class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly postMessage = vi.fn();

  /** Moves to `state` and tells listeners (`statechange`). */
  become(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** A registration whose `update()` is a spy; tests set installing/waiting and fire `updatefound` themselves. */
export class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  readonly update = vi.fn(() => Promise.resolve(this));

  /** A new worker starts installing (`updatefound`), as after update() finds a new /sw.js. */
  startInstalling(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }

  /** The installing worker has installed and waits. */
  finishInstalling(): void {
    const worker = this.installing;
    if (!worker) throw new Error('nothing is installing');
    this.installing = null;
    this.waiting = worker;
    worker.become('installed');
  }
}

/** navigator.serviceWorker: a controller (the page is controlled) and one registration. */
export class FakeServiceWorkerContainer extends EventTarget {
  controller: FakeWorker | null;
  readonly registration = new FakeRegistration();
  readonly register = vi.fn(() => Promise.resolve(this.registration));
  readonly getRegistration = vi.fn(() => Promise.resolve(this.registration));

  constructor({ controlled = true }: { controlled?: boolean } = {}) {
    super();
    this.controller = controlled ? new FakeWorker() : null;
  }

  asContainer(): ServiceWorkerContainer {
    return this as unknown as ServiceWorkerContainer;
  }

  asRegistration(): ServiceWorkerRegistration {
    return this.registration as unknown as ServiceWorkerRegistration;
  }
}

/** Installs `container` as navigator.serviceWorker (jsdom has none); answers a function that removes it. */
export function installServiceWorkerContainer(container: FakeServiceWorkerContainer): () => void {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return () => {
    delete (navigator as unknown as Record<string, unknown>).serviceWorker;
  };
}
