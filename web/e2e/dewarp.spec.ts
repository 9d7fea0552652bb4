import type { Locator, Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { WallViewPage } from './pages/WallViewPage';
import { apiGet } from './support/api';
import { waitForLiveStream } from './support/cameraVideo';
import { setupE2E } from './support/e2e';
import { signInAndEnterNetwork } from './support/enterNetwork';
import { RESULTS_DIR } from './support/paths';
import { eventually, expectHidden, expectVisible } from './support/wait';
// The portal's own projection (pure, no DOM): the expected dewarped picture of a frame.
import { type DewarpView, lensCircle, projectPoint } from '../src/features/dewarp/projection';

/**
 * Fisheye dewarp on a wall (features/dewarp, spec 02 §2–§4), in Chromium against `argusd --demo`: the demo wall
 * "Entrances (all sites)" (7003) shows Lobby Entrance (1001, ceiling fisheye) as a dewarped view (phi 0.75 pi). Its
 * tile draws a WebGL canvas whose picture is not the raw fisheye frame (both sampled at 32 x 18 and compared), and
 * choosing another preset in the view selector (View 3, theta pi: the opposite side of the lens) changes it. Headless
 * Chromium's WebGL is SwiftShader (software; no extra flag needed with Debian's Chromium 156).
 */

const { test } = setupE2E();
vi.setConfig({ testTimeout: 150_000 });

const WALL_ID = 7003;
const FISHEYE = { id: 1001, name: 'Lobby Entrance' };
const SAMPLE = { width: 32, height: 18 };
/** The video frame is also read at this size (square fisheye frames), to compute the expected view from it. */
const FRAME = 256;

interface Sample {
  /** RGB bytes of the picture scaled to SAMPLE (the canvas, or the video's frame letterboxed the same way). */
  rgb: number[];
  mean: number;
}

const TILE_VIDEO = '[data-testid="wall-tile-video"]';

/** The dewarp canvas under `root` and its video's current frame, both drawn into SAMPLE-sized 2D canvases. */
async function sampleTile(root: Locator, videoSelector = TILE_VIDEO): Promise<{ canvas: Sample; video: Sample; frame: Sample }> {
  return root.evaluate((element, { size, frameSize, videoSelector }) => {
    const grab = (source: CanvasImageSource, width: number, height: number, into = size) => {
      const canvas = document.createElement('canvas');
      canvas.width = into.width;
      canvas.height = into.height;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      context.fillStyle = '#000';
      context.fillRect(0, 0, into.width, into.height);
      // Contain: the video's square frame letterboxed into 16:9 like `object-fit: contain`.
      const scale = Math.min(into.width / width, into.height / height);
      const w = width * scale;
      const h = height * scale;
      context.drawImage(source, (into.width - w) / 2, (into.height - h) / 2, w, h);
      const data = context.getImageData(0, 0, into.width, into.height).data;
      const rgb: number[] = [];
      for (let i = 0; i < data.length; i += 4) rgb.push(data[i], data[i + 1], data[i + 2]);
      return { rgb, mean: rgb.reduce((sum, value) => sum + value, 0) / rgb.length };
    };
    const canvas = element.querySelector<HTMLCanvasElement>('[data-testid="dewarp-canvas"]')!;
    const video = element.querySelector<HTMLVideoElement>(videoSelector)!;
    return {
      canvas: grab(canvas, canvas.width, canvas.height),
      video: grab(video, video.videoWidth, video.videoHeight),
      frame: grab(video, video.videoWidth, video.videoHeight, { width: frameSize, height: frameSize }),
    };
  }, { size: SAMPLE, frameSize: FRAME, videoSelector });
}

/** The view as projection.ts maps it, sampled from a FRAME x FRAME copy of the fisheye frame (nearest pixel). */
function expectedView(frame: Sample, view: DewarpView): Sample {
  const circle = lensCircle(FRAME, FRAME);
  const rgb: number[] = [];
  for (let row = 0; row < SAMPLE.height; row++) {
    for (let col = 0; col < SAMPLE.width; col++) {
      const sx = ((col + 0.5) / SAMPLE.width) * 2 - 1;
      const sy = 1 - ((row + 0.5) / SAMPLE.height) * 2;
      const [u, v] = projectPoint(view, 'ceiling', sx, sy, { circle });
      const inside = (u - 0.5) ** 2 + (v - 0.5) ** 2 <= 0.25;
      const x = Math.min(FRAME - 1, Math.max(0, Math.floor(u * FRAME)));
      const y = Math.min(FRAME - 1, Math.max(0, Math.floor(v * FRAME)));
      const i = (y * FRAME + x) * 3;
      rgb.push(...(inside ? frame.rgb.slice(i, i + 3) : [0, 0, 0]));
    }
  }
  return { rgb, mean: rgb.reduce((sum, value) => sum + value, 0) / rgb.length };
}

/** Mean absolute difference per colour byte (0..255). */
function difference(a: Sample, b: Sample): number {
  return a.rgb.reduce((sum, value, i) => sum + Math.abs(value - b.rgb[i]), 0) / a.rgb.length;
}

async function openSelector(page: Page, tile: Locator): Promise<Locator> {
  await tile.hover();
  const button = tile.getByTestId('wall-tile-dewarp-views');
  await expectVisible(button, 'the tile’s view selector button', 5_000);
  await button.click();
  const dialog = page.getByRole('dialog', { name: `Fisheye views — ${FISHEYE.name}` });
  await expectVisible(dialog, 'the dewarp view selector', 5_000);
  return dialog;
}

test('dewarp: the Lobby Entrance tile of Entrances is drawn dewarped with WebGL; another preset changes the picture', async ({
  server,
  context,
  page,
}) => {
  const networkId = await signInAndEnterNetwork(page, context, server);
  await eventually(
    () => apiGet<{ id: number; status: string }[]>(context, server.baseUrl, `/n/${networkId}/manage/vision/cameras`),
    (cameras) => cameras.find((camera) => camera.id === FISHEYE.id)?.status === 'active',
    `${FISHEYE.name} active`,
    90_000,
  );
  await waitForLiveStream(server, FISHEYE.name);

  // WebGL is there in this headless Chromium (software rendering).
  const renderer = await page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl');
    return gl ? String(gl.getParameter(gl.RENDERER)) : null;
  });
  expect(renderer, 'a WebGL context in headless Chromium').not.toBeNull();

  await page.goto(`/n/${networkId}/video-walls/${WALL_ID}`);
  const walled = new WallViewPage(page);
  await walled.waitForWall('Entrances (all sites)');
  const tile = walled.tileOfCamera(FISHEYE.id);
  const view = tile.getByTestId('dewarp-view');
  await expectVisible(tile.getByTestId('dewarp-canvas'), 'the dewarp canvas on the Lobby Entrance tile', 20_000);
  expect(await view.getAttribute('data-dewarp-support')).toBe('webgl');
  expect(Number(await view.getAttribute('data-phi'))).toBeCloseTo(0.75 * Math.PI, 3);
  expect(Number(await view.getAttribute('data-theta'))).toBeCloseTo(0, 3);
  await expectHidden(tile.getByTestId('wall-tile-dewarped'), 'no “Dewarped view” badge on a drawn view', 1_000);

  // The video plays under the canvas, and the canvas shows a picture (not black) that is not the raw fisheye frame.
  await eventually(
    () => walled.samples(),
    (samples) => samples.some((s) => s.cameraId === String(FISHEYE.id) && s.status === 'playing' && s.presentedFrames > 0),
    'the Lobby Entrance tile video playing',
    45_000,
  );
  const first = await eventually(() => sampleTile(tile), (s) => s.canvas.mean > 8 && s.video.mean > 8, 'a drawn dewarped picture', 20_000);
  const rawDifference = difference(first.canvas, first.video);
  console.log(
    `dewarp: renderer ${renderer}; canvas mean ${first.canvas.mean.toFixed(1)}, video mean ${first.video.mean.toFixed(1)}, ` +
      `canvas vs raw frame ${rawDifference.toFixed(1)}/255`,
  );
  // For a look at the picture: web/test-results/dewarp-*.png.
  await tile.screenshot({ path: `${RESULTS_DIR}/dewarp-view-0.png` }).catch(() => undefined);
  expect(rawDifference, 'the dewarped picture differs from the raw fisheye frame').toBeGreaterThan(15);

  // The canvas is projection.ts's view of the frame: much closer to it than to the opposite view (theta pi).
  const VIEW_0: DewarpView = { phi: 0.75 * Math.PI, theta: 0, fov: 60 };
  const VIEW_180: DewarpView = { ...VIEW_0, theta: Math.PI };
  const compare = (s: { canvas: Sample; frame: Sample }) => ({
    to0: difference(s.canvas, expectedView(s.frame, VIEW_0)),
    to180: difference(s.canvas, expectedView(s.frame, VIEW_180)),
  });
  const before = compare(first);
  console.log(`dewarp: theta 0 — canvas vs expected view 0 ${before.to0.toFixed(1)}, vs view 180 ${before.to180.toFixed(1)}`);
  expect(before.to0, 'the canvas against the expected view 0').toBeLessThan(before.to180 / 2);

  // Another preset: View 3 (theta pi), the opposite side of the lens.
  const dialog = await openSelector(page, tile);
  expect(await dialog.getByTestId('dewarp-preset-ceiling-0').getAttribute('aria-pressed')).toBe('true');
  await dialog.getByTestId('dewarp-preset-ceiling-180').click();
  await expectHidden(dialog, 'the selector closed', 5_000);
  await eventually(
    async () => Number(await view.getAttribute('data-theta')),
    (theta) => Math.abs(theta - Math.PI) < 1e-3,
    'the tile view at theta pi',
    5_000,
  );
  await page.waitForTimeout(500);
  const turned = await sampleTile(tile);
  await tile.screenshot({ path: `${RESULTS_DIR}/dewarp-view-180.png` }).catch(() => undefined);
  const after = compare(turned);
  console.log(`dewarp: theta pi — canvas vs expected view 0 ${after.to0.toFixed(1)}, vs view 180 ${after.to180.toFixed(1)}`);
  expect(after.to180, 'the canvas against the expected view 180 after the preset').toBeLessThan(after.to0 / 2);

  // The toggle shows the raw circle (no canvas) and back.
  await tile.hover();
  await tile.getByTestId('wall-tile-dewarp-toggle').click();
  await expectHidden(tile.getByTestId('dewarp-canvas'), 'the raw fisheye after the toggle', 5_000);
  await page.waitForTimeout(300);
  await tile.screenshot({ path: `${RESULTS_DIR}/dewarp-raw.png` }).catch(() => undefined);
  await tile.getByTestId('wall-tile-dewarp-toggle').click();
  await expectVisible(tile.getByTestId('dewarp-canvas'), 'the dewarped view again', 5_000);
});

test("dewarp on the camera page: Dewarp draws the ceiling fisheye's default view with WebGL, Exit dewarp shows the raw picture", async ({
  server,
  context,
  page,
}) => {
  const networkId = await signInAndEnterNetwork(page, context, server);
  await waitForLiveStream(server, FISHEYE.name);
  await page.goto(`/n/${networkId}/cameras/${FISHEYE.id}`);
  const viewer = page.getByTestId('camera-viewer');
  await eventually(
    () => viewer.locator('video').first().evaluate((video: HTMLVideoElement) => video.getVideoPlaybackQuality().totalVideoFrames),
    (frames) => frames > 0,
    'the camera page playing live',
    45_000,
  );
  await viewer.hover();
  await viewer.getByRole('button', { name: 'Dewarp', exact: true }).click();
  await expectVisible(viewer.getByTestId('dewarp-canvas'), 'the dewarp canvas on the camera page', 10_000);
  const sample = await eventually(() => sampleTile(viewer, 'video'), (s) => s.canvas.mean > 8 && s.video.mean > 8, 'a drawn dewarped picture', 20_000);
  const VIEW_0: DewarpView = { phi: 0.75 * Math.PI, theta: 0, fov: 60 };
  const VIEW_180: DewarpView = { ...VIEW_0, theta: Math.PI };
  const toRaw = difference(sample.canvas, sample.video);
  const to0 = difference(sample.canvas, expectedView(sample.frame, VIEW_0));
  const to180 = difference(sample.canvas, expectedView(sample.frame, VIEW_180));
  console.log(`dewarp (camera page): canvas vs raw ${toRaw.toFixed(1)}, vs default view ${to0.toFixed(1)}, vs opposite ${to180.toFixed(1)}`);
  expect(toRaw, 'the dewarped picture differs from the raw fisheye frame').toBeGreaterThan(15);
  expect(to0, 'the canvas is the ceiling default view').toBeLessThan(to180 / 2);

  await viewer.hover();
  await viewer.getByRole('button', { name: 'Exit dewarp', exact: true }).click();
  await expectHidden(viewer.getByTestId('dewarp-canvas'), 'the raw picture after Exit dewarp', 5_000);
});
