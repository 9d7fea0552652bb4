import { expect } from 'vitest';
import { CamerasPage } from './pages/CamerasPage';
import { NetworkChooserPage } from './pages/NetworkChooserPage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { type ApiCamera, type ApiNetwork, type ApiUser, apiGet, expectedCameraOrder, matchesSearch } from './support/api';
import { screenshot } from './support/browser';
import { setupE2E } from './support/e2e';
import { accessibleTexts, eventually, expectHidden, expectPath, expectVisible, isOnScreen } from './support/wait';
import { ADMIN, ADMIN_ORGANIZATION } from './support/cameraVideo';


const { test } = setupE2E();

test('org admin: sign in, choose a network, list, search, map, change organization, sign out', async ({
  server,
  context,
  page,
}) => {
  const signIn = new SignInPage(page);
  const shell = new ShellPage(page);
  const chooser = new NetworkChooserPage(page);
  const cameras = new CamerasPage(page);

  // Sign in from the root: / → /n → /login, then back to /n.
  await page.goto('/');
  await expectPath(page, /^\/login$/);
  const { password } = server.credential(ADMIN);
  await signIn.signIn(ADMIN, password);
  // The demo admin belongs to two organizations: the sign-in asks which one, listed by name (spec 01 ORG_CHOOSE).
  await signIn.waitForOrganizationChooser();
  expect(await signIn.organizationNames()).toEqual(['Contoso Retail', ADMIN_ORGANIZATION]);
  await signIn.chooseOrganization(ADMIN_ORGANIZATION);
  await shell.waitUntilSignedIn();
  await expectPath(page, /^\/n$/);

  // Organization 1 has three networks: the chooser lists them, sorted by name.
  await chooser.waitUntilShown();
  const networks = await apiGet<ApiNetwork[]>(context, server.baseUrl, '/vision/networks');
  expect(networks).toHaveLength(3);
  expect(await chooser.networkNames()).toEqual(networks.map((network) => network.name));
  const warehouse = networks.find((network) => network.name === 'Warehouse HQ');
  expect(warehouse, 'Warehouse HQ among the networks').toBeDefined();
  const networkId = warehouse!.id;

  // The user menu shows the user's name and e-mail.
  const user = await apiGet<ApiUser>(context, server.baseUrl, '/vision/user');
  const menu = await shell.openUserMenu();
  await expectVisible(menu.getByText(user.name, { exact: true }), "the user's name in the user menu");
  await expectVisible(menu.getByText(ADMIN, { exact: true }), "the user's e-mail in the user menu");
  await page.keyboard.press('Escape');
  await expectHidden(menu, 'the user menu');

  // Pick the network: the camera index redirects to a camera of that network.
  await chooser.choose('Warehouse HQ');
  const cameraPath = await expectPath(page, new RegExp(`^/n/${networkId}/cameras/\\d+$`), 20_000);
  const apiCameras = await apiGet<ApiCamera[]>(context, server.baseUrl, `/n/${networkId}/manage/vision/cameras`);
  expect(apiCameras.length).toBeGreaterThan(1);
  const redirectedId = Number(cameraPath.split('/').pop());
  const redirectedCamera = apiCameras.find((camera) => camera.id === redirectedId);
  expect(redirectedCamera, `camera ${redirectedId} of the redirect belongs to the network`).toBeDefined();

  // The side nav names the network (first letter) and offers the sections.
  await expectVisible(shell.networkButton.getByText('Warehouse HQ'), 'the current network in the side nav');
  expect(await shell.sectionLinkNames()).toEqual(expect.arrayContaining(['Cameras', 'Video walls']));

  // Camera list: every camera of the server's answer, active/alerting first, then by name.
  await cameras.waitForList();
  const expectedOrder = expectedCameraOrder(apiCameras);
  const listed = await cameras.expectListedNames(expectedOrder);
  const upCount = apiCameras.filter((camera) => camera.status === 'active' || camera.status === 'alerting').length;
  const offlineNames = apiCameras.filter((camera) => !['active', 'alerting'].includes(camera.status)).map((c) => c.name);
  expect(offlineNames.length).toBeGreaterThan(0);
  expect(listed.slice(upCount).sort()).toEqual([...offlineNames].sort());
  // With no last-viewed camera the index goes to the first camera of the list.
  expect(redirectedCamera!.name).toBe(expectedOrder[0]);
  await cameras.expectCameraTitle(expectedOrder[0]);
  await screenshot(page, 'admin-camera-list');

  // Search by name and by tag; nonsense search says 'No cameras found'.
  await expectVisible(page.getByPlaceholder('Cameras and tags'), "the search placeholder 'Cameras and tags'");
  await cameras.searchFor('lobby');
  const lobbyMatches = apiCameras.filter((camera) => matchesSearch(camera, 'lobby'));
  expect(lobbyMatches.length).toBeGreaterThan(0);
  expect(lobbyMatches.length).toBeLessThan(apiCameras.length);
  await cameras.expectListedNames(expectedCameraOrder(lobbyMatches), "list filtered by 'lobby'");
  // A tag that appears in no camera name (case-insensitive).
  await cameras.searchFor('SECURE');
  const tagMatches = apiCameras.filter((camera) => matchesSearch(camera, 'secure'));
  expect(tagMatches.length).toBeGreaterThan(0);
  expect(tagMatches.every((camera) => camera.tags.includes('secure') && !/secure/i.test(camera.name))).toBe(true);
  await cameras.expectListedNames(expectedCameraOrder(tagMatches), "list filtered by tag 'secure' (typed in capitals)");
  await cameras.searchFor('zzz-no-such-camera-xyz');
  await expectVisible(cameras.noCamerasFound(), "'No cameras found'");
  expect(await cameras.listItems.count()).toBe(0);
  await cameras.searchFor('');
  await cameras.expectListedNames(expectedOrder, 'list after clearing the search');

  // Clicking a list item opens that camera.
  const second = apiCameras.find((camera) => camera.name === expectedOrder[1])!;
  await cameras.listItem(second.name).click();
  await expectPath(page, new RegExp(`^/n/${networkId}/cameras/${second.id}$`));
  await cameras.expectCameraTitle(second.name);

  // Map: mini map with dots; 'Expand Map' opens the large modal with a dot per placed camera.
  await expectVisible(cameras.miniMap, 'the mini map');
  const placedIds = apiCameras.filter((camera) => camera.position !== null).map((camera) => camera.id).sort((a, b) => a - b);
  expect(placedIds.length).toBeGreaterThan(1);
  await eventually(
    () => cameras.dotCameraIds(cameras.miniMapDots()),
    (ids) => JSON.stringify(ids) === JSON.stringify(placedIds),
    `mini-map dots (expected cameras ${placedIds.join(',')})`,
  );
  const modal = await cameras.openLargeMap();
  await expectVisible(modal.getByRole('button', { name: 'Collapse Map' }), "'Collapse Map' in the large map");
  await eventually(
    () => cameras.dotCameraIds(cameras.largeMapDots()),
    (ids) => JSON.stringify(ids) === JSON.stringify(placedIds),
    `large-map dots (expected cameras ${placedIds.join(',')})`,
  );
  const modalBox = await modal.boundingBox();
  expect(modalBox!.width, 'large map modal is about 80vw wide').toBeGreaterThan(1280 * 0.7);
  await screenshot(page, 'admin-large-map');

  // A click on a dot opens that camera's page.
  const target = apiCameras.find((camera) => camera.position !== null && camera.id !== second.id)!;
  await modal.getByTestId(`map-camera-${target.id}`).click();
  await expectPath(page, new RegExp(`^/n/${networkId}/cameras/${target.id}$`));
  await cameras.expectCameraTitle(target.name);
  if (await modal.isVisible()) {
    await modal.getByRole('button', { name: 'Collapse Map' }).click();
  }
  await expectHidden(cameras.mapModal, 'the large map modal after collapsing');
  await expectVisible(cameras.expandMap, "'Expand Map' after collapsing");

  // The camera index now goes to the last viewed camera (remembered locally), also after a full page load.
  await page.goto(`/n/${networkId}/cameras`);
  await expectPath(page, new RegExp(`^/n/${networkId}/cameras/${target.id}$`), 20_000);
  await cameras.expectCameraTitle(target.name);

  // The network selector in the side nav lists the networks and switches between them.
  const selector = await shell.openNetworkSelector();
  expect(await accessibleTexts(selector.getByRole('link'))).toEqual(
    networks.map((network) => network.name),
  );
  await page.keyboard.press('Escape');
  await expectHidden(shell.networkDialog, "the 'Select network' dialog");

  // Change organization: a full page load at the root with orgEid, orgId and shardId, then the other org's networks.
  const dialog = await shell.openChangeOrganization();
  await expectVisible(shell.organizationOption('Contoso Retail'), "'Contoso Retail' in the change-organization dialog");
  await expectVisible(
    dialog.getByRole('button', { name: 'Northwind Logistics' }).getByLabel('Current organization'),
    'the tick on the current organization',
  );
  const organizations = await apiGet<Record<string, { id: number; eid: string; name: string; shard_id: number }>>(
    context,
    server.baseUrl,
    '/vision/organizations',
  );
  const contoso = Object.values(organizations).find((organization) => organization.name === 'Contoso Retail')!;
  const rootLoad = page.waitForRequest(
    (request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/',
    { timeout: 15_000 },
  );
  await shell.organizationOption('Contoso Retail').click();
  const rootUrl = new URL((await rootLoad).url());
  expect(Object.fromEntries(rootUrl.searchParams)).toEqual({
    orgEid: contoso.eid,
    orgId: String(contoso.id),
    shardId: String(contoso.shard_id),
  });
  await shell.waitUntilSignedIn();
  const contosoNetworks = await eventually(
    () => apiGet<ApiNetwork[]>(context, server.baseUrl, '/vision/networks'),
    (list) => list.length > 0 && !list.some((network) => network.id === networkId),
    'networks after the organization change',
  );
  // Contoso has one network: the chooser goes straight into it, to one of its cameras.
  expect(contosoNetworks).toHaveLength(1);
  await expectPath(page, new RegExp(`^/n/${contosoNetworks[0].id}/cameras/\\d+$`), 20_000);
  await expectVisible(
    shell.networkButton.getByText(contosoNetworks[0].name),
    `the Contoso network '${contosoNetworks[0].name}' in the side nav`,
  );
  const contosoCameras = await apiGet<ApiCamera[]>(
    context,
    server.baseUrl,
    `/n/${contosoNetworks[0].id}/manage/vision/cameras`,
  );
  await cameras.expectListedNames(expectedCameraOrder(contosoCameras), 'Contoso camera list');

  // Sign out: back at /login; afterwards /n goes to /login too.
  await shell.signOut();
  await expectPath(page, /^\/login/, 15_000);
  await signIn.waitUntilShown();
  await page.goto('/n');
  await expectPath(page, /^\/login$/);
  await signIn.waitUntilShown();
  const stillSignedIn = await context.request.get(`${server.baseUrl}/n1/vision/user`);
  expect(stillSignedIn.status(), 'the server session ended').toBe(401);
});

test(
  'below the 800 px breakpoint the side navigation and the camera list start closed and can be opened',
  async ({ server, context, page }) => {
    const signIn = new SignInPage(page);
    const shell = new ShellPage(page);
    const cameras = new CamerasPage(page);
    await signIn.goto();
    await signIn.signInTo(ADMIN, server.credential(ADMIN).password, ADMIN_ORGANIZATION);
    await shell.waitUntilSignedIn();
    const networks = await apiGet<ApiNetwork[]>(context, server.baseUrl, '/vision/networks');
    const warehouse = networks.find((network) => network.name === 'Warehouse HQ')!;
    await page.goto(`/n/${warehouse.id}/cameras`);
    await shell.waitUntilSignedIn();
    await expectVisible(cameras.cameraPage, 'the camera page', 20_000);

    // Closed at start.
    const navOnScreen = () => isOnScreen(shell.networkButton);
    await eventually(navOnScreen, (on) => !on, 'side navigation on screen at start');
    await expectHidden(cameras.sidePanel, 'the camera side panel');
    await screenshot(page, 'mobile-camera-page');

    // The header burger opens the navigation; the toggle opens the camera list.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await eventually(navOnScreen, (on) => on, 'side navigation on screen after opening it');
    await page.getByRole('button', { name: 'Close navigation' }).click();
    await eventually(navOnScreen, (on) => !on, 'side navigation on screen after closing it');
    await page.getByRole('button', { name: 'Show camera list' }).click();
    await cameras.waitForList();
  },
  { viewport: { width: 600, height: 900 } },
);
