import { expect, vi } from 'vitest';
import { NetworkChooserPage } from './pages/NetworkChooserPage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { type TileSample, WallViewPage } from './pages/WallViewPage';
import { type ApiNetwork, apiGet } from './support/api';
import { ADMIN, ADMIN_ORGANIZATION, NETWORK, waitForLiveStream } from './support/cameraVideo';
import { setupE2E } from './support/e2e';
import { eventually, expectPath, expectVisible } from './support/wait';

/**
 * The wall view against `argusd --demo` (docs/design/walls.md "Demo"): the Video walls section goes to a wall, the
 * sidebar's tabs and list reach "Front of house", whose four tiles are shown in the server's order: the three cameras
 * camsim streams play live (frames presented keep increasing on each) and Break Room, offline in the demo, shows
 * 'Offline'; hovering a tile shows its camera's link, and peek enlarges a tile over the grid.
 */

const { test } = setupE2E();
// Waits for camsim's cameras to come up (some tens of seconds after the server starts) before the wall opens.
vi.setConfig({ testTimeout: 150_000 });

const WALL = 'Front of house';
/** Offline by design in the demo fleet (demo_fleet.cpp). */
const OFFLINE_CAMERA = 'Break Room';

interface ApiWall {
  id: number;
  name: string;
  is_cross_network: boolean;
  tiles: { x: number; y: number; w: number; h: number; camera: { id: number; name: string; network_id: number } }[];
}

const framesOf = (samples: TileSample[]) => Object.fromEntries(samples.map((s) => [s.cameraId, s.presentedFrames]));

test('video walls: Front of house plays its live tiles, the offline one says so; hover links the camera; peek enlarges a tile', async ({
  server,
  context,
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/login');
  await new SignInPage(page).signInTo(ADMIN, server.credential(ADMIN).password, ADMIN_ORGANIZATION);
  const shell = new ShellPage(page);
  await shell.waitUntilSignedIn();
  const chooser = new NetworkChooserPage(page);
  await chooser.waitUntilShown();
  await chooser.choose(NETWORK);
  const networks = await apiGet<ApiNetwork[]>(context, server.baseUrl, '/vision/networks');
  const networkId = networks.find((network) => network.name === NETWORK)!.id;
  const walls = await apiGet<ApiWall[]>(context, server.baseUrl, `/n/${networkId}/manage/vision/walls`);
  const wall = walls.find((candidate) => candidate.name === WALL);
  expect(wall, `${WALL} among the walls of ${NETWORK}`).toBeDefined();
  expect(wall!.tiles).toHaveLength(4);
  const liveTiles = wall!.tiles.filter((tile) => tile.camera.name !== OFFLINE_CAMERA);
  const offlineTile = wall!.tiles.find((tile) => tile.camera.name === OFFLINE_CAMERA);
  expect(liveTiles).toHaveLength(3);
  expect(offlineTile, `${OFFLINE_CAMERA} on ${WALL}`).toBeDefined();
  // camsim's cameras connect some seconds after the server starts: wait until the three are up and streaming.
  await eventually(
    () => apiGet<{ id: number; status: string }[]>(context, server.baseUrl, `/n/${networkId}/manage/vision/cameras`),
    (cameras) => liveTiles.every((tile) => cameras.find((camera) => camera.id === tile.camera.id)?.status === 'active'),
    'the three streaming cameras of the wall active',
    90_000,
  );
  for (const tile of liveTiles) await waitForLiveStream(server, tile.camera.name);

  // The side navigation's Video walls goes to the first wall of the list (nothing viewed yet).
  await shell.sections.getByRole('link', { name: 'Video walls' }).click();
  const walled = new WallViewPage(page);
  await expectPath(page, new RegExp(`^/n/${networkId}/video-walls/${walls[0].id}$`), 20_000);
  await walled.waitForWall(walls[0].name);

  // Front of house is a single-network wall: its tab, then its link.
  await walled.tab('Single network').click();
  await walled.wallLinks.filter({ hasText: WALL }).first().click();
  await expectPath(page, new RegExp(`^/n/${networkId}/video-walls/${wall!.id}$`));
  await walled.waitForWall(WALL);
  expect(await walled.tiles.count()).toBe(4);
  const shownCameras = await walled.tiles.evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-camera-id')));
  expect(shownCameras).toEqual(wall!.tiles.map((tile) => String(tile.camera.id)));

  // Every tile plays: the first frame shows (spinner gone), then the presented frames keep increasing.
  await eventually(
    () => walled.samples(),
    (samples) => samples.length === 3 && samples.every((sample) => sample.status === 'playing' && sample.presentedFrames > 0),
    'three tile videos playing with frames presented',
    45_000,
  );
  expect(await walled.tileOfCamera(offlineTile!.camera.id).getByText('Offline', { exact: true }).isVisible()).toBe(true);
  const before = framesOf(await walled.samples());
  await page.waitForTimeout(2_000);
  const after = await walled.samples();
  for (const sample of after) {
    expect(sample.presentedFrames, `camera ${sample.cameraId}: frames presented over 2 s (${sample.transport})`).toBeGreaterThan(
      before[sample.cameraId] + 5,
    );
  }
  console.log(`wall tiles: ${after.map((s) => `${s.cameraId} ${s.transport} +${s.presentedFrames - before[s.cameraId]} frames/2 s`).join(', ')}`);

  // Hover: after the overlay delay the camera's name links to its camera page.
  const first = wall!.tiles[0].camera;
  const tile = walled.tileOfCamera(first.id);
  await tile.hover();
  const link = tile.getByRole('link', { name: first.name, exact: true });
  await expectVisible(link, `the hover link of ${first.name}`, 5_000);
  expect(await link.getAttribute('href')).toBe(`/n/${first.network_id}/cameras/${first.id}`);

  // Peek: the tile covers the grid (after its 300 ms animation) and plays the main stream; Escape closes it.
  const grid = page.getByTestId('wall-grid');
  const gridBox = (await grid.boundingBox())!;
  const smallBox = (await tile.boundingBox())!;
  expect(smallBox.width).toBeLessThan(gridBox.width * 0.5);
  await tile.getByRole('button', { name: 'Enlarge tile' }).click();
  await eventually(
    async () => (await tile.boundingBox())!,
    (box) => Math.abs(box.width - gridBox.width) < 2 && Math.abs(box.height - gridBox.height) < 2,
    'the peeked tile covering the grid',
    5_000,
  );
  expect(await tile.getAttribute('data-peeked')).toBe('true');
  await eventually(
    () => walled.samples(),
    (samples) => samples.some((sample) => sample.cameraId === String(first.id) && sample.status === 'playing'),
    'the peeked tile playing again (main stream)',
    30_000,
  );
  await page.keyboard.press('Escape');
  await eventually(
    async () => (await tile.boundingBox())!,
    (box) => Math.abs(box.width - smallBox.width) < 2,
    'the tile back in its place',
    5_000,
  );

  // The link opens the camera page.
  await tile.hover();
  await expectVisible(link, 'the hover link again', 5_000);
  await link.click();
  await expectPath(page, new RegExp(`^/n/${first.network_id}/cameras/${first.id}$`));
});
