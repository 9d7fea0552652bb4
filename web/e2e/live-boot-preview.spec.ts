import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SignInPage } from './pages/SignInPage';
import { CAMERA, expectPlaying, LIVE_FRAMES, openCamera } from './support/cameraVideo';
import { setupE2E } from './support/e2e';
import { eventually } from './support/wait';

/**
 * The boot preview (docs/design/live.md "Boot preview"; web/src/features/viewer/bootPreview): a cold load of a camera
 * page shows the camera's live picture, drawn by a worker on a canvas in a layer over the loading app, where the
 * viewer's video box was the last time; the layer goes once the viewer presents its own frame, and at once on a page
 * that is not that camera page. One `argusd --demo` (with camsim) for the file.
 */

const { test } = setupE2E();

interface LayerSeen {
  /** The canvas's box when the layer was added. */
  canvas: { left: number; top: number; width: number; height: number } | null;
  /** data-first-frame-at: the first frame drawn (page clock). */
  firstFrameAt: number | null;
  /** performance.now() when the layer was removed. */
  removedAt: number | null;
  /** The viewer's video had a decoded frame (readyState >= 2) when the layer was removed. */
  viewerHadFrame: boolean | null;
}

/** An init script: notes what the page does with the boot preview layer. */
function watchLayer(): void {
  const seen: LayerSeen = { canvas: null, firstFrameAt: null, removedAt: null, viewerHadFrame: null };
  (window as unknown as { __bootLayer: LayerSeen }).__bootLayer = seen;
  let layer: HTMLElement | null = null;
  new MutationObserver(() => {
    const found = document.getElementById('argus-boot-preview');
    if (found && !layer) {
      layer = found;
      const box = found.querySelector('canvas')?.getBoundingClientRect();
      seen.canvas = box ? { left: box.left, top: box.top, width: box.width, height: box.height } : null;
    }
    if (layer?.dataset.firstFrameAt) seen.firstFrameAt ??= Number(layer.dataset.firstFrameAt);
    if (layer && !layer.isConnected && seen.removedAt === null) {
      seen.removedAt = performance.now();
      const video = document.querySelector<HTMLVideoElement>('[data-testid="camera-video"]');
      seen.viewerHadFrame = !!video && video.readyState >= 2;
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-first-frame-at'] });
}

async function layerSeen(page: Page): Promise<LayerSeen> {
  return page.evaluate(() => (window as unknown as { __bootLayer: LayerSeen }).__bootLayer);
}

/** The viewer's video box (the black stage box around the video), page coordinates. */
async function stageBox(page: Page): Promise<{ left: number; top: number; width: number; height: number }> {
  return page.getByTestId('video-stage').evaluate((stage) => {
    const box = stage.parentElement!.getBoundingClientRect();
    return { left: box.left, top: box.top, width: box.width, height: box.height };
  });
}

test('a cold load of a camera page shows its live picture where the viewer will be, then hands over to the viewer', async ({
  server,
  context,
  page,
}) => {
  const { viewer, networkId, camera } = await openCamera(server, context, page, CAMERA);
  await expectPlaying(viewer, 'the camera page before the reload');
  const box = await stageBox(page);
  await context.addInitScript(watchLayer);
  const previewSockets: string[] = [];
  page.on('websocket', (socket) => {
    if (LIVE_FRAMES.test(socket.url())) previewSockets.push(socket.url());
  });

  await page.reload();
  await expectPlaying(viewer, 'the camera page after the reload');
  const seen = await eventually(() => layerSeen(page), (value) => value.removedAt !== null, 'the boot preview layer to go', 10_000);
  expect(seen.canvas, 'the boot preview canvas').not.toBeNull();
  for (const side of ['left', 'top', 'width', 'height'] as const) {
    expect(Math.abs(seen.canvas![side] - box[side]), `the preview canvas ${side} vs the viewer's box`).toBeLessThanOrEqual(1);
  }
  expect(seen.firstFrameAt, 'the boot preview drew a frame').not.toBeNull();
  expect(seen.firstFrameAt!, 'the preview frame came before the layer went').toBeLessThan(seen.removedAt!);
  expect(seen.viewerHadFrame, "the viewer's video had a frame when the layer went").toBe(true);
  expect(previewSockets, "the preview's own socket on the camera's sub-stream").toContain(
    `${server.baseUrl.replace(/^http/, 'ws')}/n1/cameras/${camera.id}/live/sub/frames`,
  );
  expect(await page.locator('#argus-boot-preview').count(), 'no layer left').toBe(0);
  expect(page.url()).toContain(`/n/${networkId}/cameras/${camera.id}`);
});

test('no boot preview off camera pages, with another transport forced, or for a visitor who is not signed in', async ({
  server,
  context,
  page,
}) => {
  const { networkId, camera } = await openCamera(server, context, page, CAMERA);
  await context.addInitScript(watchLayer);
  await page.goto(`/n/${networkId}/cameras/${camera.id}?transport=ws`);
  await page.getByTestId('camera-video').waitFor();
  expect((await layerSeen(page)).canvas, 'a layer with ?transport=ws').toBeNull();
  await page.goto(`/n/${networkId}/video-walls`);
  await page.waitForLoadState('load');
  expect((await layerSeen(page)).canvas, 'a layer on the walls page').toBeNull();

  // Signed out: the preview's socket is refused and the app goes to sign-in; no layer stays over it.
  await context.clearCookies();
  await page.goto(`/n/${networkId}/cameras/${camera.id}`);
  await new SignInPage(page).email.waitFor();
  await eventually(() => page.locator('#argus-boot-preview').count(), (count) => count === 0, 'no boot preview over sign-in', 5_000);
});
