import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { CamerasPage } from './pages/CamerasPage';
import type { CameraViewerPage } from './pages/CameraViewerPage';
import { screenshot } from './support/browser';
import { CAMERA, openCamera } from './support/cameraVideo';
import { setupE2E } from './support/e2e';
import { eventually, expectHidden, expectVisible, isDrawnWhole, isHitTestable } from './support/wait';

/**
 * How the camera page reads (issue 17 items 2, 4, 5, 8, 10): status texts as the spec writes them, the quality menu
 * from the real stream heights, theater mode, timeline labels at every width with no empty space under the timeline,
 * and popovers/menus that close on Escape and an outside click and are never clipped. One `argusd --demo` (camsim).
 */

const { test } = setupE2E();
/** A demo camera on camsim's flat footage (main 1280x720, sub 640x360). */
const FLAT_CAMERA = 'Reception Desk';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator, what: string): Promise<Box> {
  const box = await locator.first().boundingBox();
  if (!box) throw new Error(`${what} has no box`);
  return box;
}

/** The video's size as decoded (its aspect ratio is what the element must keep). */
async function videoAspect(viewer: CameraViewerPage): Promise<number> {
  const sample = await viewer.sample();
  return sample.videoWidth / sample.videoHeight;
}

/** The video element fits `area` at the media's aspect ratio and fills it in one dimension (± 2 px). */
function expectLargestFit(video: Box, area: Box, aspect: number, what: string): void {
  const detail = `${what}: video ${JSON.stringify(video)} in ${JSON.stringify(area)} at aspect ${aspect.toFixed(3)}`;
  expect(video.x, detail).toBeGreaterThanOrEqual(area.x - 2);
  expect(video.y, detail).toBeGreaterThanOrEqual(area.y - 2);
  expect(video.x + video.width, detail).toBeLessThanOrEqual(area.x + area.width + 2);
  expect(video.y + video.height, detail).toBeLessThanOrEqual(area.y + area.height + 2);
  expect(Math.abs(video.width / video.height - aspect), detail).toBeLessThan(0.02);
  const fillsWidth = video.width >= area.width - 2;
  const fillsHeight = video.height >= area.height - 2;
  expect(fillsWidth || fillsHeight, `${detail}: fills neither the width nor the height`).toBe(true);
}

/** Closes an open dropdown with Escape, opens it again and closes it with a click on the page heading. */
async function expectDismissible(page: Page, open: () => Promise<Locator>, what: string): Promise<void> {
  const dropdown = await open();
  await expectVisible(dropdown, what);
  await page.waitForTimeout(250); // the opening transition
  expect(await isDrawnWhole(dropdown), `${what} is drawn whole (not clipped or covered)`).toBe(true);
  await page.keyboard.press('Escape');
  await expectHidden(dropdown, `${what} after Escape`, 2_000);
  const again = await open();
  await expectVisible(again, `${what} (opened again)`);
  await page.getByTestId('camera-page').getByRole('heading', { level: 2 }).click();
  await expectHidden(again, `${what} after a click outside it`, 2_000);
}

test("status texts read 'Online' and 'Offline' as the spec writes them (header badge, hover card)", async ({
  server,
  context,
  page,
}) => {
  const { cameras, networkId } = await openCamera(server, context, page, CAMERA);
  const list = new CamerasPage(page);
  // innerText applies CSS text-transform: what the user reads.
  const headerStatus = page.getByTestId('camera-page').getByText(/^online$/i);
  await expectVisible(headerStatus, 'the status badge of the camera page');
  expect(await headerStatus.innerText()).toBe('Online');

  await list.listItem(CAMERA).hover();
  const card = page.getByTestId(`camera-hover-card-${cameras.find((camera) => camera.name === CAMERA)!.id}`);
  await expectVisible(card, 'the hover card');
  expect(await card.getByText(/^online$/i).innerText()).toBe('Online');

  const offline = cameras.find((camera) => camera.status === 'offline')!;
  await page.goto(`/n/${networkId}/cameras/${offline.id}`);
  await list.expectCameraTitle(offline.name);
  expect(await page.getByTestId('camera-page').getByText(/^offline$/i).first().innerText()).toBe('Offline');
});

test('quality menu: Auto and the real stream heights of the demo camera, each playing a stream of that height', async ({
  server,
  context,
  page,
}) => {
  // Reception Desk plays camsim's flat footage (Lobby Entrance is a fisheye: square 1024 and 512 streams).
  const { viewer } = await openCamera(server, context, page, FLAT_CAMERA);
  await viewer.waitUntilPlaying('live');
  const labels = await viewer.qualityLabels();
  expect(labels, 'quality levels (camsim: main 1280x720, sub 640x360)').toEqual(['Auto', '720p', '360p']);
  for (const [label, height] of [
    ['360p', 360],
    ['720p', 720],
  ] as const) {
    await viewer.chooseQuality(label);
    await eventually(() => viewer.sample(), (sample) => sample.videoHeight === height, `the ${label} level plays ${height} rows`, 20_000);
  }
});

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 420, height: 800 },
]) {
  test(`theater mode at ${viewport.width}x${viewport.height}: header and side panel out of the way, the largest video at its aspect ratio, Escape leaves`, async ({
    server,
    context,
    page,
  }) => {
    const { viewer } = await openCamera(server, context, page, CAMERA);
    await page.setViewportSize(viewport);
    await viewer.waitUntilPlaying('live');
    // The mouse still rests on the list item clicked to open the camera: move it away (to the header's top edge,
    // where no list item lies) as a user would, so that item's hover card closes (at 420 px it covers the controls).
    await page.mouse.move(viewport.width / 2, 2);
    await expectHidden(page.getByTestId(/^camera-hover-card-/), 'the list hover card after the mouse left it', 5_000);
    const aspect = await videoAspect(viewer);
    const header = page.getByRole('banner');
    const sidePanel = new CamerasPage(page).sidePanel;
    const heading = page.getByTestId('camera-page').getByRole('heading', { level: 2 });

    await viewer.theaterButton.click();
    await expectVisible(viewer.controls.getByRole('button', { name: 'Exit theater mode' }), "'Exit theater mode'");
    await page.waitForTimeout(300);
    for (const [locator, what] of [
      [header, 'the app header'],
      [sidePanel, 'the camera side panel'],
      [heading, 'the camera page heading'],
    ] as const) {
      expect(await isHitTestable(locator), `${what} in theater mode`).toBe(false);
    }
    // With the controls shown the video fits above them.
    const controls = await boxOf(viewer.controls, 'the controls');
    expectLargestFit(
      await boxOf(viewer.video, 'the video'),
      { x: 0, y: 0, width: viewport.width, height: controls.y },
      aspect,
      'theater, controls shown',
    );
    await screenshot(page, `theater-${viewport.width}-controls`);
    // Without mouse movement the controls hide (5 s) and the video takes the whole viewport.
    await expectHidden(viewer.controls, 'the controls after 5 s without mouse movement', 10_000);
    await page.waitForTimeout(300);
    expectLargestFit(await boxOf(viewer.video, 'the video'), { x: 0, y: 0, ...viewport }, aspect, 'theater, controls hidden');
    await screenshot(page, `theater-${viewport.width}-full`);

    await page.keyboard.press('Escape');
    await eventually(() => isHitTestable(header), (shown) => shown, 'the app header after Escape');
    await page.mouse.move(viewport.width / 2, viewport.height / 2);
    await expectVisible(viewer.controls.getByRole('button', { name: 'Theater mode', exact: true }), "'Theater mode' after Escape");
  });
}

/** Pairs of tick labels (in x order) whose boxes overlap or touch closer than 2 px. */
async function overlappingLabels(viewer: CameraViewerPage): Promise<string[]> {
  const labels = viewer.tickLabels();
  const boxes: (Box & { text: string })[] = [];
  for (let i = 0; i < (await labels.count()); i += 1) {
    const box = await labels.nth(i).boundingBox();
    if (box) boxes.push({ ...box, text: await labels.nth(i).innerText() });
  }
  boxes.sort((a, b) => a.x - b.x);
  const overlaps: string[] = [];
  for (let i = 1; i < boxes.length; i += 1) {
    if (boxes[i - 1].x + boxes[i - 1].width + 2 > boxes[i].x) overlaps.push(`${boxes[i - 1].text} / ${boxes[i].text}`);
  }
  return overlaps;
}

/** Empty space (px) between the timeline's bottom and the end of the camera area (its scrolled content or view). */
async function spaceUnderTimeline(viewer: CameraViewerPage): Promise<number> {
  return viewer.timeline.evaluate((timeline) => {
    const area = timeline.closest('section');
    if (!area) throw new Error('the camera area section is missing');
    const areaBox = area.getBoundingClientRect();
    const contentBottom = areaBox.top - area.scrollTop + Math.max(area.scrollHeight, area.clientHeight);
    return contentBottom - timeline.getBoundingClientRect().bottom;
  });
}

test('timeline: tick labels never overlap at 1280, 800 and 420 px, and no empty space is left under the timeline', async ({
  server,
  context,
  page,
}) => {
  const { viewer } = await openCamera(server, context, page, CAMERA);
  const list = new CamerasPage(page);
  for (const width of [1280, 800, 420]) {
    await page.setViewportSize({ width, height: 800 });
    if (width < 800 && (await list.sidePanel.isVisible())) {
      await page.getByRole('button', { name: 'Hide camera list' }).click();
    }
    await page.mouse.move(width / 2, 300);
    for (const level of ['5 min', '1 h', '12 h', '1 day', '1 week'] as const) {
      await viewer.zoomLevel.selectOption({ label: level });
      await page.waitForTimeout(200);
      const count = await viewer.tickLabels().count();
      expect(count, `tick labels at ${width} px, level ${level}`).toBeGreaterThanOrEqual(2);
      expect(await overlappingLabels(viewer), `overlapping tick labels at ${width} px, level ${level}`).toEqual([]);
    }
    await screenshot(page, `timeline-${width}`);
    const space = await spaceUnderTimeline(viewer);
    expect(space, `px left empty under the timeline at ${width} px`).toBeLessThanOrEqual(24);
  }
});

test('popovers and menus of the camera page close on Escape and on an outside click and are drawn whole', async ({
  server,
  context,
  page,
}) => {
  const { viewer, camera } = await openCamera(server, context, page, CAMERA);
  await viewer.waitUntilPlaying('live');
  const list = new CamerasPage(page);
  await expectDismissible(
    page,
    async () => {
      await page.getByRole('button', { name: /^Related walls/ }).click();
      return page.getByTestId('related-walls');
    },
    "the 'Related walls' popover",
  );
  await expectDismissible(
    page,
    async () => {
      await page.getByRole('button', { name: /^Tags \(/ }).click();
      return page.locator('.mantine-Popover-dropdown').filter({ hasText: camera.tags[0] });
    },
    "the 'Tags' popover",
  );
  for (const [button, what] of [
    [viewer.settingsButton, 'the settings (quality) menu'],
    [viewer.speedButton, 'the speed menu'],
  ] as const) {
    await expectDismissible(
      page,
      async () => {
        await page.mouse.move(500, 300);
        await button.click();
        return page.getByRole('menu');
      },
      what,
    );
  }
  await expectDismissible(
    page,
    async () => {
      await list.listItem(CAMERA).hover();
      return page.getByTestId(`camera-hover-card-${camera.id}`);
    },
    'the camera hover card',
  );
});

test('map camera popover: drawn outside the map, whole, with the snapshot and name; Escape and an outside click close it', async ({
  server,
  context,
  page,
}) => {
  await openCamera(server, context, page, CAMERA);
  const list = new CamerasPage(page);
  const dots = list.miniMapDots();
  await expectVisible(dots, 'camera dots on the mini map');
  // The dot nearest to the map's top edge: a popover above it is what a clipping container cuts.
  let top = { index: 0, y: Number.POSITIVE_INFINITY };
  for (let i = 0; i < (await dots.count()); i += 1) {
    const box = await dots.nth(i).locator('.argus-dot').boundingBox();
    if (box && box.y < top.y) top = { index: i, y: box.y };
  }
  const dot = dots.nth(top.index).locator('.argus-dot');
  const popover = page.locator('[data-testid="map-camera-popover"], .leaflet-tooltip');
  const open = async () => {
    await page.mouse.move(10, 10);
    await dot.hover();
    await expectVisible(popover, 'the map camera popover');
    await page.waitForTimeout(250);
    return popover;
  };

  await open();
  await screenshot(page, 'map-camera-popover');
  expect(await isDrawnWhole(popover), 'the popover is drawn whole, not clipped by the map').toBe(true);
  const insideMap = await popover.first().evaluate((element) => element.closest('[data-testid="floor-plan-map"]') !== null);
  expect(insideMap, 'the popover is rendered outside the map container').toBe(false);
  await expectVisible(popover.locator('img'), 'the snapshot in the popover');
  await page.keyboard.press('Escape');
  await expectHidden(popover, 'the map popover after Escape', 2_000);
  await open();
  await page.mouse.click(700, 120);
  await expectHidden(popover, 'the map popover after a click outside it', 2_000);
});
