import { expect } from 'vitest';
import { newContext } from './support/browser';
import { CAMERA, expectPlaying, openCamera, type TransportParam, waitForLiveStream } from './support/cameraVideo';
import { setupE2E } from './support/e2e';
import { startStallProxy } from './support/stallProxy';
import { eventually } from './support/wait';

/**
 * Issue 18: a viewer whose network stalls for 10 s resumes at the live edge, not 10 s behind. The page reaches argusd
 * through a TCP proxy that stops all traffic for 10 s (stalled reads: argusd's queues and the kernel's buffers fill,
 * as behind a dead link) and then lets it flow again; within a few seconds the picture on screen is live again
 * (now − the wall clock of the frame shown, on the frames and the fMP4 WebSocket transports). One `argusd --demo`
 * (with camsim) for the file.
 */

const { test } = setupE2E();

const STALL_MS = 10_000;
/** After the network returns: time to be live again, and how live. */
const RECOVERY_MS = 8_000;
const LIVE_LIMIT_MS = 1_000;

for (const transport of ['frames', 'ws'] as const satisfies readonly TransportParam[]) {
  test(`${transport}: after a 10 s network stall the picture is live again, not 10 s behind`, async ({ server, browser }) => {
    await waitForLiveStream(server, CAMERA);
    const proxy = await startStallProxy(server.port);
    const context = await newContext(browser, proxy.baseUrl);
    try {
      const page = await context.newPage();
      const { viewer } = await openCamera(server, context, page, CAMERA, transport);
      await expectPlaying(viewer, `${transport}, before the stall`);
      expect(await viewer.transport()).toBe(transport);
      const before = await eventually(
        () => viewer.liveLatencyMs(),
        (latency) => latency !== null && latency < LIVE_LIMIT_MS,
        `${transport}: live before the stall`,
      );

      await proxy.stall(STALL_MS);
      const back = Date.now();
      const after = await eventually(
        () => viewer.liveLatencyMs(),
        (latency) => latency !== null && latency < LIVE_LIMIT_MS,
        `${transport}: live again after the stall (now − wall clock of the frame shown, ms)`,
        RECOVERY_MS,
      );
      const recoveredMs = Date.now() - back;
      // Stays live: a few samples over the next 2 s, none as far behind as the stall was long.
      const samples: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        await page.waitForTimeout(250);
        const latency = await viewer.liveLatencyMs();
        if (latency !== null) samples.push(latency);
      }
      console.log(
        `[live-stall] ${transport}: latency ${before} ms before, live again ${recoveredMs} ms after the network returned (${after} ms), then ${samples.join(', ')} ms`,
      );
      expect(samples.length, 'latency samples after recovery').toBeGreaterThan(4);
      expect(Math.max(...samples), `${transport}: latency after recovery`).toBeLessThan(LIVE_LIMIT_MS * 2);
      expect(await viewer.transport(), 'same transport after the stall').toBe(transport);
    } finally {
      await context.close().catch(() => undefined);
      await proxy.close();
    }
  });
}
