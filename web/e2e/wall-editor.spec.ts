import { expect, vi } from 'vitest';
import { WallViewPage } from './pages/WallViewPage';
import { apiGet } from './support/api';
import { waitForLiveStream } from './support/cameraVideo';
import { setupE2E } from './support/e2e';
import { signInAndEnterNetwork } from './support/enterNetwork';
import { eventually, expectPath, expectVisible } from './support/wait';

/**
 * The wall editor against `argusd --demo` (issue 9 "Tests"): from the wall page's 'Create wall', pick four streaming
 * cameras, configure them (7x7 tiles at the first free spots of the 28-column grid), swap the first two tiles, save
 * under a name; the new wall opens with four playing tiles in the swapped places, the server stored that layout, and
 * after a reload the four tiles play again.
 */

const { test } = setupE2E();
vi.setConfig({ testTimeout: 180_000 });

const CAMERAS = ['Lobby Entrance', 'Reception Desk', 'Server Room', 'Parking Lot North'];
const WALL_NAME = 'E2E editor wall';

interface ApiWall {
  id: number;
  name: string;
  tiles: { x: number; y: number; w: number; h: number; camera: { name: string } }[];
}

test('wall editor: build a 4-tile wall, swap two tiles, save; it plays, and plays again after a reload', async ({ server, context, page }) => {
  const networkId = await signInAndEnterNetwork(page, context, server);
  for (const name of CAMERAS) await waitForLiveStream(server, name);

  await page.goto(`/n/${networkId}/video-walls`);
  await page.getByRole('link', { name: 'Create wall' }).click();
  await expectPath(page, new RegExp(`^/n/${networkId}/cameras/walls/new\\?edit=true$`));

  // ADD_CAMERA: four cameras, then WALL_CONFIG.
  const picker = page.getByRole('group', { name: 'Select cameras' });
  await expectVisible(picker, 'the camera picker', 20_000);
  for (const name of CAMERAS) await picker.getByRole('checkbox', { name, exact: true }).check();
  await page.getByRole('button', { name: 'Configure cameras' }).click();
  const tiles = page.locator('[data-testid^="editor-tile-"]');
  await eventually(() => tiles.count(), (count) => count === 4, 'four tiles on the editor grid', 10_000);
  const places = await tiles.evaluateAll((elements) => elements.map((element) => `${element.getAttribute('data-x')},${element.getAttribute('data-y')}`));
  expect(places).toEqual(['0,0', '7,0', '14,0', '21,0']);

  // Swap the first two tiles: Lobby Entrance goes to 7,0 and Reception Desk to 0,0.
  await tiles.nth(0).getByRole('button', { name: 'Swap with another tile' }).click();
  await page.getByRole('button', { name: `Click to swap with ${CAMERAS[1]}` }).click();

  await page.getByRole('button', { name: 'Save wall' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('textbox', { name: 'Wall name' }).fill(WALL_NAME);
  await modal.getByRole('button', { name: 'Save' }).click();

  const walled = new WallViewPage(page);
  await walled.waitForWall(WALL_NAME);
  const walls = await apiGet<ApiWall[]>(context, server.baseUrl, `/n/${networkId}/manage/vision/walls`);
  const saved = walls.find((wall) => wall.name === WALL_NAME);
  expect(saved, 'the new wall in the server list').toBeDefined();
  await expectPath(page, new RegExp(`^/n/${networkId}/video-walls/${saved!.id}$`));
  const placeOf = (name: string) => saved!.tiles.find((tile) => tile.camera.name === name);
  expect(placeOf(CAMERAS[0])).toMatchObject({ x: 7, y: 0, w: 7, h: 7 });
  expect(placeOf(CAMERAS[1])).toMatchObject({ x: 0, y: 0, w: 7, h: 7 });

  const playing = async (what: string) => {
    await eventually(
      () => walled.samples(),
      (samples) => samples.length === 4 && samples.every((sample) => sample.status === 'playing' && sample.presentedFrames > 0),
      what,
      45_000,
    );
    const before = Object.fromEntries((await walled.samples()).map((sample) => [sample.cameraId, sample.presentedFrames]));
    await page.waitForTimeout(2_000);
    for (const sample of await walled.samples()) {
      expect(sample.presentedFrames, `camera ${sample.cameraId}: frames presented over 2 s`).toBeGreaterThan(before[sample.cameraId] + 5);
    }
  };
  await playing('the new wall: four tiles playing');
  await page.reload();
  await walled.waitForWall(WALL_NAME);
  await playing('after a reload: four tiles playing');
});
