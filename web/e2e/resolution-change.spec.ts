import { expect } from 'vitest';
import { expectPlaying, openCamera, type TransportParam, waitForLiveStream } from './support/cameraVideo';
import { ownCamsimCamera } from './support/camsimCamera';
import { setupE2E } from './support/e2e';
import { eventually } from './support/wait';

/**
 * Issue 18: a camera that changes resolution mid-stream (new SPS) keeps playing on every live path. Our own camsim's
 * camera 0 (added to the demo network) switches its main stream from 1280x720 to 640x360 at a keyframe on the same
 * RTSP connection (`POST /cameras/0/resize`); on each transport the page keeps playing, now at 360 rows, without a
 * reload, an error or an offline state; a second resize brings it back to 720.
 */

const { env, test } = setupE2E();
const CAMERA_NAME = 'Resize Lab';
const camsim = ownCamsimCamera(env, CAMERA_NAME);

for (const transport of ['frames', 'ws', 'hls'] as const satisfies readonly TransportParam[]) {
  test(`${transport}: the picture keeps playing through a mid-stream resolution change and back`, async ({
    server,
    context,
    page,
  }) => {
    await waitForLiveStream(server, CAMERA_NAME);
    const { viewer } = await openCamera(server, context, page, CAMERA_NAME, transport);
    await expectPlaying(viewer, `${transport}, at the first size`);
    expect(await viewer.transport()).toBe(transport);
    await eventually(() => viewer.sample(), (sample) => sample.videoHeight === 720, `${transport}: 720 rows`, 20_000);
    await page.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });

    for (const rows of [360, 720]) {
      await camsim().control(0, 'resize');
      const changed = Date.now();
      await eventually(
        () => viewer.sample(),
        (sample) => sample.videoHeight === rows,
        `${transport}: the picture at ${rows} rows after the resize`,
        20_000,
      );
      console.log(`[resolution-change] ${transport}: ${rows} rows on screen ${Date.now() - changed} ms after the resize`);
      await expectPlaying(viewer, `${transport}, at ${rows} rows`);
      expect(await viewer.errorTexts().count(), 'error/offline texts').toBe(0);
      expect(await viewer.transport(), 'the same transport').toBe(transport);
    }
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), 'no page reload').toBe(true);
  });
}
