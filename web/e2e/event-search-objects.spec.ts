import type { Page, Response } from 'playwright-core';
import { expect, vi } from 'vitest';
import { EventSearchPage } from './pages/EventSearchPage';
import { NetworkChooserPage } from './pages/NetworkChooserPage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { type ApiCamera, type ApiNetwork, apiGet } from './support/api';
import { Argusd } from './support/argusd';
import { screenshot } from './support/browser';
import { setupE2E } from './support/e2e';
import { recordMotionAnswers } from './support/motion';
import { eventually, expectHidden, expectPath, expectVisible } from './support/wait';
import { ADMIN, ADMIN_ORGANIZATION } from './support/cameraVideo';

/**
 * People in the event search and a similarity search from one of them (issue 11 "Done when"), in Chromium against
 * `argusd --demo` with object detection on: Storage Aisle A plays camsim's vtest clip (people walking). Once the
 * server's people search (GET /n/{networkId}/manage/cameras/motion_search, feature=event_search, with_people,
 * include_attributes) holds a finished person track with a top clothing colour, the event search of that camera,
 * today, with the People filter and that colour shows exactly the events of the page's own answer with such a person
 * (at least one, the waited person's among them). The event's clip shows its people (the camera's thumbnail track
 * query); 'Find similar' of that person fills the sidebar's 'Similar results' with the server's job answer (POST
 * .../liveTools/similaritySearch) and the person's thumbnail opens the similarity search screen
 * (/n/{networkId}/similarity-search/{serial}/{trackId}/{ts}), whose person of interest and results (or no-results
 * state) agree with the server's final job answer; 'Cross camera search failed' shows nowhere.
 */

const { test } = setupE2E({ startServer: () => Argusd.start({ objectDetection: true }) });
// Detection on every demo camera on 2 cores: a person track with colours takes up to ~2 minutes to be searchable.
vi.setConfig({ testTimeout: 300_000 });

const NETWORK = 'Warehouse HQ';
const CAMERA = 'Storage Aisle A';
const TOP = 'Top clothing colour';
/** The colour chips' accessible names in the API's bit order (bit i is the i-th; docs/api/openapi.yaml ColourChoice). */
const COLOURS = ['Red', 'Orange', 'Yellow', 'Green', 'Blue', 'Purple', 'Pink', 'Brown', 'Black/gray', 'White/gray'];
/** The event search's default similarity tolerance (results at least 100 - 15 % similar are offered). */
const DEFAULT_TOLERANCE = 15;
/** The similarity screen's default threshold (%). */
const DEFAULT_THRESHOLD = 96;
/** A person track counts as finished once last seen this long ago (server/tests/integration/object_search_test.cpp). */
const FINISHED_MS = 4_000;

/** One object of an event (`include_attributes=true`; docs/api/openapi.yaml EventAttribute). */
interface EventAttribute {
  id: string;
  object_id: number;
  object_class: 'person' | 'vehicle';
  top?: number;
  bottom?: number;
  cameraId: number;
  ts: number;
  /** First and last sighting, UTC ms. */
  t0: number;
  t1: number;
  nightmode: boolean;
}

interface ObjectEvent {
  ts: number;
  end_ts: number;
  has_people: boolean;
  nightmode: boolean;
  attributes?: EventAttribute[];
}

interface ObjectAnswer {
  subevents: ObjectEvent[];
}

interface SimilarTrack {
  trackId: string;
  serial: string;
  cameraId: number;
  objectClass: 'person' | 'vehicle';
  t0: number;
  t1: number;
  b64Image: string | null;
  similarityPercent: number | null;
}

interface SimilarityJob {
  requestId: string;
  status: string;
  error?: string;
  results: SimilarTrack[];
}

interface RecordedJobAnswer {
  method: string;
  status: number;
  /** The POST's body (null for a poll). */
  request: { trackId: string; t0: number; t1: number; cameras?: string[] } | null;
  body: Promise<SimilarityJob | null>;
}

interface ThumbnailTracksAnswer {
  results: { trackId: string; objectClass: string; data: { t0: number; t1: number; b64Image: string | null } }[];
}

/** The page's similarity job calls (POST .../liveTools/similaritySearch and its polls), in order. */
function recordSimilarityJobs(page: Page): RecordedJobAnswer[] {
  const answers: RecordedJobAnswer[] = [];
  page.on('response', (response: Response) => {
    const path = new URL(response.url()).pathname;
    if (!/\/camera\/liveTools\/similaritySearch(\/[^/]+)?$/.test(path) || /\/similaritySearch\/tracks/.test(path)) return;
    const request = response.request();
    answers.push({
      method: request.method(),
      status: response.status(),
      request: request.method() === 'POST' ? (request.postDataJSON() as RecordedJobAnswer['request']) : null,
      body: response.ok() ? (response.json() as Promise<SimilarityJob>).catch(() => null) : Promise.resolve(null),
    });
  });
  return answers;
}

/** The page's thumbnail track queries (GET .../camera/analytics/thumbnailTracks?t0&t1), in order. */
function recordThumbnailTracks(page: Page): { url: URL; body: Promise<ThumbnailTracksAnswer | null> }[] {
  const answers: { url: URL; body: Promise<ThumbnailTracksAnswer | null> }[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('/camera/analytics/thumbnailTracks')) return;
    const body = response.ok() ? (response.json() as Promise<ThumbnailTracksAnswer>).catch(() => null) : Promise.resolve(null);
    answers.push({ url, body });
  });
  return answers;
}

/**
 * The one job the page started from `from` on (a single POST) and its last answer (the POST's own, or its last poll):
 * the answer the page ends with.
 */
async function finalJob(answers: RecordedJobAnswer[], from: number) {
  const started = answers.slice(from).filter((answer) => answer.method === 'POST');
  expect(started.map((answer) => answer.status), 'one similarity job started (POST answered 200)').toEqual([200]);
  const job = await started[0].body;
  expect(job, 'the POST answered a job').not.toBeNull();
  const polls = answers.slice(from).filter((answer) => answer.method === 'GET');
  expect(polls.map((poll) => poll.status).filter((status) => status !== 200), 'polls that did not answer 200').toEqual([]);
  let last = job!;
  for (const poll of polls) {
    const body = await poll.body;
    if (body?.requestId === job!.requestId) last = body;
  }
  return { request: started[0].request!, job: last, polls: polls.length };
}

/** A person seen by day with a top colour, last seen more than FINISHED_MS ago (its track is complete in the index). */
function finishedPeople(events: readonly ObjectEvent[], nowMs: number): EventAttribute[] {
  return events.flatMap((event) =>
    (event.attributes ?? []).filter(
      (attribute) =>
        attribute.object_class === 'person' &&
        !event.nightmode &&
        !attribute.nightmode &&
        (attribute.top ?? 0) !== 0 &&
        attribute.t1 < nowMs - FINISHED_MS,
    ),
  );
}

/** The portal's rule for the top clothing filter (results.ts): a person by day wearing one of the chosen top colours. */
function hasTopColour(event: ObjectEvent, mask: number): boolean {
  return (event.attributes ?? []).some(
    (attribute) =>
      attribute.object_class === 'person' && !event.nightmode && !attribute.nightmode && ((attribute.top ?? 0) & mask) !== 0,
  );
}

test('the people walking in the demo footage, found by clothing colour; a person opens a similarity search', async ({
  server,
  context,
  page,
}) => {
  const motionAnswers = recordMotionAnswers(page, 'event_search');
  const jobAnswers = recordSimilarityJobs(page);
  const trackAnswers = recordThumbnailTracks(page);
  await page.goto('/login');
  await new SignInPage(page).signInTo(ADMIN, server.credential(ADMIN).password, ADMIN_ORGANIZATION);
  await new ShellPage(page).waitUntilSignedIn();
  await new NetworkChooserPage(page).waitUntilShown();
  const networks = await apiGet<ApiNetwork[]>(context, server.baseUrl, '/vision/networks');
  const network = networks.find((entry) => entry.name === NETWORK);
  expect(network, `${NETWORK} among the networks`).toBeDefined();
  const networkId = network!.id;
  const cameras = await apiGet<(ApiCamera & { serial: string })[]>(
    context,
    server.baseUrl,
    `/n/${networkId}/manage/vision/cameras`,
  );
  const camera = cameras.find((entry) => entry.name === CAMERA);
  expect(camera, `${CAMERA} in ${NETWORK}`).toBeDefined();
  const { id: cameraId, serial } = camera!;
  const cameraName = (id: number) => cameras.find((entry) => entry.id === id)?.name ?? String(id);

  // 1. The server's people search finds a finished person track with a top colour (detection needs its time).
  const waitStarted = Date.now();
  let lastCall = 0;
  const people = await eventually(
    async () => {
      // One call every 2 s at most: the detector already keeps both cores busy.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastCall + 2_000 - Date.now())));
      lastCall = Date.now();
      const endS = Math.floor(Date.now() / 1000) + 1;
      const answer = await apiGet<ObjectAnswer>(
        context,
        server.baseUrl,
        `/n/${networkId}/manage/cameras/motion_search?id=${cameraId}&start=${endS - 3600}&end=${endS}` +
          '&feature=event_search&with_people=true&include_attributes=true',
      );
      return finishedPeople(answer.subevents, Date.now());
    },
    (found) => found.length > 0,
    `a finished person track with a top colour in the people search of ${CAMERA}`,
    120_000,
  );
  const person = people[0];
  const bit = Math.log2(person.top! & -person.top!);
  const colour = COLOURS[bit];
  console.log(
    `[event-search-objects] ${people.length} finished people with colours ${Date.now() - waitStarted} ms after ` +
      `sign-in; person ${person.id} top ${person.top} bottom ${person.bottom}: filtering by '${colour}'`,
  );

  // 2. The event search of that camera, today, all day.
  const events = new EventSearchPage(page);
  await page.goto(`/n/${networkId}/events`);
  await events.waitUntilShown();
  await events.openDateTimePicker();
  await events.choosePresetAllDay('Today');
  await events.confirmDateTime();
  await events.selectCameras([CAMERA]);
  await events.confirmCameras();
  await expectPath(page, new RegExp(`^/n/${networkId}/events\\?cameras=${cameraId}&from=`));
  await events.waitUntilComplete(90_000);
  const last = motionAnswers.filter(({ url }) => url.searchParams.get('id') === String(cameraId)).at(-1);
  expect(last, `an event_search call of camera ${cameraId}`).toBeDefined();
  expect(last!.url.searchParams.get('include_attributes'), "the page asks for the events' objects").toBe('true');
  const answer = (await last!.body) as ObjectAnswer | null;
  expect(answer, "the page's event_search answered 200").not.toBeNull();
  const found = answer!.subevents;
  const keysOf = (list: readonly ObjectEvent[]) => list.map((event) => `${cameraId}:${event.ts}`).sort();
  expect((await events.cardKeys()).sort(), 'without filters: every event of the answer').toEqual(keysOf(found));

  // 3. People: the events with people; then the colour: those with a person wearing it on top (the portal's rule).
  await events.setDetectionFilter('people', true);
  const withPeople = found.filter((event) => event.has_people);
  await eventually(
    async () => (await events.cardKeys()).sort(),
    (keys) => JSON.stringify(keys) === JSON.stringify(keysOf(withPeople)),
    `the cards are the ${withPeople.length} events with people of the ${found.length} found`,
  );
  // The colour the fewest events show on top first (often none: then nothing is left but 'no results found').
  const byCount = COLOURS.map((name, index) => ({ name, events: found.filter((event) => hasTopColour(event, 1 << index)) }))
    .filter(({ name }) => name !== colour)
    .sort((a, b) => a.events.length - b.events.length);
  const rare = byCount[0];
  await events.toggleAttributeChip(TOP, rare.name);
  await eventually(
    async () => (await events.cardKeys()).sort(),
    (keys) => JSON.stringify(keys) === JSON.stringify(keysOf(rare.events)),
    `the cards are the ${rare.events.length} events with a person in '${rare.name}' on top`,
  );
  if (rare.events.length === 0) {
    await expectVisible(events.noResults, `'no results found' with '${rare.name}' on top`);
    await screenshot(page, 'event-search-objects-no-colour-match');
  }
  await events.toggleAttributeChip(TOP, rare.name);
  await events.toggleAttributeChip(TOP, colour);
  const withColour = found.filter((event) => hasTopColour(event, 1 << bit));
  console.log(
    `[event-search-objects] ${found.length} events, ${withPeople.length} with people, ` +
      `${withColour.length} with '${colour}' on top, ${rare.events.length} with '${rare.name}'`,
  );
  expect(withColour.length, `events with a person in '${colour}' on top`).toBeGreaterThan(0);
  const shown = await eventually(
    async () => (await events.cardKeys()).sort(),
    (keys) => JSON.stringify(keys) === JSON.stringify(keysOf(withColour)),
    `the cards are the ${withColour.length} events with a person in '${colour}' on top`,
  );
  expect(shown.length).toBeGreaterThan(0);
  const personEvent = withColour.find((event) => (event.attributes ?? []).some((attribute) => attribute.id === person.id));
  expect(personEvent, `the waited person ${person.id} is in a shown event`).toBeDefined();
  await screenshot(page, 'event-search-objects-colour-filter');

  // 4. The person's event: its clip lists the people and vehicles of the camera's thumbnail track query.
  const openPersonEvent = async () => {
    const index = (await events.cardKeys()).indexOf(`${cameraId}:${personEvent!.ts}`);
    expect(index, `the card of the person's event (ts ${personEvent!.ts})`).toBeGreaterThanOrEqual(0);
    await events.openCard(index);
    await eventually(() => events.objectThumbnails.count(), (count) => count > 0, 'the people and vehicles of the clip', 30_000);
  };
  const tracksBefore = trackAnswers.length;
  await openPersonEvent();
  const query = trackAnswers
    .slice(tracksBefore)
    .find(({ url }) => url.searchParams.get('t0') === String(Math.floor(personEvent!.ts * 1000)));
  expect(query, "the thumbnail track query of the event's range").toBeDefined();
  const tracks = (await query!.body)?.results ?? [];
  expect(await events.objectThumbnails.count(), 'one thumbnail per track of the answer').toBe(tracks.length);
  expect(await events.clipModal.getByText('Failed to load thumbnails').count()).toBe(0);
  const track = tracks.find((entry) => entry.trackId === String(person.object_id));
  expect(track, `the waited person's track ${person.object_id} among the clip's people`).toBeDefined();
  const thumbnail = events.objectThumbnails.and(page.locator(`[data-track-id="${track!.trackId}"]`));
  await eventually(
    () => thumbnail.locator('img').evaluate((image) => (image as HTMLImageElement).naturalWidth),
    (width) => width > 0,
    "the person's thumbnail image decoded",
  );
  await screenshot(page, 'event-search-objects-clip-people');

  // 5. 'Find similar': the sidebar's similar results are the server's job answer within the default tolerance.
  const jobsBefore = jobAnswers.length;
  await thumbnail.getByRole('button', { name: /^Find similar events to the Person at / }).click();
  await expectHidden(events.clipModal, 'the clip modal after Find similar');
  await expectVisible(events.similarResults, "the sidebar's 'Similar results'");
  const sidebar = await eventually(
    async () => ({
      loading: await events.similarResults.getByText('Loading similar results').count(),
      choices: await events.similarChoices.count(),
      none: await events.similarResults.getByText('No similar results within this tolerance').count(),
      failed: await events.similarResults.getByTestId('similar-failed').count(),
    }),
    (state) => state.loading === 0 && state.choices + state.none + state.failed > 0,
    'the similar results loaded',
    60_000,
  );
  const similar = await finalJob(jobAnswers, jobsBefore);
  expect(similar.request.trackId, 'the job searches from the chosen person').toBe(track!.trackId);
  expect(similar.request.cameras, 'over the selected camera').toEqual([serial]);
  expect(similar.job.status).toBe('completed');
  expect(sidebar.failed, `no failure (${await events.similarResults.innerText()})`).toBe(0);
  const offered = similar.job.results.filter((result) => (result.similarityPercent ?? -1) >= 100 - DEFAULT_TOLERANCE);
  console.log(
    `[event-search-objects] Find similar: ${similar.job.results.length} results, ${offered.length} at least ` +
      `${100 - DEFAULT_TOLERANCE} % (${similar.polls} polls)`,
  );
  const choiceLabels = await events.similarChoices.evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
  expect(choiceLabels.sort(), "the results offered are the answer's within the tolerance").toEqual(
    offered.map((result) => `${cameraName(result.cameraId)}, ${Math.round(result.similarityPercent!)} %`).sort(),
  );
  if (offered.length === 0) expect(sidebar.none).toBe(1);
  // Loaded results reset the colours and choose the person and every offered result.
  expect(await events.attributeChip(TOP, colour).isChecked(), 'the colour filter reset by the similar results').toBe(false);
  const chosen = 1 + offered.filter((result) => result.objectClass === 'person').length;
  expect((await page.getByTestId('people-similar-filter').innerText()).trim()).toContain(
    `${chosen} similar ${chosen === 1 ? 'person' : 'people'} chosen`,
  );
  await screenshot(page, 'event-search-objects-similar-results');

  // Closing them leaves the People filter on: every event with people again.
  await events.similarResults.getByRole('button', { name: 'Close similar results' }).click();
  await expectHidden(events.similarResults, "the 'Similar results' card after closing it");
  await eventually(
    async () => (await events.cardKeys()).sort(),
    (keys) => JSON.stringify(keys) === JSON.stringify(keysOf(withPeople)),
    `the cards are the ${withPeople.length} events with people again`,
  );

  // 6. The person's thumbnail opens the similarity search screen of its track.
  await openPersonEvent();
  const screenJobsBefore = jobAnswers.length;
  const tsS = Math.floor(track!.data.t0 / 1000);
  await events.objectThumbnails
    .and(page.locator(`[data-track-id="${track!.trackId}"]`))
    .getByRole('link', { name: /^Similarity search for the Person at / })
    .click();
  await expectPath(
    page,
    new RegExp(`^/n/${networkId}/similarity-search/${encodeURIComponent(serial)}/${track!.trackId}/${tsS}$`),
  );
  await expectVisible(page.getByTestId('similarity-search-page'), 'the similarity search screen', 20_000);
  const poi = page.getByTestId('person-of-interest');
  await expectVisible(poi.getByText('Person of Interest', { exact: true }), "the 'Person of Interest' box");
  const poiImage = poi.getByRole('img', { name: 'Person' });
  await eventually(
    async () =>
      (await poiImage.count()) > 0 && (await poiImage.evaluate((image) => (image as HTMLImageElement).naturalWidth)) > 0,
    (decoded) => decoded,
    "the person of interest's image decoded",
    20_000,
  );
  expect(await poi.innerText()).toContain(CAMERA);
  const screen = await eventually(
    async () => ({
      searching: await page.getByText('Searching for similar people and vehicles').count(),
      results: await page.getByTestId('similar-result').count(),
      empty: await page.getByTestId('similarity-empty').count(),
      failed: await page.getByTestId('similarity-failed').count(),
    }),
    (state) => state.searching === 0 && state.results + state.empty + state.failed > 0,
    'the similarity search finished',
    150_000,
  );
  const search = await finalJob(jobAnswers, screenJobsBefore);
  expect(search.request.trackId).toBe(track!.trackId);
  expect(search.request.t0 <= track!.data.t0 && track!.data.t0 <= search.request.t1, 'the timeframe holds the track').toBe(
    true,
  );
  expect(search.job.status).toBe('completed');
  expect(screen.failed, `no failure (${await page.getByTestId('similarity-search-page').innerText()})`).toBe(0);
  const expected = search.job.results
    .filter((result) => (result.similarityPercent ?? -1) >= DEFAULT_THRESHOLD)
    .map((result) => `${result.serial}:${Math.round(result.similarityPercent!)}`)
    .sort();
  console.log(
    `[event-search-objects] similarity screen: ${search.job.results.length} results, ${expected.length} at least ` +
      `${DEFAULT_THRESHOLD} % (${search.polls} polls)`,
  );
  const cards = await page.getByTestId('camera-card').evaluateAll((list) =>
    list.flatMap((card) =>
      Array.from(card.querySelectorAll('[data-testid="similar-result"]')).map((result) => {
        const value = /, (\d+) % match$/.exec(result.getAttribute('aria-label') ?? '')?.[1];
        return `${card.getAttribute('data-serial')}:${value}`;
      }),
    ),
  );
  expect(cards.sort(), `the result cards are the answer's results at least ${DEFAULT_THRESHOLD} % similar`).toEqual(expected);
  if (expected.length === 0) {
    expect(screen.empty, "'No similar results'").toBe(1);
    // The hint to lower the threshold shows when only results below it were found.
    const hint = await page.getByText('Lower the threshold to see rougher matches.').count();
    expect(hint, 'the hint to lower the threshold').toBe(search.job.results.length > 0 ? 1 : 0);
  }
  expect(await page.getByText('Cross camera search failed').count(), "no 'Cross camera search failed'").toBe(0);
  await screenshot(page, 'event-search-objects-similarity-screen');
});
