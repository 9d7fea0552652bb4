import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_PREVIEW_BACKGROUND, BOOT_PREVIEW_STAGE_KEY } from '../constants';
import { BOOT_PREVIEW_LAYER_ID, BOOT_PREVIEW_RELEASE_EVENT } from './bootPreviewLayer';
import type { BootPreviewReport } from './bootPreviewMessages';
import { startBootPreview } from './startBootPreview';

const WORKER_URL = '/assets/bootPreviewWorker-abc123.js';

/** Stands in for the preview worker: records how it was made and what it got; the test plays its side. */
class FakeWorker {
  static instances: FakeWorker[] = [];
  readonly posted: { message: unknown; transfer: unknown }[] = [];
  terminated = 0;
  onmessage: ((event: MessageEvent<BootPreviewReport>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;

  constructor(
    readonly url: string | URL,
    readonly options?: WorkerOptions,
  ) {
    FakeWorker.instances.push(this);
  }

  postMessage(message: unknown, transfer?: unknown) {
    this.posted.push({ message, transfer });
  }

  terminate() {
    this.terminated += 1;
  }

  /** The worker reports to the page. */
  report(data: BootPreviewReport) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  fail() {
    this.onerror?.(new ErrorEvent('error', { message: 'boom' }));
  }
}

class FakeOffscreenCanvas {}
class FakeVideoDecoder {}
class FakeTrackGenerator {}

/** What each canvas's transferControlToOffscreen gave. */
let transferred: { canvas: HTMLCanvasElement; offscreen: FakeOffscreenCanvas }[] = [];

function installBrowser(): void {
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('VideoDecoder', FakeVideoDecoder);
  vi.stubGlobal('MediaStreamTrackGenerator', FakeTrackGenerator);
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
  Object.defineProperty(HTMLCanvasElement.prototype, 'transferControlToOffscreen', {
    configurable: true,
    writable: true,
    value: function transferControlToOffscreen(this: HTMLCanvasElement) {
      const offscreen = new FakeOffscreenCanvas();
      transferred.push({ canvas: this, offscreen });
      return offscreen;
    },
  });
}

function layer(): HTMLElement | null {
  return document.getElementById(BOOT_PREVIEW_LAYER_ID);
}

function start(pathname = '/n/1/cameras/7', search = ''): void {
  startBootPreview({ pathname, search }, WORKER_URL);
}

function onlyWorker(): FakeWorker {
  expect(FakeWorker.instances).toHaveLength(1);
  return FakeWorker.instances[0];
}

beforeEach(() => {
  FakeWorker.instances = [];
  transferred = [];
  installBrowser();
});

afterEach(() => {
  document.querySelectorAll(`#${BOOT_PREVIEW_LAYER_ID}`).forEach((element) => element.remove());
  // Resize listeners a test left behind (a layer that was not released) must not reach the next test's layer.
  window.dispatchEvent(new Event('resize'));
  Reflect.deleteProperty(HTMLCanvasElement.prototype, 'transferControlToOffscreen');
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('startBootPreview', () => {
  it('runs in the page the expectations assume', () => {
    expect([window.location.protocol, window.location.host]).toEqual(['http:', 'localhost:3000']);
    expect([window.innerWidth, window.innerHeight, window.devicePixelRatio]).toEqual([1024, 768, 1]);
  });

  it('on a camera page lays a layer with a canvas at the usual place and starts the worker on the frames route', () => {
    start('/n/1/cameras/7');

    const element = layer();
    expect(element).not.toBeNull();
    expect(element?.parentElement).toBe(document.body);
    expect(element?.dataset.pathname).toBe('/n/1/cameras/7');
    expect(element?.dataset.testid).toBe('live-boot-preview');
    expect(element?.getAttribute('aria-hidden')).toBe('true');
    expect(element?.style.position).toBe('fixed');
    expect(element?.style.pointerEvents).toBe('none');
    expect(element?.style.zIndex).toBe('400');
    expect(element?.style.background).toBe('rgb(36, 36, 36)'); // BOOT_PREVIEW_BACKGROUND
    expect(BOOT_PREVIEW_BACKGROUND).toBe('#242424');

    // fallbackStage(1024, 768): left 552, top 185, 460 × 417.
    const canvases = element?.querySelectorAll('canvas') ?? [];
    expect(canvases).toHaveLength(1);
    const canvas = canvases[0];
    expect([canvas.style.position, canvas.style.left, canvas.style.top, canvas.style.width, canvas.style.height]).toEqual([
      'absolute',
      '552px',
      '185px',
      '460px',
      '417px',
    ]);
    expect([canvas.width, canvas.height]).toEqual([460, 417]);

    const worker = onlyWorker();
    expect(worker.url).toBe(WORKER_URL);
    expect(worker.options).toEqual({ name: 'ws://localhost:3000/n1/cameras/7/live/sub/frames' });

    expect(transferred).toHaveLength(1);
    expect(transferred[0].canvas).toBe(canvas);
    expect(worker.posted).toEqual([{ message: { canvas: transferred[0].offscreen }, transfer: [transferred[0].offscreen] }]);
    expect((worker.posted[0].message as { canvas: unknown }).canvas).toBe(transferred[0].offscreen);
    expect(worker.terminated).toBe(0);
  });

  it('places the canvas at the remembered box of this viewport size, in device pixels', () => {
    window.localStorage.setItem(
      BOOT_PREVIEW_STAGE_KEY,
      JSON.stringify({ viewportWidth: 1024, viewportHeight: 768, left: 300, top: 120, width: 640, height: 360 }),
    );
    vi.stubGlobal('devicePixelRatio', 1.5);
    start('/n/2/cameras/42/');

    const canvas = layer()?.querySelector('canvas');
    expect([canvas?.style.left, canvas?.style.top, canvas?.style.width, canvas?.style.height]).toEqual([
      '300px',
      '120px',
      '640px',
      '360px',
    ]);
    expect([canvas?.width, canvas?.height]).toEqual([960, 540]);
    // The network segment of the page path is not the shard: the default shard is used.
    expect(onlyWorker().options).toEqual({ name: 'ws://localhost:3000/n1/cameras/42/live/sub/frames' });
  });

  it('plays the shard of ?shardId=', () => {
    start('/n/1/cameras/7', '?shardId=3');
    expect(onlyWorker().options).toEqual({ name: 'ws://localhost:3000/n3/cameras/7/live/sub/frames' });
  });

  it('ignores a ?shardId= that is not a number', () => {
    start('/n/1/cameras/7', '?shardId=abc');
    expect(onlyWorker().options).toEqual({ name: 'ws://localhost:3000/n1/cameras/7/live/sub/frames' });
  });

  it('opens nothing when the page plays over another transport (?transport=ws)', () => {
    start('/n/1/cameras/7', '?transport=ws');
    expect(layer()).toBeNull();
    expect(FakeWorker.instances).toHaveLength(0);
  });

  it('opens nothing for a link to a recorded moment (?ts=): the page plays history, not live', () => {
    start('/n/1/cameras/7', '?ts=1795800000');
    expect(layer()).toBeNull();
    expect(FakeWorker.instances).toHaveLength(0);
  });

  it('opens for a forced ?transport=frames', () => {
    start('/n/1/cameras/7', '?transport=frames');
    expect(layer()).not.toBeNull();
    expect(FakeWorker.instances).toHaveLength(1);
  });

  it('opens nothing without WebCodecs (no secure context)', () => {
    vi.stubGlobal('isSecureContext', false);
    start();
    expect(layer()).toBeNull();
    expect(FakeWorker.instances).toHaveLength(0);
  });

  it('opens nothing on a page that is not a camera page', () => {
    for (const pathname of ['/', '/n/1/cameras', '/n/1/cameras/7/settings', '/n/x/cameras/7', '/n/1/cameras/abc', '/walls']) {
      start(pathname);
      expect(layer(), pathname).toBeNull();
    }
    expect(FakeWorker.instances).toHaveLength(0);
    expect(transferred).toHaveLength(0);
  });

  it('opens nothing without Worker', () => {
    vi.stubGlobal('Worker', undefined);
    start();
    expect(layer()).toBeNull();
    expect(transferred).toHaveLength(0);
  });

  it('opens nothing without OffscreenCanvas', () => {
    vi.stubGlobal('OffscreenCanvas', undefined);
    start();
    expect(layer()).toBeNull();
    expect(FakeWorker.instances).toHaveLength(0);
  });

  it('opens nothing without HTMLCanvasElement.transferControlToOffscreen', () => {
    Reflect.deleteProperty(HTMLCanvasElement.prototype, 'transferControlToOffscreen');
    start();
    expect(layer()).toBeNull();
    expect(FakeWorker.instances).toHaveLength(0);
  });

  it('opens nothing when the stage would be empty (a viewport too low for the usual layout)', () => {
    const height = window.innerHeight;
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 300 });
    try {
      start();
      expect(layer()).toBeNull();
      expect(FakeWorker.instances).toHaveLength(0);
    } finally {
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
    }
  });

  it("the worker's 'frame' report sets data-first-frame-at (page clock, ms) and keeps the layer", () => {
    start();
    const worker = onlyWorker();
    expect(layer()?.dataset.firstFrameAt).toBeUndefined();
    worker.report({ type: 'frame', atMs: performance.timeOrigin + 250 });
    expect(layer()?.getAttribute('data-first-frame-at')).toBe('250.0');
    expect(worker.terminated).toBe(0);
  });

  it("the worker's 'end' report removes the layer and ends the worker", () => {
    start();
    const worker = onlyWorker();
    worker.report({ type: 'end' });
    expect(layer()).toBeNull();
    expect(worker.terminated).toBe(1);
  });

  it('a worker error removes the layer and ends the worker', () => {
    start();
    const worker = onlyWorker();
    worker.fail();
    expect(layer()).toBeNull();
    expect(worker.terminated).toBe(1);
  });

  it('a window resize removes the layer and ends the worker', () => {
    start();
    const worker = onlyWorker();
    window.dispatchEvent(new Event('resize'));
    expect(layer()).toBeNull();
    expect(worker.terminated).toBe(1);
  });

  it('the release event removes the layer and ends the worker (and a later resize does nothing more)', () => {
    start();
    const worker = onlyWorker();
    layer()?.dispatchEvent(new Event(BOOT_PREVIEW_RELEASE_EVENT));
    expect(layer()).toBeNull();
    expect(worker.terminated).toBe(1);
    window.dispatchEvent(new Event('resize'));
    expect(worker.terminated).toBe(1);
  });

  it('a new preview can open after the previous one went', () => {
    start();
    onlyWorker().report({ type: 'end' });
    start('/n/1/cameras/8');
    expect(FakeWorker.instances).toHaveLength(2);
    expect(FakeWorker.instances[1].options).toEqual({ name: 'ws://localhost:3000/n1/cameras/8/live/sub/frames' });
    expect(layer()?.dataset.pathname).toBe('/n/1/cameras/8');
  });

  it('opens no second layer while one is there', () => {
    start('/n/1/cameras/7');
    start('/n/1/cameras/8');
    expect(document.querySelectorAll(`#${BOOT_PREVIEW_LAYER_ID}`)).toHaveLength(1);
    expect(layer()?.dataset.pathname).toBe('/n/1/cameras/7');
    expect(onlyWorker().options).toEqual({ name: 'ws://localhost:3000/n1/cameras/7/live/sub/frames' });
    expect(transferred).toHaveLength(1);
  });
});
