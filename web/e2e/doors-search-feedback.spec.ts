import { expect } from 'vitest';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { apiSession, apiSessionPost } from './support/api';
import type { Argusd } from './support/argusd';
import { openCamera } from './support/cameraVideo';
import { setupE2E } from './support/e2e';
import { eventually, expectPath, expectVisible } from './support/wait';

/**
 * Doors, global search and feedback in Chromium against `argusd --demo` (issue 13): a badge at the demo's door
 * simulator (tools/doorsim) shows on the camera's timeline with its actor and quick grant unlocks the door; the
 * header's search finds a camera by one of its tags and opens it with the keyboard; a member's feedback and motion
 * search telemetry reach the organization's administrators.
 */

const WRITER = 'writer@argus.demo';
const VIEWER = 'viewer@argus.demo';

const { test } = setupE2E();

async function signedIn(page: ShellPage['page'], password: string): Promise<ShellPage> {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(WRITER, password);
  const shell = new ShellPage(page);
  await shell.waitUntilSignedIn();
  return shell;
}

interface DoorsimEvent {
  id: string;
  actor: { name?: string };
}

async function doorsim<T>(server: Argusd, path: string, body?: object): Promise<T> {
  if (!server.doorsimUrl) throw new Error(`argusd started no door simulator:\n${server.logTail()}`);
  const response = await fetch(`${server.doorsimUrl}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`doorsim ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

test('a badge shows on the camera timeline with its actor, and quick grant unlocks the door', async ({
  server,
  context,
  page,
}) => {
  await openCamera(server, context, page, 'Lobby Entrance');
  const badge = await doorsim<DoorsimEvent>(server, '/sim/badge', { door_uuid: 'door-front', type: 'access_granted' });
  const mark = page.locator(`[data-testid="access-event-mark"][data-event-uuid="${badge.id}"]`);
  await expectVisible(mark, 'the badge event on the timeline', 15_000);
  await mark.hover();
  const card = page.getByTestId('access-event-card');
  await expectVisible(card, 'the event hover card');
  const cardText = await card.innerText();
  expect(cardText).toContain('Front entrance');
  expect(cardText).toContain(badge.actor.name ?? '');

  await page.getByRole('button', { name: 'Access Control' }).click();
  const drawer = page.getByRole('dialog', { name: 'Access Control' });
  await expectVisible(drawer, 'the access-control drawer');
  await drawer.getByRole('tab', { name: 'Controls' }).click();
  await drawer.getByRole('button', { name: 'Unlock Front entrance' }).click();
  await expectVisible(page.getByText('Access granted'), 'the access-granted notice');
  const status = await eventually(
    () => doorsim<{ commands: { door_uuid: string }[] }>(server, '/sim/status'),
    (answer) => answer.commands.some((command) => command.door_uuid === 'door-front'),
    'the unlock command at doorsim',
  );
  expect(status.commands.length).toBeGreaterThan(0);
});

test('global search finds a camera by its tag and opens it', async ({ server, page }) => {
  await signedIn(page, server.credential(WRITER).password);
  await page.getByRole('button', { name: 'Search cameras, video walls and exports' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expectVisible(dialog, 'the search dialog');
  await dialog.getByRole('combobox', { name: 'Search cameras, video walls and exports' }).fill('secure');
  const results = dialog.getByRole('listbox', { name: 'Search results' });
  const serverRoom = results.getByRole('option', { name: /^Server Room/ });
  await expectVisible(serverRoom, 'Server Room among the results (its tag "secure")', 15_000);
  const started = Date.now();
  while ((await serverRoom.getAttribute('aria-selected')) !== 'true') {
    if (Date.now() - started > 10_000) throw new Error('the arrow keys never reached Server Room');
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expectPath(page, /^\/n\/101\/cameras\/1003$/);
});

test('feedback sent from the user menu reaches the administrators', async ({ server, page }) => {
  const shell = await signedIn(page, server.credential(WRITER).password);
  const text = `The timeline is great (${Date.now()})`;
  let menu = await shell.openUserMenu();
  await menu.getByRole('menuitem', { name: 'Send feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send feedback' });
  await expectVisible(dialog, 'the feedback dialog');
  await dialog.getByRole('textbox', { name: /Your feedback/ }).fill(text);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expectVisible(page.getByText('Thank you for your feedback'), 'the thank-you notice');

  menu = await shell.openUserMenu();
  await menu.getByRole('menuitem', { name: 'Feedback', exact: true }).click();
  await expectPath(page, /^\/n\/\d+\/admin\/feedback$/);
  const row = page.getByTestId('feedback-row').filter({ hasText: text });
  await expectVisible(row, 'the feedback on the administrators’ page', 15_000);
  expect(await row.innerText()).toContain(WRITER);
});

test("a member's motion search telemetry shows on the administrators' Search telemetry page", async ({ server, page }) => {
  // The portal sends its batch 5 minutes after a search; the member's batch is sent here as the portal sends it.
  const viewer = await apiSession(server.baseUrl, VIEWER, server.credential(VIEWER).password);
  const search = (searchDuration: number, resultCount: number) => ({
    cameraId: 1002,
    networkId: 101,
    searchDuration,
    resultCount,
    feature: 'motion_search',
  });
  await apiSessionPost(viewer, '/manage/video/motion_search_telemetry', {
    clientApp: { name: 'argus-portal', appVersion: 'e2e' },
    telemetryEvents: [search(420, 3), search(1800, 0)],
  });
  await viewer.dispose();

  const shell = await signedIn(page, server.credential(WRITER).password);
  const menu = await shell.openUserMenu();
  await menu.getByRole('menuitem', { name: 'Search telemetry' }).click();
  await expectPath(page, /^\/n\/\d+\/admin\/search-telemetry$/);
  const feature = page.getByTestId('telemetry-feature-row').filter({ hasText: 'Motion search' });
  await expectVisible(feature, 'the motion searches on the Search telemetry page', 15_000);
  await eventually(() => feature.innerText(), (text) => /\b2\b/.test(text), 'two motion searches on the page');
});
