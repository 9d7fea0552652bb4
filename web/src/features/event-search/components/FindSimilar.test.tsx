import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrors, server } from '../../../test/server';
import { makeCamera } from '../../cameras/test/fixtures';
import { COLOUR_BIT, makeAttribute, makeEvent, motionHandler } from '../../motion-search/test/motionFixtures';
import {
  job,
  makeThumbnailTrack,
  makeTrack,
  type SimilarityCall,
  startHandler,
  thumbnailTracksHandler,
} from '../../similarity-search/test/similarityFixtures';
import { useViewerTestKit } from '../../viewer/test/viewerTestKit';
import { freezeDate, localS, renderEventSearch } from '../test/renderEventSearch';

vi.mock('hls.js', async () => (await import('../../viewer/test/fakeHls')).hlsModule);

const features = { hasPeopleDetection: true, hasVehicleDetection: true, hasAttributeDetection: true, hasSimilarityDetection: true };
const lobby = makeCamera(1001, { name: 'Lobby', config: { features } });
const dock = makeCamera(1002, { name: 'Dock', config: { features } });
const SEARCH = '?cameras=1001,1002&from=2025-03-06&to=2025-03-06';
const redOverBlue = { top: COLOUR_BIT.red, bottom: COLOUR_BIT.blue };

const personEvent = (cameraId: number, hour: number, objectId: number, colours: { top: number; bottom: number }) =>
  makeEvent(localS(6, hour), { cameraId, has_people: true, attributes: [makeAttribute(cameraId, objectId, localS(6, hour), colours)] });
const events = [
  personEvent(1001, 11, 12, redOverBlue), // the person searched from
  personEvent(1002, 10, 7, redOverBlue), // the similar result (and dressed alike)
  personEvent(1002, 9, 8, { top: COLOUR_BIT.green, bottom: COLOUR_BIT.blue }), // another person
  makeEvent(localS(6, 8), { cameraId: 1001 }), // no people
];
const searched = makeThumbnailTrack('12', localS(6, 11) * 1000 + 1000);
const similar = [
  makeTrack('7', localS(6, 10) * 1000, { serial: dock.serial, cameraId: 1002, similarityPercent: 95 }),
  makeTrack('8', localS(6, 9) * 1000, { serial: dock.serial, cameraId: 1002, similarityPercent: 60 }),
];

const cards = () => screen.queryAllByTestId('event-card').map((card) => card.getAttribute('aria-label'));

async function findSimilarFromFirstEvent(user: ReturnType<typeof renderEventSearch>['user']) {
  await screen.findByTestId('end-of-results');
  // Synchronously: the day's Collapse ends its (instant) transition on a timer and remounts its thumbnails, which a
  // user-event click, awaiting timers between pointerdown and click, would send to the detached card.
  fireEvent.click(screen.getByRole('button', { name: /^Lobby, 11:00:00/ }));
  await user.click(await screen.findByRole('button', { name: 'Find similar events to the Person at 11:00:01' }));
}

describe('find similar in the event search', () => {
  useViewerTestKit();
  beforeEach(freezeDate);
  afterEach(() => {
    vi.useRealTimers();
    notifications.clean();
  });

  it('filters people by the similar results: the searched person and those within the tolerance', async () => {
    const log: SimilarityCall[] = [];
    server.use(motionHandler(events, [], true), thumbnailTracksHandler([searched]), startHandler(() => job(similar), log));
    const { user } = renderEventSearch(SEARCH, [lobby, dock]);
    await findSimilarFromFirstEvent(user);

    // The clip modal closes; the job searches the page's cameras over its range (today until now).
    await waitFor(() => expect(screen.queryByTestId('clip-modal')).not.toBeInTheDocument());
    const section = await screen.findByTestId('similar-results');
    expect(log).toEqual([
      {
        serial: lobby.serial,
        body: expect.objectContaining({ trackId: '12', t0: localS(6, 0) * 1000, t1: localS(6, 12) * 1000, cameras: [lobby.serial, dock.serial] }),
      },
    ]);
    const choices = await within(section).findAllByTestId('similar-choice');
    expect(choices.map((choice) => [choice.getAttribute('aria-label'), choice.getAttribute('aria-checked')])).toEqual([['Dock, 95 %', 'true']]);
    expect(within(section).getByTestId('tolerance-text')).toHaveTextContent('At least 85 % similar');
    expect(screen.getByRole('switch', { name: 'Only events with people' })).toBeChecked();
    expect(screen.getByTestId('people-similar-filter')).toHaveTextContent('2 similar people chosen');
    // The searched person (same object) and the similar one; not the person in green, not the event without people.
    expect(cards()).toEqual(['Lobby, 11:00:00, 4 s', 'Dock, 10:00:00, 4 s']);

    await user.click(choices[0]);
    expect(screen.getByTestId('people-similar-filter')).toHaveTextContent('1 similar person chosen');
    await user.click(within(screen.getByTestId('people-similar-filter')).getByRole('button', { name: 'clear filter' }));
    expect(screen.queryByTestId('people-similar-filter')).not.toBeInTheDocument();
    expect(cards()).toEqual(['Lobby, 11:00:00, 4 s', 'Dock, 10:00:00, 4 s', 'Dock, 09:00:00, 4 s']);

    await user.click(within(section).getByRole('button', { name: 'Close similar results' }));
    expect(screen.queryByTestId('similar-results')).not.toBeInTheDocument();
  });

  it("a result's percentage stays whole: only the camera name is cut, and the card names both", async () => {
    const aisle = makeCamera(1002, { name: 'Storage Aisle A — north loading bay', config: { features } });
    server.use(motionHandler(events, [], true), thumbnailTracksHandler([searched]), startHandler(() => job(similar)));
    const { user } = renderEventSearch(SEARCH, [lobby, aisle]);
    await findSimilarFromFirstEvent(user);
    const [choice] = await within(await screen.findByTestId('similar-results')).findAllByTestId('similar-choice');
    expect(choice).toHaveAccessibleName('Storage Aisle A — north loading bay, 95 %');
    const camera = within(choice).getByTestId('similar-choice-camera');
    const percent = within(choice).getByTestId('similar-choice-percent');
    // The name ellipsises (full name in its title) and may shrink to nothing; the percentage is its own, unshrinking.
    expect(camera).toHaveTextContent(/^Storage Aisle A — north loading bay$/);
    expect(camera).toHaveAttribute('title', 'Storage Aisle A — north loading bay');
    expect(camera).toHaveAttribute('data-truncate', 'end');
    expect(camera).toHaveStyle({ minWidth: '0px' });
    expect(percent).toHaveTextContent(/^95 %$/);
    expect(percent).toHaveStyle({ flexShrink: '0', whiteSpace: 'nowrap' });
    expect(percent.parentElement).toBe(camera.parentElement);
    expect(percent.parentElement?.style.getPropertyValue('--group-wrap')).toBe('nowrap');
  });

  it('a failed search says Cross camera search failed; Retry searches again', async () => {
    let answer: () => ReturnType<typeof job> | Response = () => apiErrors(['Track not found'], 404);
    server.use(motionHandler(events, [], true), thumbnailTracksHandler([searched]), startHandler(() => answer()));
    const { user } = renderEventSearch(SEARCH, [lobby, dock]);
    await findSimilarFromFirstEvent(user);
    const failed = await screen.findByTestId('similar-failed');
    expect(failed).toHaveTextContent('Cross camera search failed');
    expect(failed).toHaveTextContent('Track not found');
    // Nothing changed in the filters.
    expect(cards()).toHaveLength(4);

    answer = () => job(similar);
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('similar-choice')).toHaveLength(1);
    expect(cards()).toHaveLength(2);
  });
});
