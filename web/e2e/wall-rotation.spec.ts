import { expect, vi } from 'vitest';
import { WallViewPage } from './pages/WallViewPage';
import { apiGet } from './support/api';
import { setupE2E } from './support/e2e';
import { signInAndEnterNetwork } from './support/enterNetwork';
import { expectHidden, expectPath, expectVisible } from './support/wait';

/**
 * Wall rotations against `argusd --demo` (spec 02 §4 "Rotation", "Cycling"): the sidebar lists the seeded rotation
 * 'Front and docks'; a new rotation of two walls waiting 10 s is created in the modal, started, and the page moves
 * to the second wall after ~10 s and wraps to the first after another ~10 s; Stop rotation ends it.
 */

const { test } = setupE2E();
vi.setConfig({ testTimeout: 150_000 });

const FIRST = 'Front of house';
const SECOND = 'Loading docks';
const ROTATION = 'E2E rotation';

interface ApiWall {
  id: number;
  name: string;
}

test('wall rotation: create a 2-wall rotation of 10 s, start it; it moves to the second wall and wraps', async ({ server, context, page }) => {
  const networkId = await signInAndEnterNetwork(page, context, server);
  const walls = await apiGet<ApiWall[]>(context, server.baseUrl, `/n/${networkId}/manage/vision/walls`);
  const idOf = (name: string) => walls.find((wall) => wall.name === name)!.id;
  const [firstId, secondId] = [idOf(FIRST), idOf(SECOND)];

  await page.goto(`/n/${networkId}/video-walls/${firstId}`);
  const walled = new WallViewPage(page);
  await walled.waitForWall(FIRST);
  const controls = page.getByTestId('rotation-controls');
  await expectVisible(controls.getByText('Front and docks'), 'the seeded rotation in the sidebar', 15_000);

  await controls.getByRole('button', { name: 'New rotation' }).click();
  const dialog = page.getByRole('dialog', { name: 'New rotation' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(ROTATION);
  await dialog.getByRole('textbox', { name: /Wait duration/ }).fill('10');
  const add = dialog.getByRole('combobox', { name: 'Add a wall' });
  await add.selectOption({ label: FIRST });
  await add.selectOption({ label: SECOND });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectVisible(controls.getByText(ROTATION), 'the new rotation in the sidebar', 15_000);
  await expectHidden(dialog, 'the closed rotation modal');

  const started = Date.now();
  await controls.getByRole('button', { name: `Start rotation ${ROTATION}` }).click();
  const cycle = `cycleLayoutIds=${firstId},${secondId}&duration=10&autostart=true`;
  await expectPath(page, new RegExp(`^/n/${networkId}/video-walls/${firstId}\\?${cycle}$`));
  await expectVisible(page.getByText('Rotating every 10 s'), 'the rotation indicator');

  await expectPath(page, new RegExp(`^/n/${networkId}/video-walls/${secondId}\\?${cycle}$`), 25_000);
  await walled.waitForWall(SECOND);
  const firstStepS = (Date.now() - started) / 1000;
  expect(firstStepS).toBeGreaterThanOrEqual(9);

  await expectPath(page, new RegExp(`^/n/${networkId}/video-walls/${firstId}\\?${cycle}$`), 25_000);
  await walled.waitForWall(FIRST);
  expect((Date.now() - started) / 1000).toBeGreaterThanOrEqual(19);

  await page.getByTestId('rotation-indicator').getByRole('button', { name: 'Stop rotation' }).click();
  await expectPath(page, new RegExp(`^/n/${networkId}/video-walls/${firstId}$`));
  await page.waitForTimeout(12_000);
  await expectPath(page, new RegExp(`^/n/${networkId}/video-walls/${firstId}$`));
});
