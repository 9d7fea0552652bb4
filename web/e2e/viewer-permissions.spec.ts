import { beforeAll, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { CameraViewerPage } from './pages/CameraViewerPage';
import { CamerasPage } from './pages/CamerasPage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { type ApiCamera, type ApiNetwork, apiGet, apiSession, apiSessionGet, expectedCameraOrder } from './support/api';
import type { Argusd } from './support/argusd';
import { setupE2E } from './support/e2e';
import { recordRequests } from './support/cameraVideo';
import { eventually, expectHidden, expectPath, expectVisible } from './support/wait';

const VIEWER = 'viewer@argus.demo';
/** Why the viewer cannot go back in time (features/viewer, locales/en/viewer.json 'no-history-permission'). */
const NO_HISTORY = 'You do not have permission to view recorded video of this camera.';
const PERMISSION_ERROR = 'You do not have the privileges to view video on this network.';
const ADMIN = 'admin@argus.demo';

const { env, test } = setupE2E();

/** Every camera of Warehouse HQ as the org admin sees it (the viewer's answer is compared against this). */
let allWarehouseCameras: ApiCamera[] = [];
let warehouseId = 0;

beforeAll(async () => {
  const admin = await apiSession(env.server.baseUrl, ADMIN, env.server.credential(ADMIN).password);
  try {
    const networks = await apiSessionGet<ApiNetwork[]>(admin, '/vision/networks');
    warehouseId = networks.find((network) => network.name === 'Warehouse HQ')!.id;
    allWarehouseCameras = await apiSessionGet<ApiCamera[]>(admin, `/n/${warehouseId}/manage/vision/cameras`);
  } finally {
    await admin.dispose();
  }
  expect(allWarehouseCameras.some((camera) => !camera.tags.includes('public'))).toBe(true);
  expect(allWarehouseCameras.some((camera) => camera.tags.includes('public'))).toBe(true);
});

/**
 * A Warehouse HQ camera tagged public that is recording, as the org admin sees it: the list fetched before the tests
 * may have been read while the demo cameras were still connecting (status follows ingest).
 */
async function activePublicCamera(server: Argusd): Promise<ApiCamera> {
  const admin = await apiSession(server.baseUrl, ADMIN, server.credential(ADMIN).password);
  try {
    const cameras = await eventually(
      () => apiSessionGet<ApiCamera[]>(admin, `/n/${warehouseId}/manage/vision/cameras`),
      (list) => list.some((entry) => entry.tags.includes('public') && entry.status === 'active'),
      'an active Warehouse HQ camera tagged public',
      30_000,
    );
    return cameras.find((entry) => entry.tags.includes('public') && entry.status === 'active')!;
  } finally {
    await admin.dispose();
  }
}

async function signInAs(page: Page, server: Argusd, email: string): Promise<void> {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(email, server.credential(email).password);
  await new ShellPage(page).waitUntilSignedIn();
}

test('viewer sees only the cameras tagged public, no Exports link, and Camera not found for others', async ({
  server,
  context,
  page,
}) => {
  const shell = new ShellPage(page);
  const cameras = new CamerasPage(page);

  await signInAs(page, server, VIEWER);
  await page.goto(`/n/${warehouseId}/cameras`);
  await expectPath(page, new RegExp(`^/n/${warehouseId}/cameras/\\d+$`), 20_000);
  await cameras.waitForList();

  // The server's answer to the viewer: only public cameras.
  const viewerCameras = await apiGet<ApiCamera[]>(context, server.baseUrl, `/n/${warehouseId}/manage/vision/cameras`);
  expect(viewerCameras.length).toBeGreaterThan(0);
  expect(viewerCameras.every((camera) => camera.tags.includes('public'))).toBe(true);
  const publicIds = allWarehouseCameras.filter((camera) => camera.tags.includes('public')).map((camera) => camera.id);
  expect(viewerCameras.map((camera) => camera.id).sort()).toEqual(publicIds.sort());

  // The list shows exactly the server's answer, in the portal's order.
  await cameras.expectListedNames(expectedCameraOrder(viewerCameras), "viewer's camera list");

  // A non-permitted camera's name is nowhere on the page (list, map, heading).
  const hidden = allWarehouseCameras.filter((camera) => !camera.tags.includes('public'));
  const forbidden = hidden[0];
  await expectHidden(page.getByText(forbidden.name, { exact: true }), `the non-permitted camera '${forbidden.name}'`);
  const names = await cameras.listedNames();
  for (const camera of hidden) expect(names).not.toContain(camera.name);
  // Nor on the map: dots only for permitted cameras.
  const dotIds = await cameras.dotCameraIds(cameras.miniMapDots());
  for (const id of dotIds) expect(publicIds).toContain(id);

  // No export right: no Exports link (Cameras is there).
  const links = await shell.sectionLinkNames();
  expect(links).toContain('Cameras');
  expect(links).not.toContain('Exports');
  // Not an administrator: no back-to-dashboard button.
  await expectHidden(page.getByRole('link', { name: 'Back to dashboard' }), "the 'Back to dashboard' button");

  // A non-permitted camera's own address says 'Camera not found' and does not show it.
  await page.goto(`/n/${warehouseId}/cameras/${forbidden.id}`);
  await expectVisible(cameras.cameraNotFound(), "'Camera not found'", 20_000);
  await expectHidden(cameras.cameraPage, 'the camera page');
  await expectHidden(page.getByText(forbidden.name, { exact: true }), `the non-permitted camera '${forbidden.name}'`);

  // The exports area itself is not reachable either.
  await page.goto(`/n/${warehouseId}/exports`);
  await expectVisible(shell.pageNotFound(), "'Page not found' for the exports route without the export right", 20_000);
});

test('live-only viewer: the timeline and back 10 s are visibly disabled and say why; clicks on them say so too', async ({
  server,
  page,
}) => {
  // viewer@argus.demo has the live right only on cameras tagged public (demo privileges): no historical right.
  const camera = await activePublicCamera(server);
  const requests = recordRequests(page);
  await signInAs(page, server, VIEWER);
  await page.goto(`/n/${warehouseId}/cameras/${camera.id}`);
  await new CamerasPage(page).expectCameraTitle(camera.name);
  const viewer = new CameraViewerPage(page);
  await viewer.waitUntilPlaying('live for the viewer');
  const tooltip = page.getByRole('tooltip').filter({ hasText: NO_HISTORY });

  // Back 10 s: disabled, its tooltip says why, a click changes nothing.
  expect(await viewer.skipBackButton.getAttribute('aria-disabled'), "'Back 10 seconds' aria-disabled").toBe('true');
  await viewer.skipBackButton.hover();
  await expectVisible(tooltip, "the reason on 'Back 10 seconds'");
  await viewer.skipBackButton.click({ force: true });
  await page.keyboard.press('j');
  await page.waitForTimeout(1_000);
  await expectHidden(page.getByText(PERMISSION_ERROR), 'the permission error after back 10 s (never enabled-then-error)');
  await viewer.expectLive(true);

  // The timeline: visibly disabled (dimmed), the reason on hover, and a click shows it too instead of nothing.
  expect(await viewer.track.getAttribute('aria-disabled')).toBe('true');
  const opacity = await viewer.timeline.evaluate((element) => Number(getComputedStyle(element).opacity));
  expect(opacity, 'the disabled timeline is dimmed').toBeLessThan(1);
  await page.mouse.move(10, 10);
  await expectHidden(tooltip, 'the reason tooltip after moving away');
  const box = (await viewer.track.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expectVisible(tooltip, 'the reason on hovering the timeline');
  await page.mouse.move(10, 10);
  await expectHidden(tooltip, 'the reason tooltip after moving away again');
  const before = requests.length;
  await viewer.track.click({ position: { x: box.width / 3, y: box.height / 2 }, force: true });
  // Shown by the click itself: it stays when the pointer leaves right away.
  await page.mouse.move(10, 10);
  await expectVisible(tooltip, 'the reason after a click on the timeline', 1_000);
  await page.waitForTimeout(1_000);
  expect(requests.slice(before).filter((entry) => entry.url.includes('/history/')), 'history requests').toEqual([]);
  await expectHidden(page.getByText(PERMISSION_ERROR), 'the permission error after a timeline click');
  await viewer.expectLive(true);
});
