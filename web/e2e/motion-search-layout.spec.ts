import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { CamerasPage } from './pages/CamerasPage';
import { MotionSearchPage } from './pages/MotionSearchPage';
import type { ApiCamera } from './support/api';
import { screenshot } from './support/browser';
import { openCamera } from './support/cameraVideo';
import { dayIn, dayName, midnightS } from './support/dates';
import { setupE2E } from './support/e2e';
import { recordMotionAnswers, waitForMotion } from './support/motion';
import { isDrawnWhole } from './support/wait';

/**
 * The motion search drawer on fisheye and 16:9 cameras (issue 17 item 7), in Chromium against `argusd --demo`: at
 * 1280×720 and 420×800 the Search button stays on screen, the region picture keeps the camera's aspect ratio (its
 * resolution in the API: the fisheye 1001 is 2058×2058, 1002 1920×1080) on the grid of spec 03 §9, and never overflows
 * the drawer; the range is picked with the portal's own date-time picker (no native date inputs), and the search
 * sends what was picked and finds the motion the server indexed.
 */

const FISHEYE_CAMERA_ID = 1001;
const WIDE_CAMERA_ID = 1002;

const { test } = setupE2E();

/** Spec 03 §9: 60 by 34; fisheye 60 by 60; a camera narrower than 3:2 (4:3, 5:4) 60 by 48, as the server decides. */
function specGrid(camera: ApiCamera): { cols: number; rows: number } {
  if (camera.type === 'fisheye') return { cols: 60, rows: 60 };
  const width = camera.config?.video_width ?? 0;
  const height = camera.config?.video_height ?? 0;
  if (width > 0 && height > 0 && width / height < 1.5) return { cols: 60, rows: 48 };
  return { cols: 60, rows: 34 };
}

async function boxOf(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${what} has no box`);
  return box;
}

/** The Search button is inside the viewport and not covered, with the drawer scrolled to its top. */
async function expectSearchOnScreen(motion: MotionSearchPage, what: string): Promise<void> {
  await motion.drawer.evaluate((element) => element.closest('.mantine-Drawer-content')?.scrollTo(0, 0));
  const viewport = motion.page.viewportSize()!;
  const box = await boxOf(motion.searchButton, `${what}: the Search button`);
  const detail = `${what}: Search button ${JSON.stringify(box)} in a ${viewport.width}x${viewport.height} viewport`;
  expect(box.y + box.height, detail).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width, detail).toBeLessThanOrEqual(viewport.width);
  expect(await isDrawnWhole(motion.searchButton), `${detail}: drawn whole, nothing covers it`).toBe(true);
}

/** Nothing in the drawer is wider than the drawer (no horizontal scrolling, the picture inside its box). */
async function expectNoHorizontalOverflow(page: Page, motion: MotionSearchPage, what: string): Promise<void> {
  const widths = await motion.drawer.evaluate((element) => {
    const content = element.closest('.mantine-Drawer-content') as HTMLElement;
    return { scroll: content.scrollWidth, client: content.clientWidth, page: document.documentElement.scrollWidth };
  });
  expect(widths.scroll, `${what}: drawer scrollWidth vs clientWidth`).toBeLessThanOrEqual(widths.client);
  expect(widths.page, `${what}: page scrollWidth`).toBeLessThanOrEqual(page.viewportSize()!.width);
  const drawer = await boxOf(motion.drawer, `${what}: the drawer`);
  const region = await boxOf(motion.region, `${what}: the region picture`);
  expect(region.x, `${what}: the region picture's left edge`).toBeGreaterThanOrEqual(drawer.x - 1);
  expect(region.x + region.width, `${what}: the region picture's right edge`).toBeLessThanOrEqual(drawer.x + drawer.width + 1);
}

/** One cell drawn at a corner is one cell of the grid in pixels: the picture really is divided cols × rows. */
async function expectCellSize(motion: MotionSearchPage, grid: { cols: number; rows: number }, what: string): Promise<void> {
  const last = { col: grid.cols - 1, row: grid.rows - 1 };
  expect(await motion.drawRegion(last, last), `${what}: the bottom-right cell`).toBe(`${last.col},${last.row},1,1`);
  const region = await boxOf(motion.region, `${what}: the region picture`);
  const cell = await boxOf(motion.regionRect, `${what}: the drawn cell`);
  expect(Math.abs(cell.width - region.width / grid.cols), `${what}: cell width`).toBeLessThanOrEqual(1);
  expect(Math.abs(cell.height - region.height / grid.rows), `${what}: cell height`).toBeLessThanOrEqual(1);
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 420, height: 800 },
]) {
  test(`at ${viewport.width}x${viewport.height}: Search stays on screen, the region picture keeps each camera's aspect ratio on the spec's grid`, async ({
    server,
    context,
    page,
  }) => {
    // Signed in and on the camera page at the default size (the camera list is off-canvas at 420 px), then resized.
    const { networkId, cameras } = await openCamera(server, context, page, (list) =>
      list.find((camera) => camera.id === FISHEYE_CAMERA_ID),
    );
    await page.setViewportSize(viewport);
    const list = new CamerasPage(page);
    const motion = new MotionSearchPage(page);
    for (const id of [FISHEYE_CAMERA_ID, WIDE_CAMERA_ID]) {
      const camera = cameras.find((entry) => entry.id === id);
      expect(camera?.config?.video_width, `camera ${id}'s resolution in the API`).toBeGreaterThan(0);
      const what = `${viewport.width}x${viewport.height}, camera ${id} (${camera!.type} ${camera!.config!.video_width}x${camera!.config!.video_height})`;
      if (!page.url().endsWith(`/cameras/${id}`)) await page.goto(`/n/${networkId}/cameras/${id}`);
      await list.expectCameraTitle(camera!.name);

      await motion.open();
      await expectSearchOnScreen(motion, `${what}, basic mode`);
      await motion.chooseAdvanced();
      await expectSearchOnScreen(motion, `${what}, advanced mode`);
      await screenshot(page, `motion-drawer-${viewport.width}-${id}`);

      const expected = camera!.config!.video_width! / camera!.config!.video_height!;
      const aspect = await motion.regionAspect();
      expect(Math.abs(aspect / expected - 1), `${what}: region picture aspect ${aspect.toFixed(3)} vs ${expected.toFixed(3)}`).toBeLessThanOrEqual(0.02);
      const grid = specGrid(camera!);
      expect(await motion.grid(), `${what}: the region grid`).toEqual(grid);
      await expectNoHorizontalOverflow(page, motion, what);
      await expectCellSize(motion, grid, what);
      await expectSearchOnScreen(motion, `${what}, after drawing`);

      await page.keyboard.press('Escape');
      await motion.drawer.waitFor({ state: 'hidden' });
    }
  });
}

test("start and end picked with the portal's date-time picker (no native date inputs): the search sends them and finds motion", async ({
  server,
  context,
  page,
}) => {
  const answers = recordMotionAnswers(page, 'motion_search');
  const { networkId, network } = await openCamera(server, context, page, (list) =>
    list.find((camera) => camera.id === FISHEYE_CAMERA_ID),
  );
  // The picker keeps whole minutes: the End field's time is the drawer's opening minute, so some motion must lie
  // before the start of that minute (on a server started moments ago it may all be in the current one).
  await waitForMotion(context, server.baseUrl, networkId, FISHEYE_CAMERA_ID, 100_000, () => Math.floor(Date.now() / 60_000) * 60);
  const motion = new MotionSearchPage(page);
  await motion.open();
  expect(await motion.nativeDateInputs.count(), 'native date/time inputs in the drawer').toBe(0);

  const zone = network.timezone ?? 'UTC';
  const yesterday = dayIn(zone, -1);
  const today = dayIn(zone, 0);
  // The start: yesterday at 12:00 AM (the demo admin's time mode is the default 12-hour clock), typed in the picker.
  const startText = await motion.pickDateTime('Start', dayName(yesterday), { hours: '12', minutes: '00', amPm: 'AM' });
  expect(startText, 'the Start field').toMatch(new RegExp(`^${yesterday} 12:00 AM$`));
  // The end: today, keeping the time it had (the drawer's opening time, after the motion was indexed).
  const endText = await motion.pickDateTime('End', dayName(today));
  expect(endText, 'the End field').toMatch(new RegExp(`^${today} \\d{1,2}:\\d{2} (AM|PM)$`));
  await screenshot(page, 'motion-drawer-picked-range');

  await motion.search();
  expect(await motion.errorAlert.count(), 'the motion search error').toBe(0);
  expect(answers.length, 'motion_search calls of the search').toBeGreaterThan(0);
  const starts = answers.map(({ url }) => Number(url.searchParams.get('start')));
  const ends = answers.map(({ url }) => Number(url.searchParams.get('end')));
  expect(Math.min(...starts), 'the oldest chunk starts at the picked start').toBe(midnightS(yesterday, zone));
  const endS = Math.max(...ends);
  expect(endS, 'the newest chunk ends at the picked end (same day)').toBeGreaterThanOrEqual(midnightS(today, zone));
  expect(endS, 'the picked end is not in the future').toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  const bodies = await Promise.all(answers.map((answer) => answer.body));
  console.log(`[motion-drawer] ${answers.map(({ url }, i) => `${url.search} -> ${bodies[i]?.subevents.length}`).join(' | ')} now ${Date.now()}`);
  const total = bodies.reduce((sum, body) => sum + (body?.subevents.length ?? 0), 0);
  expect(total, 'events the server found in the picked range').toBeGreaterThan(0);
  expect(await motion.thumbnails.count(), 'thumbnails shown').toBe(total);
});
