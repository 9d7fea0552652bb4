import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_PREVIEW_CLAIM_MS, BOOT_PREVIEW_HANDOVER_MS } from '../constants';
import { appStartedOn, claimBootPreview, releaseBootPreview, releaseBootPreviewOn } from './bootPreview';
import { BOOT_PREVIEW_LAYER_ID, BOOT_PREVIEW_RELEASE_EVENT } from './bootPreviewLayer';
import { fakeBootPreviewLayer } from './testLayer';

const CAMERA_PAGE = '/n/1/cameras/7';

function fakeLayer(pathname = CAMERA_PAGE): { element: HTMLDivElement; released: () => number } {
  return fakeBootPreviewLayer({ pathname });
}

/** A video element whose next presented frame the test decides. */
function videoWithFrameCallback(): { video: HTMLVideoElement; present: () => void; requests: () => number } {
  const video = document.createElement('video');
  const callbacks: VideoFrameRequestCallback[] = [];
  Object.defineProperty(video, 'requestVideoFrameCallback', {
    configurable: true,
    value: (callback: VideoFrameRequestCallback) => callbacks.push(callback),
  });
  return {
    video,
    requests: () => callbacks.length,
    present: () => {
      for (const callback of callbacks.splice(0)) {
        callback(performance.now(), {} as VideoFrameCallbackMetadata);
      }
    },
  };
}

afterEach(() => {
  document.getElementById(BOOT_PREVIEW_LAYER_ID)?.remove();
  // Clears a deadline a test left (no layer: no event).
  releaseBootPreview();
  vi.useRealTimers();
});

describe('boot preview, the app side', () => {
  it('releases at once when the app started on another page than the previewed one', () => {
    vi.useFakeTimers();
    const layer = fakeLayer();
    appStartedOn('/n/1/cameras/8');
    expect(layer.released()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('on the previewed page releases only after BOOT_PREVIEW_CLAIM_MS', () => {
    vi.useFakeTimers();
    const layer = fakeLayer();
    appStartedOn(CAMERA_PAGE);
    expect(layer.released()).toBe(0);
    vi.advanceTimersByTime(BOOT_PREVIEW_CLAIM_MS - 1);
    expect(layer.released()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(layer.released()).toBe(1);
    vi.advanceTimersByTime(BOOT_PREVIEW_CLAIM_MS * 2);
    expect(layer.released()).toBe(1);
  });

  it('a layer without data-pathname is left alone by appStartedOn', () => {
    vi.useFakeTimers();
    const layer = fakeLayer();
    delete layer.element.dataset.pathname;
    appStartedOn('/n/1/cameras/8');
    vi.advanceTimersByTime(BOOT_PREVIEW_CLAIM_MS * 2);
    expect(layer.released()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('claimBootPreview moves the deadline to BOOT_PREVIEW_HANDOVER_MS (sooner)', () => {
    vi.useFakeTimers();
    const layer = fakeLayer();
    appStartedOn(CAMERA_PAGE);
    vi.advanceTimersByTime(100);
    claimBootPreview();
    vi.advanceTimersByTime(BOOT_PREVIEW_HANDOVER_MS - 1);
    expect(layer.released()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(layer.released()).toBe(1);
    // The start-up deadline is gone: no second release at BOOT_PREVIEW_CLAIM_MS.
    vi.advanceTimersByTime(BOOT_PREVIEW_CLAIM_MS);
    expect(layer.released()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('claimBootPreview moves the deadline to BOOT_PREVIEW_HANDOVER_MS (later)', () => {
    vi.useFakeTimers();
    const layer = fakeLayer();
    appStartedOn(CAMERA_PAGE);
    vi.advanceTimersByTime(BOOT_PREVIEW_CLAIM_MS - 500);
    claimBootPreview();
    vi.advanceTimersByTime(500);
    expect(layer.released()).toBe(0);
    vi.advanceTimersByTime(BOOT_PREVIEW_HANDOVER_MS - 501);
    expect(layer.released()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(layer.released()).toBe(1);
  });

  it('releaseBootPreviewOn waits for the video to present a frame', () => {
    vi.useFakeTimers();
    const layer = fakeLayer();
    const { video, present, requests } = videoWithFrameCallback();
    claimBootPreview();
    releaseBootPreviewOn(video);
    expect(requests()).toBe(1);
    expect(layer.released()).toBe(0);
    present();
    expect(layer.released()).toBe(1);
    // The handover deadline went with it.
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(BOOT_PREVIEW_HANDOVER_MS);
    expect(layer.released()).toBe(1);
  });

  it('releaseBootPreviewOn releases at once when the video has no requestVideoFrameCallback', () => {
    const layer = fakeLayer();
    const video = document.createElement('video');
    Object.defineProperty(video, 'requestVideoFrameCallback', { configurable: true, value: undefined });
    releaseBootPreviewOn(video);
    expect(layer.released()).toBe(1);
  });

  it('releaseBootPreview dispatches the release event on the layer', () => {
    const layer = fakeLayer();
    const seen: string[] = [];
    layer.element.addEventListener(BOOT_PREVIEW_RELEASE_EVENT, (event) => seen.push(`${event.type}@${(event.target as HTMLElement).id}`));
    releaseBootPreview();
    expect(seen).toEqual([`${BOOT_PREVIEW_RELEASE_EVENT}@${BOOT_PREVIEW_LAYER_ID}`]);
    expect(layer.released()).toBe(1);
  });

  it('does nothing (and throws nothing) without a layer', () => {
    vi.useFakeTimers();
    const { video, requests } = videoWithFrameCallback();
    expect(() => {
      appStartedOn(CAMERA_PAGE);
      appStartedOn('/walls');
      claimBootPreview();
      releaseBootPreviewOn(video);
      releaseBootPreview();
      vi.advanceTimersByTime(BOOT_PREVIEW_CLAIM_MS + BOOT_PREVIEW_HANDOVER_MS);
    }).not.toThrow();
    expect(vi.getTimerCount()).toBe(0);
    expect(requests()).toBe(0);
  });

  it('a deadline firing after the layer went throws nothing', () => {
    vi.useFakeTimers();
    const layer = fakeLayer();
    appStartedOn(CAMERA_PAGE);
    layer.element.remove();
    expect(() => vi.advanceTimersByTime(BOOT_PREVIEW_CLAIM_MS)).not.toThrow();
    expect(layer.released()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
