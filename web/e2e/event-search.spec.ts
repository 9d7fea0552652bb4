import { expect } from 'vitest';
import { EventSearchPage } from './pages/EventSearchPage';
import { NetworkChooserPage } from './pages/NetworkChooserPage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { type ApiCamera, type ApiNetwork, apiGet } from './support/api';
import { screenshot } from './support/browser';
import { dayIn } from './support/dates';
import { setupE2E } from './support/e2e';
import { recordMotionAnswers, waitForMotion } from './support/motion';
import { eventually, expectPath, expectVisible } from './support/wait';

/**
 * Event search (issue 4): the demo admin selects two demo cameras with video (1001, 1002), today, all day; the page
 * searches them through the server's GET /n/{networkId}/manage/cameras/motion_search (feature=event_search) and shows
 * the events grouped by day with counts and thumbnails, compared with the server's own answers; a clip opens, plays
 * and steps with the arrow key; a reload keeps the search.
 */

const ADMIN = 'admin@argus.demo';
const NETWORK = 'Warehouse HQ';
const CAMERA_IDS = [1001, 1002];

const { test } = setupE2E();

test('two demo cameras, today, all day: results grouped by day with counts and thumbnails; a clip steps with the arrow key', async ({ server, context, page }) => {
  const answers = recordMotionAnswers(page, 'event_search');
  const historyRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/history\/main\/index\.m3u8\?/.test(request.url())) historyRequests.push(request.url());
  });
  await page.goto('/login');
  await new SignInPage(page).signIn(ADMIN, server.credential(ADMIN).password);
  await new ShellPage(page).waitUntilSignedIn();
  await new NetworkChooserPage(page).waitUntilShown();
  const networks = await apiGet<ApiNetwork[]>(context, server.baseUrl, '/vision/networks');
  const network = networks.find((entry) => entry.name === NETWORK);
  expect(network, `${NETWORK} among the networks`).toBeDefined();
  const networkId = network!.id;
  const cameras = await apiGet<ApiCamera[]>(context, server.baseUrl, `/n/${networkId}/manage/vision/cameras`);
  const names = CAMERA_IDS.map((id) => cameras.find((camera) => camera.id === id)?.name);
  expect(names.every(Boolean), `cameras ${CAMERA_IDS.join(', ')} in ${NETWORK}`).toBe(true);

  // The demo records from start-up: wait until the server's motion index holds events with an image on both cameras.
  const waitStarted = Date.now();
  for (const id of CAMERA_IDS) await waitForMotion(context, server.baseUrl, networkId, id, 45_000);
  console.log(`[event-search] motion of both cameras indexed ${Date.now() - waitStarted} ms after sign-in`);

  const events = new EventSearchPage(page);
  await page.goto(`/n/${networkId}/events`);
  await events.waitUntilShown();
  await expectVisible(events.noCamerasHeading, "the prompt 'Select cameras to search'");

  await events.openDateTimePicker();
  await events.choosePresetAllDay('Today');
  await screenshot(page, 'event-search-date-time-picker');
  await events.confirmDateTime();
  await events.selectCameras(names as string[]);
  expect((await events.cameraCount.innerText()).trim()).toBe('2 of 4 selected');
  await screenshot(page, 'event-search-camera-modal');
  const searchStarted = Date.now();
  await events.confirmCameras();
  const today = dayIn(network!.timezone ?? 'UTC', 0);
  await expectPath(page, new RegExp(`^/n/${networkId}/events\\?cameras=1001,1002&from=${today}&to=${today}&start=00:00&end=00:00$`));
  await events.waitUntilComplete();
  const searchMs = Date.now() - searchStarted;

  // One page (today) on each camera; what the page shows is what the server answered.
  const lastSearch = answers.slice(-CAMERA_IDS.length);
  expect(lastSearch.map(({ url }) => url.searchParams.get('id')).sort()).toEqual(CAMERA_IDS.map(String));
  const bodies = await Promise.all(lastSearch.map((answer) => answer.body));
  expect(bodies.every((body) => body !== null), 'every event_search call answered 200').toBe(true);
  const found = bodies.flatMap((body) => body?.subevents ?? []);
  console.log(
    `[event-search] 2 cameras x 1 day: ${found.length} events, search done ${searchMs} ms after the cameras' Confirm ` +
      `(${answers.length} event_search calls in all)`,
  );
  expect(found.length, 'events the server found today on both cameras').toBeGreaterThan(1);
  const groups = await events.groups();
  expect(groups.map((group) => group.day)).toEqual([today]);
  expect(groups[0].count).toBe(`${found.length} event${found.length === 1 ? '' : 's'}`);
  expect(groups[0].cards).toBe(found.length);
  expect(groups[0].heading).toMatch(/^[A-Z][a-z]+day - [A-Z][a-z]+ \d{1,2}(st|nd|rd|th)$/);
  expect((await events.endOfResults.innerText()).trim()).toBe(`End of results: ${found.length} events`);
  await eventually(
    () => events.cardImageWidths(),
    (widths) => widths.some((width) => width > 0),
    'a thumbnail image loaded (naturalWidth > 0)',
    15_000,
  );
  // Newest first: the cards' start times never increase.
  const cardTs = await events.eventCards.evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-ts'))));
  expect(cardTs).toEqual([...cardTs].sort((a, b) => b - a));
  await screenshot(page, 'event-search-results');

  // A clip: the recorded video of [ts, end_ts] of the first card plays; the arrow key steps to the next event.
  const before = historyRequests.length;
  await events.openCard(0);
  expect(await events.clipIndex()).toBe(0);
  const firstCamera = await events.eventCards.nth(0).getAttribute('data-camera-id');
  expect(await events.clipTitle()).toBe(cameras.find((camera) => String(camera.id) === firstCamera)?.name);
  const history = await eventually(
    async () => historyRequests.slice(before)[0],
    (url) => url !== undefined,
    'the clip history playlist request',
  );
  expect(Number(new URL(history!).searchParams.get('start_ms'))).toBe(cardTs[0] * 1000);
  await eventually(
    () => events.clipVideoSample(),
    (sample) => sample.readyState >= 2 && sample.videoWidth > 0,
    'the clip video has a frame',
    20_000,
  );
  await screenshot(page, 'event-search-clip');
  await page.keyboard.press('ArrowRight');
  await eventually(() => events.clipIndex(), (index) => index === 1, 'the clip modal on the next event after ArrowRight');
  const secondCamera = await events.eventCards.nth(1).getAttribute('data-camera-id');
  expect(await events.clipTitle()).toBe(cameras.find((camera) => String(camera.id) === secondCamera)?.name);
  await page.keyboard.press('ArrowLeft');
  await eventually(() => events.clipIndex(), (index) => index === 0, 'the clip modal back on the first event after ArrowLeft');
  await page.keyboard.press('Escape');

  // A reload keeps the cameras, dates and times (they are in the address) and searches again.
  await page.reload();
  await events.waitUntilComplete();
  expect(await page.getByText('Cameras (2/4)').count()).toBe(1);
  expect((await events.groups()).map((group) => group.day)).toEqual([today]);
});
