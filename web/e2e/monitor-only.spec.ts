import { expect } from 'vitest';
import { CamerasPage } from './pages/CamerasPage';
import { NetworkChooserPage } from './pages/NetworkChooserPage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { type ApiCamera, type ApiNetwork, apiGet, expectedCameraOrder } from './support/api';
import { screenshot } from './support/browser';
import { setupE2E } from './support/e2e';
import { expectHidden, expectPath, expectVisible } from './support/wait';

const MONITOR = 'monitor@argus.demo';

const { test } = setupE2E();

test('monitor-only administrator: insufficient permissions on Downtown Store, cameras on Warehouse HQ', async ({
  server,
  context,
  page,
}) => {
  const signIn = new SignInPage(page);
  const shell = new ShellPage(page);
  const chooser = new NetworkChooserPage(page);
  const cameras = new CamerasPage(page);

  await signIn.goto();
  await signIn.signIn(MONITOR, server.credential(MONITOR).password);
  await shell.waitUntilSignedIn();
  await chooser.waitUntilShown();
  const networks = await apiGet<ApiNetwork[]>(context, server.baseUrl, '/vision/networks');
  const downtown = networks.find((network) => network.name === 'Downtown Store')!;
  const warehouse = networks.find((network) => network.name === 'Warehouse HQ')!;
  expect(downtown).toBeDefined();
  expect(warehouse).toBeDefined();

  // Downtown Store: the insufficient-permissions screen replaces the content; no camera list, no section links.
  await chooser.choose('Downtown Store');
  await expectPath(page, new RegExp(`^/n/${downtown.id}(/|$)`));
  await expectVisible(shell.insufficientPermissions(), 'the insufficient-permissions description', 20_000);
  await expectVisible(page.getByText('Insufficient permissions', { exact: true }), "the 'Insufficient permissions' title");
  await screenshot(page, 'monitor-insufficient-permissions');
  await expectHidden(cameras.sidePanel, 'the camera side panel');
  await expectHidden(cameras.listItems, 'camera list items');
  await expectHidden(shell.sections, 'the side-nav section links');
  const downtownAnswer = await context.request.get(
    `${server.baseUrl}/n1/n/${downtown.id}/manage/vision/cameras`,
  );
  expect(downtownAnswer.status(), 'the server refuses the camera list too').toBe(403);

  // Warehouse HQ through the side-nav network selector: the camera list works.
  const selector = await shell.openNetworkSelector();
  await selector.getByRole('link', { name: 'Warehouse HQ', exact: true }).click();
  await expectPath(page, new RegExp(`^/n/${warehouse.id}/cameras/\\d+$`), 20_000);
  await cameras.waitForList();
  const apiCameras = await apiGet<ApiCamera[]>(context, server.baseUrl, `/n/${warehouse.id}/manage/vision/cameras`);
  await cameras.expectListedNames(expectedCameraOrder(apiCameras), 'Warehouse HQ camera list');
  await expectHidden(shell.insufficientPermissions(), 'the insufficient-permissions screen');
  expect(await shell.sectionLinkNames()).toContain('Cameras');
});
