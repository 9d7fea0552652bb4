import { expect, vi } from 'vitest';
import { type TileSample, WallViewPage } from './pages/WallViewPage';
import { type ApiCamera, apiSession, apiSessionDelete, apiSessionGet, apiSessionPost } from './support/api';
import { ADMIN, waitForLiveStream } from './support/cameraVideo';
import { ownCamsimCamera } from './support/camsimCamera';
import { setupE2E } from './support/e2e';
import { signInAndEnterNetwork } from './support/enterNetwork';
import { eventually, expectPath } from './support/wait';

/**
 * A wall through faults (issue 9 "Bad input and faults"), with a wall of two tiles made through the API by another
 * session (another tab): the camera of one tile hangs (camsim `hang`: connection kept, no frames) and comes back — the
 * tile stops, then plays again without a page reload, the other tile never stops; the camera is removed — its tile
 * leaves the wall; the wall is deleted — the page says so and leaves it.
 */

const { env, test } = setupE2E();
vi.setConfig({ testTimeout: 240_000 });
const FAULT_CAMERA = 'Wall Fault Lab';
const OTHER_CAMERA = 'Reception Desk';
const WALL_NAME = 'Fault wall';
const camsim = ownCamsimCamera(env, FAULT_CAMERA);

const framesOf = (samples: TileSample[], cameraId: number) =>
  samples.find((sample) => sample.cameraId === String(cameraId))?.presentedFrames ?? -1;

test("wall faults: a hung camera's tile recovers without a reload; a removed camera's tile goes; a deleted wall leaves", async ({
  server,
  context,
  page,
}) => {
  const networkId = await signInAndEnterNetwork(page, context, server);
  await camsim().control(0, 'restore');
  for (const name of [FAULT_CAMERA, OTHER_CAMERA]) await waitForLiveStream(server, name);
  const otherTab = await apiSession(server.baseUrl, ADMIN, server.credential(ADMIN).password);
  try {
    const cameras = await apiSessionGet<ApiCamera[]>(otherTab, `/n/${networkId}/manage/vision/cameras`);
    const fault = cameras.find((camera) => camera.name === FAULT_CAMERA)!;
    const other = cameras.find((camera) => camera.name === OTHER_CAMERA)!;
    const wall = await apiSessionPost<{ id: number }>(otherTab, `/n/${networkId}/manage/vision/walls`, {
      name: WALL_NAME,
      tiles: [
        { x: 0, y: 0, w: 7, h: 7, video_channel_id: fault.channel!.id },
        { x: 7, y: 0, w: 7, h: 7, video_channel_id: other.channel!.id },
      ],
    });

    await page.goto(`/n/${networkId}/video-walls/${wall.id}`);
    const walled = new WallViewPage(page);
    await walled.waitForWall(WALL_NAME);
    await eventually(
      () => walled.samples(),
      (samples) => samples.length === 2 && samples.every((sample) => sample.status === 'playing' && sample.presentedFrames > 0),
      'both tiles playing',
      45_000,
    );
    await page.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });

    // The camera hangs: its tile stops presenting frames while the other one goes on. On a loaded machine the tile
    // may still present what it had buffered for a few seconds (the clean-clone CI saw 4 frames 3-5 s after the
    // hang), so the check is a 2 s window without frames within 15 s.
    await camsim().control(0, 'hang');
    const hungAt = Date.now();
    const quiet = await eventually(
      async () => {
        const before = await walled.samples();
        await page.waitForTimeout(2_000);
        const after = await walled.samples();
        return {
          hung: framesOf(after, fault.id) - framesOf(before, fault.id),
          other: framesOf(after, other.id) - framesOf(before, other.id),
        };
      },
      (frames) => frames.hung <= 1,
      "the hung camera's tile presenting at most 1 frame in 2 s",
      15_000,
    );
    expect(quiet.other, 'frames of the other camera over the same 2 s').toBeGreaterThan(5);

    // Back: the tile plays again, without a reload.
    await page.waitForTimeout(Math.max(0, 9_000 - (Date.now() - hungAt))); // argusd notices the hang (offline in 5 s)
    await camsim().control(0, 'restore');
    const restoredAt = Date.now();
    await eventually(
      async () => {
        const start = framesOf(await walled.samples(), fault.id);
        await page.waitForTimeout(1_000);
        return framesOf(await walled.samples(), fault.id) - start;
      },
      (framesInASecond) => framesInASecond > 3,
      "the hung camera's tile presenting frames again",
      45_000,
    );
    console.log(`wall faults: tile playing again ${Date.now() - restoredAt} ms after the camera came back`);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // The camera is removed: its tile leaves the wall (the page asks for the wall list every 30 s).
    await apiSessionDelete(otherTab, `/n/${networkId}/manage/vision/cameras/${fault.id}`);
    await eventually(() => walled.tiles.count(), (count) => count === 1, 'one tile left after the camera was removed', 45_000);
    expect(await walled.tileOfCamera(other.id).count()).toBe(1);

    // The wall is deleted in the other tab: the page says so and leaves it.
    await apiSessionDelete(otherTab, `/n/${networkId}/manage/vision/walls/${wall.id}`);
    await eventually(
      () => page.getByText('This wall was deleted or is no longer shared with you').isVisible(),
      (visible) => visible,
      'the toast about the deleted wall',
      45_000,
    );
    await expectPath(page, new RegExp(`^/n/${networkId}/video-walls(/(?!${wall.id}$)\\d+)?$`), 10_000);
  } finally {
    await otherTab.dispose();
  }
});
