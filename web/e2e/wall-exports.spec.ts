import { expect, vi } from 'vitest';
import { NetworkChooserPage } from './pages/NetworkChooserPage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { WallViewPage } from './pages/WallViewPage';
import { type ApiNetwork, apiGet } from './support/api';
import { screenshot } from './support/browser';
import { ADMIN, ADMIN_ORGANIZATION, NETWORK } from './support/cameraVideo';
import { setupE2E } from './support/e2e';
import { type ApiJob, fetchJob, waitForRecording } from './support/exports';
import { expectVisible } from './support/wait';

/**
 * A wall's exports, in Chromium against `argusd --demo` (spec 03 §2 "Video wall exports drawer", §5 "Video wall
 * entries"): on Front of house the header's Export opens the drawer with one selected entry per tile and a checkbox on
 * each tile; unticking a tile's checkbox unselects its entry; 'Export all' posts one export per selected entry (the
 * same range, the last 10 minutes) and names each file after its camera and tile when no filename was typed.
 */

const { test } = setupE2E();
vi.setConfig({ testTimeout: 120_000 });

const WALL = 'Front of house';
const LEFT_OUT = 'Break Room';

interface ApiWall {
  id: number;
  name: string;
  tiles: { camera: { id: number; name: string } }[];
}

test('wall page → Export: tile checkboxes, export all makes one job per selected tile', async ({ server, context, page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/login');
  await new SignInPage(page).signInTo(ADMIN, server.credential(ADMIN).password, ADMIN_ORGANIZATION);
  await new ShellPage(page).waitUntilSignedIn();
  const chooser = new NetworkChooserPage(page);
  await chooser.waitUntilShown();
  await chooser.choose(NETWORK);
  const networks = await apiGet<ApiNetwork[]>(context, server.baseUrl, '/vision/networks');
  const networkId = networks.find((network) => network.name === NETWORK)!.id;
  const walls = await apiGet<ApiWall[]>(context, server.baseUrl, `/n/${networkId}/manage/vision/walls`);
  const wall = walls.find((candidate) => candidate.name === WALL)!;
  expect(wall.tiles).toHaveLength(4);
  // The drawer's range ends when it opens: each exported camera must have recorded before then (camsim starts with
  // argusd, and a camera's first fragment is indexed about 2 s after it connects).
  for (const tile of wall.tiles.filter((candidate) => candidate.camera.name !== LEFT_OUT))
    await waitForRecording(context, server, networkId, tile.camera.id, 2, 1);

  await page.goto(`/n/${networkId}/video-walls/${wall.id}`);
  const walled = new WallViewPage(page);
  await walled.waitForWall(WALL);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const drawer = page.getByTestId('wall-exports-drawer');
  await expectVisible(drawer, 'the wall exports drawer', 20_000);
  await expect.poll(() => drawer.getByTestId(/^wall-export-entry-\d+$/).count()).toBe(4);
  for (const tile of wall.tiles) {
    const check = page.getByRole('checkbox', { name: `Select ${tile.camera.name} for export` });
    await expectVisible(check, `the checkbox on ${tile.camera.name}'s tile`);
    expect(await check.isChecked()).toBe(true);
  }
  await page.getByRole('checkbox', { name: `Select ${LEFT_OUT} for export` }).uncheck();
  await expect.poll(() => drawer.getByTestId('entries-selected').innerText()).toBe('3 of 4 selected');
  await screenshot(page, 'wall-exports-drawer');

  const posts: Promise<{ status: number; body: ApiJob }>[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/manage/video/export') && response.request().method() === 'POST')
      posts.push(response.json().then((body: ApiJob) => ({ status: response.status(), body })));
  });
  await drawer.getByRole('button', { name: 'Export all', exact: true }).click();
  await expectVisible(page.getByText('3 exports created'), 'the notice of three exports', 30_000);
  const answers = await Promise.all(posts);
  expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
  const expected = wall.tiles
    .map((tile, index) => ({ name: tile.camera.name, file: `${tile.camera.name} - tile ${index + 1}.mp4` }))
    .filter((entry) => entry.name !== LEFT_OUT);
  const jobs = await Promise.all(answers.map((answer) => fetchJob(context, server, networkId, answer.body.id)));
  expect(jobs.map((job) => job.filename).sort()).toEqual(expected.map((entry) => entry.file).sort());
  for (const job of jobs) expect(job.t1 - job.t0, `${job.filename}: the last 10 minutes`).toBeGreaterThanOrEqual(599);
});
