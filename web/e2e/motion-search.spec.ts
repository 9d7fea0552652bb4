import type { Page, Request, Response } from 'playwright-core';
import { expect } from 'vitest';
import { CameraViewerPage } from './pages/CameraViewerPage';
import { CamerasPage } from './pages/CamerasPage';
import { MotionSearchPage } from './pages/MotionSearchPage';
import { NetworkChooserPage } from './pages/NetworkChooserPage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { type ApiCamera, type ApiNetwork, apiGet } from './support/api';
import { screenshot } from './support/browser';
import { setupE2E } from './support/e2e';
import { recordMotionAnswers, waitForMotion } from './support/motion';
import { eventually, expectHidden, expectPath, expectVisible } from './support/wait';
import { ADMIN, ADMIN_ORGANIZATION } from './support/cameraVideo';

/**
 * Motion search (issue 4): on camera 1001 (camsim's people-walking footage) the timeline shows motion-recap blocks with
 * a hover preview; the user draws a region, searches, sees recap thumbnails of the motion the server found, opens one
 * and jumps to its video. Needs the server's
 * GET /n/{networkId}/manage/cameras/motion_search; what the page shows is compared with the server's own answers.
 */

const NETWORK = 'Warehouse HQ';
const CAMERA_ID = 1001;

const { test } = setupE2E();

/** Status of every motion recap image the page loaded. */
function recordImageStatuses(page: Page): string[] {
  const statuses: string[] = [];
  page.on('response', (response: Response) => {
    if (response.url().includes('/motion_recap/')) statuses.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return statuses;
}

function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => urls.push(request.url()));
  return urls;
}

test('timeline recap blocks; a region drawn on camera 1001 finds motion, a recap opens and jumps to its video', async ({ server, context, page }) => {
  const answers = recordMotionAnswers(page, 'motion_search');
  const requests = recordRequests(page);
  const imageStatuses = recordImageStatuses(page);
  await page.goto('/login');
  await new SignInPage(page).signInTo(ADMIN, server.credential(ADMIN).password, ADMIN_ORGANIZATION);
  await new ShellPage(page).waitUntilSignedIn();
  const chooser = new NetworkChooserPage(page);
  await chooser.waitUntilShown();
  const networks = await apiGet<ApiNetwork[]>(context, server.baseUrl, '/vision/networks');
  const network = networks.find((entry) => entry.name === NETWORK);
  expect(network, `${NETWORK} among the networks`).toBeDefined();
  const networkId = network!.id;
  const cameras = await apiGet<ApiCamera[]>(context, server.baseUrl, `/n/${networkId}/manage/vision/cameras`);
  const camera = cameras.find((entry) => entry.id === CAMERA_ID);
  expect(camera, `camera ${CAMERA_ID} in ${NETWORK}`).toBeDefined();

  // The demo records from start-up; wait until the server's motion index holds motion of the walking people.
  const waitedMs = await waitForMotion(context, server.baseUrl, networkId, CAMERA_ID);
  console.log(`[motion-search] first motion event indexed ${waitedMs} ms after the test started`);

  await chooser.choose(NETWORK);
  await page.goto(`/n/${networkId}/cameras/${CAMERA_ID}`);
  const cameraPage = new CamerasPage(page);
  await cameraPage.expectCameraTitle(camera!.name);
  const viewer = new CameraViewerPage(page);
  await viewer.waitUntilShown();

  // The timeline draws the camera's motion-recap blocks, each with a hover preview (image, date, time, duration).
  const recapBlocks = viewer.track.getByTestId('motion-recap-block');
  await expectVisible(recapBlocks, 'a motion-recap block on the timeline', 20_000);
  await recapBlocks.last().hover();
  const preview = page.getByTestId('motion-recap-preview');
  await expectVisible(preview, 'the motion-recap hover preview');
  expect(await preview.innerText()).toMatch(/Motion[\s\S]*\d{4}[\s\S]*\d{1,2}:\d{2}:\d{2}[\s\S]*Duration: /);
  await screenshot(page, 'motion-search-timeline-preview');
  await page.mouse.move(0, 0);

  const motion = new MotionSearchPage(page);
  await motion.open();
  // The middle of the frame, where the people walk: 10 % to 90 % of each side, in whole cells of the camera's grid
  // (camera 1001 is a fisheye: 60×60, like the server's).
  await motion.chooseAdvanced();
  const grid = await motion.grid();
  const from = { col: Math.floor(grid.cols * 0.1), row: Math.floor(grid.rows * 0.1) };
  const to = { col: Math.floor(grid.cols * 0.9), row: Math.floor(grid.rows * 0.9) };
  const expectedRoi = `${from.col},${from.row},${to.col - from.col + 1},${to.row - from.row + 1}`;
  const roi = await motion.drawRegion(from, to);
  expect(roi, 'the drawn region (x,y,w,h cells)').toBe(expectedRoi);

  const searchStarted = Date.now();
  await motion.search();
  console.log(`[motion-search] search of the last 24 h done in ${Date.now() - searchStarted} ms`);
  expect(await motion.errorAlert.count(), 'the motion search error').toBe(0);

  // What the page asked and what the server answered: the region and filters, and one thumbnail per event.
  expect(answers.length, 'motion_search calls of the search').toBeGreaterThan(0);
  for (const { url } of answers) {
    expect(url.searchParams.get('roi')).toBe(expectedRoi);
    expect(url.searchParams.get('id')).toBe(String(CAMERA_ID));
    expect(url.searchParams.get('with_images')).toBe('true');
  }
  const bodies = await Promise.all(answers.map((answer) => answer.body));
  const total = bodies.reduce((sum, body) => sum + (body?.subevents.length ?? 0), 0);
  for (const body of bodies) expect(body?.grid, "the server's grid").toEqual(grid);
  expect(total, 'events the server found in the region').toBeGreaterThan(0);
  expect(await motion.thumbnails.count(), 'thumbnails shown').toBe(total);
  // Results are newest first; the newest event may still lack its recap image, so take the newest one with an image.
  const newestFirst = bodies.flatMap((body) => body?.subevents ?? []).sort((a, b) => b.ts - a.ts);
  const shownIndex = newestFirst.findIndex((event) => event.img_url.length > 0);
  expect(shownIndex, 'an event with a recap image in the answers').toBeGreaterThanOrEqual(0);
  const shown = newestFirst[shownIndex];
  await eventually(
    () => motion.thumbnailImageWidths(shownIndex),
    (widths) => widths.length === 1 && widths[0] > 0,
    `the recap image of thumbnail ${shownIndex} loaded (naturalWidth > 0)`,
    15_000,
  ).catch((error: Error) => {
    error.message += `\nrecap image answers: ${JSON.stringify(imageStatuses)}`;
    throw error;
  });
  await screenshot(page, 'motion-search-results');

  await motion.openThumbnail(shownIndex);
  expect(await motion.recap.locator('img').getAttribute('src'), 'the recap shows the event image').toBe(shown.img_url[0]);
  const details = await motion.recapDetails();
  expect(details[0]).toBe('Date');
  expect(details[4]).toBe('Duration');
  expect(details[5]).toMatch(/^(\d+ h )?(\d+ min ?)?(\d+ s)?$/);
  await screenshot(page, 'motion-search-recap');

  const before = requests.length;
  await motion.jumpToVideo();
  await expectHidden(motion.recap, 'the recap modal after jump to video');
  await expectHidden(motion.drawer, 'the motion search drawer after jump to video');
  // The camera page seeks to the event start (ts), then drops ts from the address.
  await expectPath(page, new RegExp(`^/n/${networkId}/cameras/${CAMERA_ID}$`));
  const history = await eventually(
    async () => requests.slice(before).find((url) => /\/history\/(main|sub)\/index\.m3u8\?/.test(url)),
    (found) => found !== undefined,
    'a /history/ playlist request after jump to video',
  );
  const seekMs = Number(new URL(history!).searchParams.get('start_ms')) + 60_000;
  expect(Math.abs(seekMs - shown.ts * 1000), 'the history playlist opens at the event start').toBeLessThanOrEqual(1000);
  await viewer.expectLive(false);
  await expectVisible(viewer.playhead, 'the timeline playhead in history');
  await viewer.waitUntilPlaying('the event video');
});
