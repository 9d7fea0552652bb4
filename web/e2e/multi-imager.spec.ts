import { expect, vi } from 'vitest';
import { NetworkChooserPage } from './pages/NetworkChooserPage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { WallViewPage } from './pages/WallViewPage';
import { type ApiNetwork, apiGet } from './support/api';
import { ADMIN, ADMIN_ORGANIZATION, NETWORK } from './support/cameraVideo';
import { setupE2E } from './support/e2e';
import { eventually, expectVisible } from './support/wait';

/**
 * A multi-imager camera against `argusd --demo` (docs/design/walls.md "Multi-imager cameras"): camsim serves Parking
 * Lot North (an MV93) as 4 imagers; its camera page shows a muted wall of the 4, each tile playing its own imager's
 * sub-stream (the frames presented keep increasing on each), and the page's sound, export and settings controls are
 * there but disabled with the reason.
 */

const { test } = setupE2E();
vi.setConfig({ testTimeout: 150_000 });

const CAMERA = 'Parking Lot North';

test('multi-imager camera: its page plays a muted wall of its 4 imagers, sound/export/settings disabled', async ({
  server,
  context,
  page,
}) => {
  const liveSockets: string[] = [];
  page.on('websocket', (socket) => liveSockets.push(new URL(socket.url()).pathname));
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/login');
  await new SignInPage(page).signInTo(ADMIN, server.credential(ADMIN).password, ADMIN_ORGANIZATION);
  await new ShellPage(page).waitUntilSignedIn();
  const chooser = new NetworkChooserPage(page);
  await chooser.waitUntilShown();
  await chooser.choose(NETWORK);
  const networks = await apiGet<ApiNetwork[]>(context, server.baseUrl, '/vision/networks');
  const networkId = networks.find((network) => network.name === NETWORK)!.id;
  const camera = await eventually(
    () =>
      apiGet<{ id: number; name: string; status: string; imager_count: number }[]>(
        context,
        server.baseUrl,
        `/n/${networkId}/manage/vision/cameras`,
      ).then((cameras) => cameras.find((candidate) => candidate.name === CAMERA)!),
    (found) => found.status === 'active',
    `${CAMERA} active`,
    90_000,
  );
  expect(camera.imager_count).toBe(4);

  await page.goto(`/n/${networkId}/cameras/${camera.id}`);
  const view = page.getByTestId('multi-imager-view');
  await expectVisible(view, 'the wall of imagers', 20_000);
  expect(await page.getByTestId('camera-viewer').count(), 'no single-camera view').toBe(0);
  const tiles = new WallViewPage(page);
  expect(await tiles.tiles.evaluateAll((all) => all.map((tile) => tile.getAttribute('data-imager-id')))).toEqual([
    '0',
    '1',
    '2',
    '3',
  ]);
  await eventually(
    () => tiles.samples(),
    (samples) => samples.length === 4 && samples.every((sample) => sample.status === 'playing' && sample.presentedFrames > 0),
    'four imager tiles playing',
    45_000,
  );
  const before = Object.fromEntries((await tiles.samples()).map((sample) => [sample.imagerId, sample.presentedFrames]));
  await page.waitForTimeout(2_000);
  for (const sample of await tiles.samples()) {
    expect(sample.muted, `imager ${sample.imagerId} muted`).toBe(true);
    expect(sample.presentedFrames, `imager ${sample.imagerId}: frames over 2 s (${sample.transport})`).toBeGreaterThan(
      before[sample.imagerId] + 5,
    );
  }
  // Each tile plays its own imager's stream.
  for (const stream of ['sub', 'sub-imager1', 'sub-imager2', 'sub-imager3']) {
    expect(
      liveSockets.some((path) => path.startsWith(`/n1/cameras/${camera.id}/live/${stream}/`)),
      `a live socket for ${stream} among ${liveSockets.join(', ')}`,
    ).toBe(true);
  }

  for (const control of ['multi-imager-sound', 'multi-imager-export', 'multi-imager-settings']) {
    const button = page.getByTestId(control);
    await expectVisible(button, control, 5_000);
    expect(await button.getAttribute('aria-disabled'), `${control} disabled`).toBe('true');
  }
  await page.getByTestId('multi-imager-export').focus();
  await expectVisible(page.getByText('Not available for multi-imager cameras'), 'the reason on focus', 5_000);
});
