import { expect, vi } from 'vitest';
import { screenshot } from './support/browser';
import { Argusd } from './support/argusd';
import { openCamera } from './support/cameraVideo';
import { setupE2E } from './support/e2e';
import { eventually } from './support/wait';

/**
 * Detected-object boxes on recorded video, in Chromium against `argusd --demo` with object detection on (issue 11;
 * spec 02 §2 settings, §4 "Object detections", §7 the cometd channel; docs/design/detection.md): Storage Aisle A plays
 * camsim's vtest clip (people walking). After detection has run for a while, the camera page opened at a moment
 * 20 s ago plays history; 'Show detected objects' in the player settings asks the {basePath}/cometd channel and draws
 * boxes over the picture; back to live they are cleared.
 */

const { test } = setupE2E({ startServer: () => Argusd.start({ objectDetection: true }) });
vi.setConfig({ testTimeout: 180_000 });

const CAMERA = 'Storage Aisle A';

/** How many pixels of the detections overlay are not transparent (0 when there is no overlay). */
async function drawnPixels(page: import('playwright-core').Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="detections-overlay"]');
    const context = canvas?.getContext('2d');
    if (!canvas || !context || canvas.width === 0) return 0;
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let drawn = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) drawn++;
    return drawn;
  });
}

test('recorded video of people walking: boxes drawn over the picture, cleared in live', async ({ server, context, page }) => {
  const { viewer } = await openCamera(server, context, page, CAMERA);
  // Detection runs on frames with motion; give it time to record some tracks before looking back.
  await page.waitForTimeout(30_000);
  const url = new URL(page.url());
  url.searchParams.set('ts', String(Math.floor(Date.now() / 1000) - 20));
  await page.goto(url.toString());
  await viewer.expectLive(false, 20_000);
  await viewer.waitUntilPlaying('history');

  const channel = page.waitForResponse((response) => /\/n\d+\/cometd/.test(response.url()) && response.status() === 200);
  await viewer.settingsButton.click();
  await page.getByRole('menuitem', { name: 'Show detected objects' }).click();
  await channel;
  const drawn = await eventually(() => drawnPixels(page), (pixels) => pixels > 50, 'box pixels on the overlay', 60_000);
  console.log(`[detections] ${drawn} overlay pixels drawn in history`);
  await screenshot(page, 'detections-history');

  await viewer.liveButton.click();
  await viewer.expectLive(true);
  expect(await drawnPixels(page), 'no boxes in live').toBe(0);
});
