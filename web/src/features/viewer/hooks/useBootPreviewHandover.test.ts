import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_PREVIEW_HANDOVER_MS, BOOT_PREVIEW_STAGE_KEY } from '../constants';
import { BOOT_PREVIEW_LAYER_ID } from '../bootPreview/bootPreviewLayer';
import { fakeBootPreviewLayer } from '../bootPreview/testLayer';
import { useBootPreviewHandover } from './useBootPreviewHandover';
import type { VideoStatus } from './useVideoStatus';

function fakeLayer(): { released: () => number } {
  return fakeBootPreviewLayer({ removeOnRelease: true });
}

function setup(initial: { status: VideoStatus; showPlayer: boolean; immersive?: boolean }) {
  const video = document.createElement('video');
  let presented: (() => void) | null = null;
  Object.assign(video, { requestVideoFrameCallback: (callback: () => void) => (presented = callback) });
  const box = document.createElement('div');
  box.getBoundingClientRect = () => ({ left: 552, top: 185, width: 716, height: 449 }) as DOMRect;
  const hook = renderHook(
    (props: { status: VideoStatus; showPlayer: boolean; immersive?: boolean }) =>
      useBootPreviewHandover({ current: video }, { current: box }, props.status, props.showPlayer, {
        immersive: props.immersive ?? false,
        width: 716,
        height: 449,
      }),
    { initialProps: initial },
  );
  return { hook, present: () => presented?.() };
}

afterEach(() => {
  vi.useRealTimers();
  document.getElementById(BOOT_PREVIEW_LAYER_ID)?.remove();
  window.localStorage.clear();
});

describe('useBootPreviewHandover', () => {
  it('keeps the preview until the playing viewer presented its own frame, then remembers the video box', () => {
    const layer = fakeLayer();
    const { hook, present } = setup({ status: 'initializing', showPlayer: true });
    expect(layer.released()).toBe(0);
    hook.rerender({ status: 'playing', showPlayer: true });
    expect(layer.released()).toBe(0);
    present();
    expect(layer.released()).toBe(1);
    expect(JSON.parse(window.localStorage.getItem(BOOT_PREVIEW_STAGE_KEY) ?? 'null')).toMatchObject({
      left: 552,
      top: 185,
      width: 716,
      height: 449,
      viewportWidth: window.innerWidth,
      viewportHeight: window.innerHeight,
    });
  });

  it('lets the preview go at once when the viewer shows no player or fails', () => {
    const noPlayer = fakeLayer();
    setup({ status: 'uninitialized', showPlayer: false });
    expect(noPlayer.released()).toBe(1);
    const failed = fakeLayer();
    setup({ status: 'error', showPlayer: true });
    expect(failed.released()).toBe(1);
  });

  it('lets the preview go BOOT_PREVIEW_HANDOVER_MS after mounting when the viewer never plays', () => {
    vi.useFakeTimers();
    const layer = fakeLayer();
    setup({ status: 'initializing', showPlayer: true });
    vi.advanceTimersByTime(BOOT_PREVIEW_HANDOVER_MS - 1);
    expect(layer.released()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(layer.released()).toBe(1);
  });

  it('does not remember the box in theater or fullscreen (it is the viewport there)', () => {
    fakeLayer();
    setup({ status: 'playing', showPlayer: true, immersive: true });
    expect(window.localStorage.getItem(BOOT_PREVIEW_STAGE_KEY)).toBeNull();
  });
});
