import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrors, json, server } from '../../../test/server';
import { FakeHls } from '../../viewer/test/fakeHls';
import { useViewerTestKit } from '../../viewer/test/viewerTestKit';
import {
  image,
  job,
  makeThumbnailTrack,
  makeTrack,
  pollPath,
  type SimilarityCall,
  startHandler,
  thumbnailTracksHandler,
  thumbnailTracksPath,
} from '../test/similarityFixtures';
import { freezeDate, localMs, renderSimilarity } from '../test/renderSimilarity';

vi.mock('hls.js', async () => (await import('../../viewer/test/fakeHls')).hlsModule);

const TRACK_MS = localMs(6, 10) + 250; // the person of interest: 10:00:00.250 on 6 March
const TS = Math.floor(TRACK_MS / 1000);
const PATH = `/Q2XX-0000-1001/42/${TS}`;
const dockTrack = (id: string, ms: number, percent: number) =>
  makeTrack(id, ms, { serial: 'Q2XX-0000-1002', cameraId: 1002, similarityPercent: percent });

const results = [
  makeTrack('7', localMs(6, 9, 30), { similarityPercent: 99 }),
  dockTrack('8', localMs(6, 10, 40), 97),
  dockTrack('9', localMs(6, 9, 10), 93),
  makeTrack('10', localMs(5, 23, 50), { similarityPercent: 98 }),
];

function useHandlers(log: SimilarityCall[] = [], answer: () => ReturnType<typeof job> | Response = () => job(results)) {
  server.use(startHandler(answer, log), thumbnailTracksHandler([makeThumbnailTrack('42', TRACK_MS)]));
}

function days() {
  return screen.getAllByTestId('similarity-day').map((day) => ({
    heading: within(day).getByRole('heading').textContent,
    count: within(day).getByTestId('day-count').textContent,
    cards: within(day)
      .getAllByTestId('camera-card')
      .map((card) => within(card).getAllByTestId('similar-result').map((result) => result.getAttribute('aria-label'))),
  }));
}

const location = () => screen.getByTestId('location').textContent ?? '';

describe('similarity search page', () => {
  useViewerTestKit();
  beforeEach(freezeDate);
  afterEach(() => vi.useRealTimers());

  it('shows the person of interest, the timeframe and the results at least 96 % similar, by day and camera', async () => {
    const log: SimilarityCall[] = [];
    useHandlers(log);
    renderSimilarity(PATH);
    const poi = screen.getByTestId('person-of-interest');
    expect(poi).toHaveTextContent('Person of Interest');
    expect(await within(poi).findByRole('img', { name: 'Person' })).toHaveAttribute('src', `data:image/jpeg;base64,${image('42')}`);
    expect(screen.getByTestId('timeframe-text')).toHaveTextContent('Mar 6th, 9:00:00 am – Mar 6th, 11:00:00 am');

    await screen.findByTestId('similarity-results');
    // The network's cameras the user may search (not Vault), from 1 hour before to 1 hour after the track.
    expect(log).toEqual([
      {
        serial: 'Q2XX-0000-1001',
        body: expect.objectContaining({
          trackId: '42',
          t0: TS * 1000 - 3_600_000,
          t1: TS * 1000 + 3_600_000,
          cameras: ['Q2XX-0000-1002', 'Q2XX-0000-1001'],
          results: 10,
          threshold: 0.1,
        }),
      },
    ]);
    // Oldest first; 93 % is below the default threshold.
    expect(days()).toEqual([
      { heading: 'Wednesday - March 5th', count: '1 result', cards: [['Lobby, 11:50:00 PM, 98 % match']] },
      {
        heading: 'Thursday - March 6th',
        count: '2 results',
        cards: [['Lobby, 9:30:00 AM, 99 % match'], ['Dock, 10:40:00 AM, 97 % match']],
      },
    ]);
  });

  it('the timeframe ends at now', async () => {
    useHandlers();
    renderSimilarity(`/Q2XX-0000-1001/42/${Math.floor(localMs(6, 11, 30) / 1000)}`);
    expect(screen.getByTestId('timeframe-text')).toHaveTextContent('Mar 6th, 10:30:00 am – Mar 6th, 12:00:00 pm');
    await screen.findByTestId('similarity-results');
  });

  it('reads threshold, order and size from the address; the threshold slider filters without searching again', async () => {
    const log: SimilarityCall[] = [];
    useHandlers(log);
    const { user } = renderSimilarity(`${PATH}?threshold=93&sortOrder=descending&thumbnailSize=small`);
    await screen.findByTestId('similarity-results');
    expect(days().map((day) => day.heading)).toEqual(['Thursday - March 6th', 'Wednesday - March 5th']);
    expect(days()[0].cards).toEqual([['Dock, 10:40:00 AM, 97 % match', 'Dock, 9:10:00 AM, 93 % match'], ['Lobby, 9:30:00 AM, 99 % match']]);
    expect(screen.getAllByTestId('track-thumbnail').at(-1)).toHaveStyle({ width: '120px', height: '90px' });

    const slider = screen.getByRole('slider', { name: 'Similarity threshold' });
    expect(slider).toHaveAttribute('aria-valuenow', '93');
    expect(screen.getByTestId('threshold')).toHaveTextContent('Rough match');
    expect(screen.getByTestId('threshold')).toHaveTextContent('Exact match');
    slider.focus();
    await user.keyboard('{ArrowRight>5/}');
    await waitFor(() => expect(location()).toContain('threshold=98'));
    expect(days().map((day) => day.cards)).toEqual([[['Lobby, 9:30:00 AM, 99 % match']], [['Lobby, 11:50:00 PM, 98 % match']]]);
    expect(log).toHaveLength(1);

    await user.click(screen.getByRole('radio', { name: 'Large' }));
    expect(location()).toContain('thumbnailSize=large');
    expect(screen.getAllByTestId('track-thumbnail').at(-1)).toHaveStyle({ width: '480px', height: '240px' });
  });

  it('keeps the threshold labels inside the panel: first at the start, last at the end, no sideways scroll', async () => {
    useHandlers();
    renderSimilarity(PATH);
    await screen.findByTestId('similarity-results');
    const panel = screen.getByTestId('similarity-panel');
    // Slider mark labels are centred on their marks, so half of each end's label would hang outside the panel.
    expect(panel.querySelector('.mantine-Slider-markLabel')).toBeNull();
    const labels = within(panel).getByTestId('threshold-labels');
    expect(labels.style.getPropertyValue('--group-justify')).toBe('space-between');
    expect(labels.style.getPropertyValue('--group-wrap')).toBe('nowrap');
    const [rough, exact] = Array.from(labels.children) as HTMLElement[];
    expect(labels.children).toHaveLength(2);
    expect(rough).toHaveTextContent('Rough match');
    expect(rough).toHaveStyle({ textAlign: 'start' });
    expect(exact).toHaveTextContent('Exact match');
    expect(exact).toHaveStyle({ textAlign: 'end' });
    // The panel scrolls up and down only.
    const viewport = panel.querySelector('.mantine-ScrollArea-viewport');
    expect(viewport).toHaveAttribute('data-scrollbars', 'y');
    expect(viewport).toHaveStyle({ overflowX: 'hidden' });
  });

  it('puts floor(window width / (2 × thumbnail width)) thumbnails in a row, again when the window is resized', async () => {
    useHandlers();
    renderSimilarity(PATH);
    await screen.findByTestId('similarity-results');
    const rows = () => screen.getAllByTestId('thumbnail-rows')[0].getAttribute('data-columns');
    const resize = (width: number) =>
      act(() => {
        window.innerWidth = width;
        window.dispatchEvent(new Event('resize'));
      });
    const initial = window.innerWidth;
    try {
      resize(1920);
      expect(rows()).toBe('4');
      resize(700);
      expect(rows()).toBe('1');
    } finally {
      resize(initial);
    }
  });

  it('a result opens the detail viewer: its clip, the person of interest, next and previous (and the arrow keys)', async () => {
    useHandlers();
    const { user } = renderSimilarity(PATH);
    await screen.findByTestId('similarity-results');
    await user.click(screen.getByRole('button', { name: 'Lobby, 9:30:00 AM, 99 % match' }));
    const detail = () => screen.getByTestId('similarity-detail');
    expect(detail()).toHaveAttribute('data-index', '1');
    expect(screen.getByRole('dialog', { name: 'Lobby' })).toBeInTheDocument();
    expect(within(detail()).getByTestId('detail-poi').querySelector('img')).toHaveAttribute('src', `data:image/jpeg;base64,${image('42')}`);
    expect(within(detail()).getByTestId('detail-result')).toHaveTextContent('This result · 99 % match');
    await vi.waitFor(() => expect(FakeHls.instances.length).toBeGreaterThan(0));
    const url = new URL(FakeHls.latest().url ?? '', 'http://x');
    expect(url.pathname).toBe('/n1/cameras/1001/history/main/index.m3u8');
    expect(Number(url.searchParams.get('start_ms'))).toBe(results[0].t0);

    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(detail()).toHaveAttribute('data-index', '2');
    expect(screen.getByRole('dialog', { name: 'Dock' })).toBeInTheDocument();
    expect(within(detail()).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(detail()).getByRole('button', { name: 'Previous' }));
    expect(detail()).toHaveAttribute('data-index', '1');
    expect(within(detail()).getByRole('link', { name: 'Search similar to this result' })).toHaveAttribute(
      'href',
      `/n/5/similarity-search/Q2XX-0000-1001/7/${Math.floor(results[0].t0 / 1000)}`,
    );
  });

  it('a failed job says Cross camera search failed; Retry searches again', async () => {
    const log: SimilarityCall[] = [];
    let answer: () => ReturnType<typeof job> | Response = () => ({ ...job([], 'failed'), error: 'index unavailable' });
    useHandlers(log, () => answer());
    const { user } = renderSimilarity(PATH);
    const failed = await screen.findByTestId('similarity-failed');
    expect(failed).toHaveTextContent('Cross camera search failed');
    expect(failed).toHaveTextContent('job failed');

    answer = () => apiErrors(['Object detection is not running on this server'], 503);
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('similarity-failed')).toHaveTextContent('Object detection is not running on this server');

    answer = () => job([], 'running');
    let polls = 0;
    server.use(
      http.get(pollPath, () => {
        polls += 1;
        return json(job(results));
      }),
    );
    await user.click(within(screen.getByTestId('similarity-failed')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('similarity-results', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(polls).toBe(1);
    expect(log).toHaveLength(3);
  });

  it('hides a camera’s results through hiddenSerials; Show all brings them back; nothing shown: the empty placeholder', async () => {
    useHandlers();
    const { user } = renderSimilarity(`${PATH}?threshold=97`);
    await screen.findByTestId('similarity-results');
    // Lobby has a card on each day; either hides the camera.
    await user.click(screen.getAllByRole('button', { name: 'Hide results of Lobby' })[0]);
    expect(decodeURIComponent(location())).toContain('hiddenSerials=["Q2XX-0000-1001"]');
    expect(days().map((day) => day.cards)).toEqual([[['Dock, 10:40:00 AM, 97 % match']]]);
    await user.click(screen.getByRole('button', { name: 'Hide results of Dock' }));
    expect(screen.getByTestId('similarity-empty')).toHaveTextContent('No similar results');
    expect(screen.getByTestId('hidden-cameras')).toHaveTextContent('2 cameras hidden');
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(location()).not.toContain('hiddenSerials');
    expect(days()).toHaveLength(2);
  });

  it('the panel collapses; remove goes back to the events page', async () => {
    useHandlers();
    const { user } = renderSimilarity(PATH);
    await screen.findByTestId('similarity-results');
    await user.click(screen.getByRole('button', { name: 'Search settings' }));
    expect(screen.queryByTestId('similarity-panel')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search settings' }));
    await user.click(within(screen.getByTestId('person-of-interest')).getByRole('button', { name: 'remove' }));
    expect(location()).toBe('/n/5/events');
  });

  it('a person of interest the camera does not have reads failed to load thumbnail', async () => {
    server.use(startHandler(() => job([])), thumbnailTracksHandler([]));
    renderSimilarity(PATH);
    expect(await within(screen.getByTestId('person-of-interest')).findByText('failed to load thumbnail')).toBeInTheDocument();
    expect(await screen.findByTestId('similarity-empty')).toHaveTextContent('No similar results');
  });

  it('a failed thumbnail track query reads Failed to load thumbnails', async () => {
    server.use(startHandler(() => job([])), http.get(thumbnailTracksPath, () => apiErrors(['boom'], 500)));
    renderSimilarity(PATH);
    expect(await within(screen.getByTestId('person-of-interest')).findByText('Failed to load thumbnails')).toBeInTheDocument();
  });

  it('a time that is not whole seconds goes to the events page', async () => {
    renderSimilarity('/Q2XX-0000-1001/42/soon');
    await waitFor(() => expect(location()).toBe('/n/5/events'));
  });
});
