import { afterEach, describe, expect, it } from 'vitest';
import { BOOT_PREVIEW_STAGE_KEY } from '../constants';
import { previewStage, rememberViewerStage } from './bootPreviewLayer';
import { fallbackStage } from './bootPreviewLayout';

/** jsdom's viewport: 1024 × 768. */
const VIEWPORT = { viewportWidth: window.innerWidth, viewportHeight: window.innerHeight };
/** fallbackStage(1024, 768): wide layout (side navigation + camera list), 1024 - 552 - 12 wide, 768 - 185 - 154 - 12 high. */
const FALLBACK_1024_768 = { viewportWidth: 1024, viewportHeight: 768, left: 552, top: 185, width: 460, height: 417 };

function store(value: unknown): void {
  window.localStorage.setItem(BOOT_PREVIEW_STAGE_KEY, typeof value === 'string' ? value : JSON.stringify(value));
}

afterEach(() => {
  window.localStorage.clear();
});

describe('previewStage / rememberViewerStage', () => {
  it('runs in the viewport the expectations assume', () => {
    expect(VIEWPORT).toEqual({ viewportWidth: 1024, viewportHeight: 768 });
  });

  it('without a remembered box uses the usual place for this viewport', () => {
    expect(previewStage()).toEqual(FALLBACK_1024_768);
  });

  it('gives back the remembered box (rounded) in the same viewport size', () => {
    rememberViewerStage({ left: 300.4, top: 120.6, width: 640.5, height: 359.49 });
    expect(JSON.parse(window.localStorage.getItem(BOOT_PREVIEW_STAGE_KEY) ?? 'null')).toEqual({
      ...VIEWPORT,
      left: 300,
      top: 121,
      width: 641,
      height: 359,
    });
    expect(previewStage()).toEqual({ ...VIEWPORT, left: 300, top: 121, width: 641, height: 359 });
  });

  it('ignores a box remembered in another viewport size', () => {
    store({ viewportWidth: 1280, viewportHeight: 768, left: 300, top: 120, width: 640, height: 360 });
    expect(previewStage()).toEqual(FALLBACK_1024_768);
    store({ viewportWidth: 1024, viewportHeight: 700, left: 300, top: 120, width: 640, height: 360 });
    expect(previewStage()).toEqual(FALLBACK_1024_768);
    // Without the viewport size at all.
    store({ left: 300, top: 120, width: 640, height: 360 });
    expect(previewStage()).toEqual(FALLBACK_1024_768);
  });

  it('ignores malformed JSON and boxes with negative or non-number values', () => {
    const good = { ...VIEWPORT, left: 300, top: 120, width: 640, height: 360 };
    store(good);
    expect(previewStage()).toEqual(good);

    for (const bad of ['{not json', '"a string"', '42', '[]', 'null']) {
      store(bad);
      expect(previewStage(), bad).toEqual(FALLBACK_1024_768);
    }
    for (const field of ['left', 'top', 'width', 'height'] as const) {
      store({ ...good, [field]: -1 });
      expect(previewStage(), `${field} negative`).toEqual(FALLBACK_1024_768);
      store({ ...good, [field]: '300' });
      expect(previewStage(), `${field} a string`).toEqual(FALLBACK_1024_768);
      store({ ...good, [field]: null });
      expect(previewStage(), `${field} null`).toEqual(FALLBACK_1024_768);
      const { [field]: _omitted, ...missing } = good;
      void _omitted;
      store(missing);
      expect(previewStage(), `${field} missing`).toEqual(FALLBACK_1024_768);
    }
  });

  it('does not remember an empty box (the previous one stays)', () => {
    rememberViewerStage({ left: 10, top: 20, width: 300, height: 200 });
    const before = window.localStorage.getItem(BOOT_PREVIEW_STAGE_KEY);
    rememberViewerStage({ left: 50, top: 60, width: 0, height: 200 });
    rememberViewerStage({ left: 50, top: 60, width: 300, height: 0 });
    rememberViewerStage({ left: 50, top: 60, width: -5, height: 200 });
    expect(window.localStorage.getItem(BOOT_PREVIEW_STAGE_KEY)).toBe(before);
    expect(previewStage()).toEqual({ ...VIEWPORT, left: 10, top: 20, width: 300, height: 200 });

    window.localStorage.clear();
    rememberViewerStage({ left: 50, top: 60, width: 0, height: 0 });
    expect(window.localStorage.getItem(BOOT_PREVIEW_STAGE_KEY)).toBeNull();
  });
});

describe('fallbackStage', () => {
  it('on a wide viewport (>= 800 px) leaves room for the side navigation and the camera list', () => {
    expect(fallbackStage(800, 600)).toEqual({ viewportWidth: 800, viewportHeight: 600, left: 552, top: 185, width: 236, height: 249 });
    expect(fallbackStage(1920, 1080)).toEqual({
      viewportWidth: 1920,
      viewportHeight: 1080,
      left: 552,
      top: 185,
      width: 1280, // at most 1280 px wide
      height: 729,
    });
  });

  it('on a narrow viewport takes the page width', () => {
    expect(fallbackStage(799, 600)).toEqual({ viewportWidth: 799, viewportHeight: 600, left: 12, top: 185, width: 775, height: 249 });
    expect(fallbackStage(390, 844)).toEqual({ viewportWidth: 390, viewportHeight: 844, left: 12, top: 185, width: 366, height: 493 });
  });

  it('never gives a negative size', () => {
    expect(fallbackStage(10, 100)).toEqual({ viewportWidth: 10, viewportHeight: 100, left: 12, top: 185, width: 0, height: 0 });
    expect(fallbackStage(850, 300)).toEqual({ viewportWidth: 850, viewportHeight: 300, left: 552, top: 185, width: 286, height: 0 });
    expect(fallbackStage(0, 0)).toMatchObject({ width: 0, height: 0 });
  });
});
