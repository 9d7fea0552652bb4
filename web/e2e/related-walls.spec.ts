import { expect } from 'vitest';
import { CamerasPage } from './pages/CamerasPage';
import { type ApiCamera, apiGet } from './support/api';
import { CAMERA, openCamera } from './support/cameraVideo';
import { setupE2E } from './support/e2e';
import { accessibleTexts, eventually, expectPath, expectVisible } from './support/wait';

/**
 * Walls and the event log on the camera page (issue 3 remaining gaps): the 'Related walls' popover lists the demo walls
 * holding the camera's channel exactly as the server's wall list says and links to them; a screenshot logs
 * 'screenshot_created' for the camera's channel and the server stores it (200); the camera list's 'Walls' group lists
 * the network's walls and opens one beside the list. One `argusd --demo` for the file.
 */

const { test } = setupE2E();

/** The camera's channel id (support/api.ts keeps only the channel fields the video specs read). */
const channelIdOf = (camera: ApiCamera) => (camera.channel as unknown as { id: number }).id;

interface ApiWall {
  id: number;
  name: string;
  tiles: { video_channel_id: number }[];
}

test('related walls: the popover links every wall with the camera, as the server lists them', async ({ server, context, page }) => {
  const { networkId, camera } = await openCamera(server, context, page, CAMERA);
  const channelId = channelIdOf(camera);
  const walls = await apiGet<ApiWall[]>(context, server.baseUrl, `/n/${networkId}/manage/vision/walls`);
  const related = walls.filter((wall) => wall.tiles.some((tile) => tile.video_channel_id === channelId));
  expect(related.length, 'demo walls holding Lobby Entrance').toBeGreaterThanOrEqual(2);

  const button = page.getByRole('button', { name: `Related walls (${related.length})`, exact: true });
  await expectVisible(button, 'the Related walls button with the count');
  await button.click();
  const links = page.getByTestId('related-walls').getByRole('link');
  await expectVisible(links.first(), 'the related wall links');
  const shown = await links.evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute('href')]));
  expect(shown).toEqual(related.map((wall) => [wall.name, `/n/${networkId}/video-walls/${wall.id}`]));

  await links.first().click();
  await expectPath(page, new RegExp(`^/n/${networkId}/video-walls/${related[0].id}$`));
});

test("the camera list's Walls group lists the network's walls and opens one in the camera area", async ({ server, context, page }) => {
  const { networkId } = await openCamera(server, context, page, CAMERA);
  const walls = await apiGet<ApiWall[]>(context, server.baseUrl, `/n/${networkId}/manage/vision/walls`);
  const list = new CamerasPage(page);
  await expectVisible(list.sidePanel.getByRole('heading', { name: 'Walls', exact: true }), "the list's Walls heading");
  const names = walls.map((wall) => wall.name);
  await eventually(() => accessibleTexts(list.wallItems), (shown) => JSON.stringify(shown) === JSON.stringify(names), 'the walls listed');

  await list.wallItems.first().click();
  await expectPath(page, new RegExp(`^/n/${networkId}/cameras/walls/${walls[0].id}$`));
  await expectVisible(page.getByRole('heading', { name: walls[0].name, exact: true }), 'the wall beside the list');
  expect(await list.wallItems.first().getAttribute('aria-current')).toBe('page');
});

test('screenshot: logs screenshot_created for the camera channel and the server stores it', async ({ server, context, page }) => {
  const { networkId, camera, viewer } = await openCamera(server, context, page, CAMERA);
  await viewer.waitUntilPlaying('live before the screenshot');
  const logged = page.waitForResponse((response) => response.url().endsWith(`/n/${networkId}/manage/access_logs/log_event`), {
    timeout: 15_000,
  });
  const clickedAtS = Date.now() / 1000;
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), viewer.screenshotButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^Screenshot - Lobby Entrance - /);
  const response = await logged;
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toEqual({ success: true });
  const body = response.request().postDataJSON() as { event: string; channel_id: number; start_time: number; end_time: number };
  expect(body.event).toBe('screenshot_created');
  expect(body.channel_id).toBe(channelIdOf(camera));
  expect(body.end_time).toBe(body.start_time);
  // Live: the frame on screen is at most a few seconds older than the click.
  expect(Math.abs(body.start_time - clickedAtS)).toBeLessThan(30);
  expect(response.request().headers()['x-csrf-token'], 'the CSRF token header').toBeTruthy();
});
