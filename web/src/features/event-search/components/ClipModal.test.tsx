import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Camera } from '../../../api/types';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { apiErrors, apiPath, json, server } from '../../../test/server';
import { makeCamera } from '../../cameras/test/fixtures';
import type { MotionEvent } from '../../motion-search';
import { makeEvent } from '../../motion-search/test/motionFixtures';
import {
  image,
  makeThumbnailTrack,
  thumbnailTracksHandler,
  thumbnailTracksPath,
} from '../../similarity-search/test/similarityFixtures';
import { FakeHls } from '../../viewer/test/fakeHls';
import { useViewerTestKit } from '../../viewer/test/viewerTestKit';
import { dock, lobby, localS, ZONE } from '../test/renderEventSearch';
import { ClipModal } from './ClipModal';

vi.mock('hls.js', async () => (await import('../../viewer/test/fakeHls')).hlsModule);

const events = [
  makeEvent(localS(6, 11), { cameraId: 1001, duration_ms: 7000 }),
  makeEvent(localS(6, 10), { cameraId: 1002 }),
  makeEvent(localS(5, 9), { cameraId: 1001 }),
];

function renderModal(initial: number, cameras: Camera[] = [lobby, dock], list: MotionEvent[] = events) {
  const onViewInFeed = vi.fn();
  const onClose = vi.fn();
  const onFindSimilar = vi.fn();
  function Harness() {
    const [index, setIndex] = useState(initial);
    return (
      <ClipModal
        events={list}
        index={index}
        networkId={5}
        cameraOf={(id) => cameras.find((camera) => camera.id === id)}
        timeZone={ZONE}
        timeMode={24}
        onFocus={setIndex}
        onClose={onClose}
        onViewInFeed={onViewInFeed}
        onFindSimilar={onFindSimilar}
      />
    );
  }
  const rendered = renderWithProviders(<Harness />);
  return { ...rendered, onViewInFeed, onClose, onFindSimilar };
}


const modal = () => screen.getByTestId('clip-modal');

describe('clip modal', () => {
  useViewerTestKit();
  afterEach(() => notifications.clean());

  it('plays the event clip and shows the camera name and time range', async () => {
    renderModal(0);
    expect(screen.getByRole('dialog', { name: 'Lobby' })).toBeInTheDocument();
    expect(within(modal()).getByTestId('clip-time-range')).toHaveTextContent('Mar 6, 2025, 11:00:00 – 11:00:07');
    await vi.waitFor(() => expect(FakeHls.instances.length).toBeGreaterThan(0));
    const url = new URL(FakeHls.latest().url ?? '', 'http://x');
    expect(url.pathname).toBe('/n1/cameras/1001/history/main/index.m3u8');
    expect(Number(url.searchParams.get('start_ms'))).toBe(events[0].ts * 1000);
    expect(Number(url.searchParams.get('end_ms'))).toBe(events[0].end_ts * 1000);
  });

  it("shows the clip's own length (the event's 7 s), not that of the recorded fragments holding it (10 s)", async () => {
    const { user } = renderModal(0);
    await vi.waitFor(() => expect(FakeHls.instances.length).toBeGreaterThan(0));
    const startMs = events[0].ts * 1000;
    const video = within(modal()).getByTestId('motion-clip-video');
    // The playlist holds whole fragments: two of 5 s from 2 s before the event, 10 s of media in all. The browser's
    // own controls would show that length, so the clip has its own.
    expect(video).not.toHaveAttribute('controls');
    Object.defineProperty(video, 'duration', { configurable: true, value: 10 });
    act(() =>
      FakeHls.latest().emit(FakeHls.Events.LEVEL_LOADED, {
        details: {
          fragments: [
            { start: 0, duration: 5, programDateTime: startMs - 2000 },
            { start: 5, duration: 5, programDateTime: startMs + 3000 },
          ],
        },
      }),
    );
    const time = within(modal()).getByTestId('clip-time');
    expect(time).toHaveTextContent('0:00 / 0:07');
    expect(video).toHaveProperty('currentTime', 2);

    const playTo = (mediaS: number) => {
      (video as HTMLVideoElement).currentTime = mediaS;
      fireEvent.timeUpdate(video);
    };
    playTo(5);
    expect(time).toHaveTextContent('0:03 / 0:07');
    // At the event's end the clip stops, short of the fragments' end.
    const pause = vi.mocked(HTMLMediaElement.prototype.pause);
    pause.mockClear();
    playTo(9.25);
    expect(time).toHaveTextContent('0:07 / 0:07');
    expect(pause).toHaveBeenCalled();
    // Playing again starts the clip over.
    await user.click(within(modal()).getByRole('button', { name: 'Play' }));
    expect(video).toHaveProperty('currentTime', 2);
    fireEvent.timeUpdate(video);
    expect(time).toHaveTextContent('0:00 / 0:07');
    expect(within(modal()).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    // The arrow keys on the clip's position move within the clip, not to the next event.
    fireEvent.keyDown(within(modal()).getByRole('slider', { name: 'Clip position' }), { key: 'ArrowRight' });
    expect(modal()).toHaveAttribute('data-index', '0');
    expect(video).toHaveProperty('currentTime', 2.1);
  });

  it('steps with the arrow keys: next only when not last, previous only when not first', async () => {
    renderModal(0);
    expect(within(modal()).getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(modal()).toHaveAttribute('data-index', '0');
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(modal()).toHaveAttribute('data-index', '1');
    expect(screen.getByRole('dialog', { name: 'Dock' })).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(modal()).toHaveAttribute('data-index', '2');
    expect(within(modal()).getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(modal()).toHaveAttribute('data-index', '2');
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(modal()).toHaveAttribute('data-index', '1');
  });

  it('views the event in the feed, shares its link, downloads its image', async () => {
    const { user, onViewInFeed } = renderModal(1);
    await user.click(within(modal()).getByRole('button', { name: 'View in feed' }));
    expect(onViewInFeed).toHaveBeenCalledWith(events[1]);
    const share = within(modal()).getByRole('button', { name: 'Share link' });
    expect(share).toHaveAttribute('data-share-url', `${window.location.origin}/n/5/cameras/1002?ts=${events[1].ts}`);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(share);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/n/5/cameras/1002?ts=${events[1].ts}`);
    expect(await within(modal()).findByRole('button', { name: 'Link copied' })).toBeInTheDocument();
    expect(within(modal()).getByRole('link', { name: 'Download image' })).toHaveAttribute('href', events[1].img_url[0]);
  });

  it("exports the event's range on its camera's network and links the notice to the job", async () => {
    const posted: { path: string; body: unknown }[] = [];
    server.use(
      http.post(apiPath('/n/:networkId/manage/video/export'), async ({ request }) => {
        posted.push({ path: new URL(request.url).pathname, body: await request.json() });
        return json({ id: 91 }, 201);
      }),
    );
    const { user } = renderModal(0);
    await user.click(within(modal()).getByRole('button', { name: 'Export' }));
    const link = await screen.findByRole('link', { name: 'View it on the exports page' });
    expect(link).toHaveAttribute('href', `/n/${lobby.network_id}/exports/91`);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].path).toBe(`/n1/n/${lobby.network_id}/manage/video/export`);
    expect(posted[0].body).toMatchObject({ video_channel_id: 51001, t0: events[0].ts, t1: events[0].ts + 7 });
  });

  it("disables export with 'Insufficient permissions' on a camera without the export right", async () => {
    const viewOnlyDock = makeCamera(1002, { name: 'Dock', permissions: { write: false, export: false, historical: true, live: true } });
    const { user } = renderModal(1, [lobby, viewOnlyDock]);
    const exportButton = within(modal()).getByRole('button', { name: 'Export' });
    expect(exportButton).toHaveAttribute('aria-disabled', 'true');
    await user.hover(exportButton);
    expect(await screen.findByText('Insufficient permissions')).toBeInTheDocument();
    // The next event's camera (Lobby) has the right.
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(within(modal()).getByRole('button', { name: 'Export' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  describe('people and vehicles of the event', () => {
    const withObjects = [makeEvent(localS(6, 11), { cameraId: 1001, duration_ms: 7000, has_people: true, has_vehicles: true })];
    const startMs = withObjects[0].ts * 1000;
    const tracks = [
      makeThumbnailTrack('12', startMs + 1500),
      makeThumbnailTrack('13', startMs + 2000, { objectClass: 'vehicle', data: { t0: startMs + 2000, t1: startMs + 6000, b64Image: null } }),
    ];

    it('shows their thumbnails (the thumbnail track query of [ts, end_ts]), each linking to its similarity search', async () => {
      const log: URLSearchParams[] = [];
      server.use(thumbnailTracksHandler(tracks, log));
      const { user, onFindSimilar } = renderModal(0, [lobby, dock], withObjects);
      const objects = await within(modal()).findAllByTestId('object-thumbnail');
      expect(objects).toHaveLength(2);
      expect(log.map((params) => [params.get('t0'), params.get('t1')])).toEqual([[String(startMs), String(startMs + 7000)]]);
      const person = within(modal()).getByRole('link', { name: 'Similarity search for the Person at 11:00:01' });
      expect(person).toHaveAttribute('href', `/n/5/similarity-search/${lobby.serial}/12/${Math.floor((startMs + 1500) / 1000)}`);
      expect(person.querySelector('img')).toHaveAttribute('src', `data:image/jpeg;base64,${image('12')}`);
      // A track without an image.
      expect(objects[1]).toHaveTextContent('failed to load thumbnail');

      await user.click(within(modal()).getByRole('button', { name: 'Find similar events to the Vehicle at 11:00:02' }));
      expect(onFindSimilar).toHaveBeenCalledWith({
        serial: lobby.serial,
        cameraId: 1001,
        trackId: '13',
        objectClass: 'vehicle',
        t0: startMs + 2000,
        t1: startMs + 6000,
        b64Image: null,
      });
    });

    it('asks again while the camera cannot be contacted; a failure reads Failed to load thumbnails', async () => {
      let calls = 0;
      server.use(
        http.get(thumbnailTracksPath, () => {
          calls += 1;
          return calls === 1 ? apiErrors(['Unable to contact camera'], 502) : json({ results: tracks });
        }),
      );
      renderModal(0, [lobby, dock], withObjects);
      expect(await within(modal()).findAllByTestId('object-thumbnail')).toHaveLength(2);
      expect(calls).toBe(2);
      cleanup();

      server.use(http.get(thumbnailTracksPath, () => apiErrors(['Camera storage unavailable'], 503)));
      renderModal(0, [lobby, dock], withObjects);
      expect(await within(modal()).findByText('Failed to load thumbnails')).toBeInTheDocument();
    });

    it('nothing is asked for an event without people or vehicles', () => {
      renderModal(1);
      expect(within(modal()).queryByTestId('event-objects')).not.toBeInTheDocument();
    });
  });
});
