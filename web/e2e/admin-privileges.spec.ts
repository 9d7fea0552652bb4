import { expect } from 'vitest';
import { CamerasPage } from './pages/CamerasPage';
import { PrivilegesPage } from './pages/PrivilegesPage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import {
  type ApiCamera,
  type ApiNetwork,
  type ApiUser,
  apiGet,
  apiSession,
  apiSessionGet,
  expectedCameraOrder,
} from './support/api';
import { closeQuietly, newContext, screenshot } from './support/browser';
import { setupE2E } from './support/e2e';
import { expectPath, expectVisible } from './support/wait';

/** Wendy Writer, the demo's org-write administrator of Northwind Logistics (her only organization: no chooser). */
const WRITER = 'writer@argus.demo';
/** Vic Viewer: live video of the cameras tagged public only (server/src/demo/demo_fleet.cpp). */
const VIEWER = 'viewer@argus.demo';
const VIEWER_NAME = 'Vic Viewer';
const NETWORK = 'Warehouse HQ';
/** Camera 1004 of Warehouse HQ, tagged 'warehouse' only and recording: Vic does not see it until given it. */
const CAMERA = 'Storage Aisle A';

interface ApiMember {
  id: number;
  name: string;
  email: string;
}
interface ApiPrivilege {
  scope: string;
  network_id: number | null;
  camera_id: number | null;
  tag: string | null;
  rights: { write: boolean; export: boolean; historical: boolean; live: boolean };
}

const { test } = setupE2E();

test('an org-write admin gives a viewer live video of one more camera, which the viewer then sees', async ({
  server,
  browser,
  context,
  page,
}) => {
  // Before: the server's answer to Vic holds no such camera.
  const vicApi = await apiSession(server.baseUrl, VIEWER, server.credential(VIEWER).password);
  let warehouseId = 0;
  try {
    const vicNetworks = await apiSessionGet<ApiNetwork[]>(vicApi, '/vision/networks');
    warehouseId = vicNetworks.find((network) => network.name === NETWORK)!.id;
    const before = await apiSessionGet<ApiCamera[]>(vicApi, `/n/${warehouseId}/manage/vision/cameras`);
    expect(before.length, 'Vic sees the public cameras of Warehouse HQ').toBeGreaterThan(0);
    expect(before.map((camera) => camera.name)).not.toContain(CAMERA);
  } finally {
    await vicApi.dispose();
  }

  // Wendy signs in, enters Warehouse HQ and opens Manage users from the user menu.
  const signIn = new SignInPage(page);
  const shell = new ShellPage(page);
  await signIn.goto();
  await signIn.signIn(WRITER, server.credential(WRITER).password);
  await shell.waitUntilSignedIn();
  await page.goto(`/n/${warehouseId}/cameras`);
  await new CamerasPage(page).waitForList();
  const menu = await shell.openUserMenu();
  await menu.getByRole('menuitem', { name: 'Manage users' }).click();
  await expectPath(page, new RegExp(`^/n/${warehouseId}/admin/users$`));

  // Vic's row → Privileges.
  const wendy = await apiGet<ApiUser>(context, server.baseUrl, '/vision/user');
  const members = await apiGet<ApiMember[]>(context, server.baseUrl, `/api/v1/organizations/${wendy.org_id}/users`);
  const vic = members.find((member) => member.email === VIEWER)!;
  await page.getByRole('button', { name: `Actions for ${VIEWER_NAME}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Privileges', exact: true }).click();
  await expectPath(page, new RegExp(`^/n/${warehouseId}/admin/users/${vic.id}/privileges$`));

  // His one privilege: live video of the cameras tagged public, in any network.
  const privileges = new PrivilegesPage(page);
  await privileges.waitUntilShown(VIEWER_NAME);
  expect(await privileges.rowCount()).toBe(1);
  expect(await privileges.scope(1).inputValue()).toBe('Camera tag');
  expect(await privileges.tag(1).inputValue()).toBe('public');
  expect(await privileges.network(1).inputValue()).toBe('Any network');

  // Add privilege: a camera with live video only; pick Warehouse HQ, then Storage Aisle A.
  await privileges.addButton.click();
  expect(await privileges.rowCount()).toBe(2);
  expect(await privileges.scope(2).inputValue()).toBe('Camera');
  expect(await privileges.right(2, 'Live video').isChecked()).toBe(true);
  expect(await privileges.right(2, 'Historical video').isChecked()).toBe(false);
  await privileges.choose(privileges.network(2), NETWORK);
  await privileges.choose(privileges.camera(2), CAMERA);
  await screenshot(page, 'admin-privileges-before-save');
  await privileges.saveButton.click();
  await expectVisible(privileges.savedNotice(VIEWER_NAME), `'Privileges of ${VIEWER_NAME} saved'`);

  // The server stored both entries: the tag one unchanged, the new camera one with live video only.
  const wendyCameras = await apiGet<ApiCamera[]>(context, server.baseUrl, `/n/${warehouseId}/manage/vision/cameras`);
  const camera = wendyCameras.find((entry) => entry.name === CAMERA)!;
  const stored = await apiGet<ApiPrivilege[]>(
    context,
    server.baseUrl,
    `/api/v1/organizations/${wendy.org_id}/admins/${vic.id}/privileges`,
  );
  const liveOnly = { write: false, export: false, historical: false, live: true };
  const entries = stored.map(({ scope, network_id, camera_id, tag, rights }) => ({
    scope,
    network_id,
    camera_id,
    tag,
    rights,
  }));
  expect(entries).toHaveLength(2);
  expect(entries).toEqual(
    expect.arrayContaining([
      { scope: 'camera_tag', network_id: null, camera_id: null, tag: 'public', rights: liveOnly },
      { scope: 'camera', network_id: null, camera_id: camera.id, tag: null, rights: liveOnly },
    ]),
  );

  // Vic signs in (a fresh browser context) and finds the camera in his list.
  const vicContext = await newContext(browser, server.baseUrl);
  try {
    const vicPage = await vicContext.newPage();
    const vicSignIn = new SignInPage(vicPage);
    await vicSignIn.goto();
    await vicSignIn.signIn(VIEWER, server.credential(VIEWER).password);
    await new ShellPage(vicPage).waitUntilSignedIn();
    await vicPage.goto(`/n/${warehouseId}/cameras`);
    const vicCameras = new CamerasPage(vicPage);
    await vicCameras.waitForList();
    const answer = await apiGet<ApiCamera[]>(vicContext, server.baseUrl, `/n/${warehouseId}/manage/vision/cameras`);
    expect(answer.map((entry) => entry.name)).toContain(CAMERA);
    const listed = await vicCameras.expectListedNames(expectedCameraOrder(answer), "Vic's camera list");
    expect(listed).toContain(CAMERA);
    await expectVisible(vicCameras.listItem(CAMERA), `'${CAMERA}' in Vic's camera list`);
    await screenshot(vicPage, 'admin-privileges-viewer-list');
  } finally {
    await closeQuietly(vicContext);
  }

  // Wendy's change and Vic's sign-in are in the organization's access log (user menu → Access log).
  const logMenu = await shell.openUserMenu();
  await logMenu.getByRole('menuitem', { name: 'Access log' }).click();
  await expectPath(page, new RegExp(`^/n/${warehouseId}/admin/access-log$`));
  const changeRow = page.getByRole('row').filter({ hasText: 'Privileges changed' }).first();
  await expectVisible(changeRow, "the 'Privileges changed' entry");
  expect(await changeRow.textContent()).toContain(`${VIEWER}: camera_tag 'public' live; camera ${camera.id} live`);
  await expectVisible(
    page.getByRole('row').filter({ hasText: 'Signed in' }).filter({ hasText: VIEWER }).first(),
    "Vic's sign-in entry",
  );
  await screenshot(page, 'admin-privileges-access-log');
});
