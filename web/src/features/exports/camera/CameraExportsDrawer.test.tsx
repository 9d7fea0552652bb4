import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { recordRequests } from '../../../test/requestLog';
import { apiErrors, apiPath, json, server } from '../../../test/server';
import { makeCamera } from '../../cameras/test/fixtures';
import { DEFAULT_PREFERENCES } from '../../preferences';
import { EXPORT_POLL_MS } from '../constants';
import type { ExportJob } from '../exportsApi';
import { activeJob, exportsState, jobDataHandler, makeJob, NETWORK_ID, NOW_MS } from '../test/exportFixtures';
import { freezeDate } from '../test/renderExportsPage';
import { CameraExportsDrawer } from './CameraExportsDrawer';

const lobby = makeCamera(1001, { name: 'Lobby', channel: { id: 51001, snapshot_url: null } });
const requests = recordRequests();
const listCalls = () =>
  requests
    .filter((line) => line.includes('/dashboard/job_data') && !line.includes('job_ids'))
    .map((line) => Object.fromEntries(new URL(line.split(' ')[1], 'http://x').searchParams));
const polls = () => requests.filter((line) => line.includes('job_action=fetch'));

let jobs: ExportJob[] = [];
const posted: unknown[] = [];

/** The drawer as its button keeps it: mounted once opened; 'Toggle drawer' closes and opens it again. */
function DrawerHost() {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened((open) => !open)}>
        Toggle drawer
      </button>
      <CameraExportsDrawer opened={opened} onClose={() => setOpened(false)} camera={lobby} />
    </>
  );
}

function renderDrawer() {
  return renderWithProviders(<DrawerHost />, {
    route: `/n/${NETWORK_ID}/cameras/${lobby.id}`,
    path: '/n/:networkId/cameras/:cameraId',
    preloadedState: { ...exportsState(), preferences: { ...DEFAULT_PREFERENCES, timeMode: 24 } },
  });
}

/** The list box as laid out in a browser: 400 px high, 50 px a row. */
function layOut(box: HTMLElement) {
  Object.defineProperty(box, 'clientHeight', { configurable: true, get: () => 400 });
  Object.defineProperty(box, 'scrollHeight', {
    configurable: true,
    get: () => box.querySelectorAll('[data-testid^="recent-export-"]').length * 50,
  });
}

beforeEach(() => {
  freezeDate();
  jobs = [];
  posted.length = 0;
  server.use(jobDataHandler(() => jobs));
});
afterEach(() => {
  vi.useRealTimers();
  notifications.clean();
});

describe('camera exports drawer: create (spec 03 §2, §5, §7, §8)', () => {
  it('starts from the last 10 minutes scheduled now; a bad filename shows the rule and disables Create', async () => {
    const { user } = renderDrawer();
    const drawer = await screen.findByTestId('camera-exports-drawer');
    // 12:00 in the network's zone (America/Los_Angeles) is now.
    expect(within(drawer).getByTestId('time-range-start')).toHaveTextContent('Mar 6, 2025, 11:50:00');
    expect(within(drawer).getByTestId('time-range-end')).toHaveTextContent('Mar 6, 2025, 12:00:00');
    expect(within(drawer).getByTestId('schedule-time')).toHaveTextContent('Mar 6, 2025, 12:00:00');
    const create = within(drawer).getByRole('button', { name: 'Create' });
    expect(create).toBeEnabled();

    const filename = within(drawer).getByRole('textbox', { name: 'Filename' });
    await user.type(filename, 'front/door');
    expect(
      within(drawer).getByText('Filename may only contain letters, numbers, spaces and the - _ . special characters.'),
    ).toBeInTheDocument();
    expect(filename).toHaveAttribute('aria-invalid', 'true');
    expect(create).toBeDisabled();
    await user.clear(filename);
    expect(create).toBeEnabled();
  });

  it("sends the camera's channel, t0/t1 in seconds, the schedule in ms and the filename; the notice links to the job", async () => {
    server.use(
      http.post(apiPath('/n/:networkId/manage/video/export'), async ({ request }) => {
        posted.push(await request.json());
        return json(activeJob(77, 'queued'), 201);
      }),
    );
    const show = vi.spyOn(notifications, 'show');
    const { user } = renderDrawer();
    const drawer = await screen.findByTestId('camera-exports-drawer');
    await user.type(within(drawer).getByRole('textbox', { name: 'Filename' }), 'Front door');
    await user.click(within(drawer).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      video_channel_id: 51001,
      t0: NOW_MS / 1000 - 600,
      t1: NOW_MS / 1000,
      scheduledForTs: NOW_MS,
      filename: 'Front door',
    });
    const link = await screen.findByRole('link', { name: 'View it on the exports page' });
    expect(screen.getByText('Export created')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: 15_000 }));
    expect(link).toHaveAttribute('href', `/n/${NETWORK_ID}/exports/77`);
    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent(`/n/${NETWORK_ID}/exports/77`);
    // The list asks again after a creation.
    expect(listCalls().length).toBeGreaterThanOrEqual(2);
  });

  it("shows 'Export job error', 'There was a problem creating the export.' and the server's message for 30 s", async () => {
    server.use(http.post(apiPath('/n/:networkId/manage/video/export'), () => apiErrors(['No recorded video in this range'])));
    const show = vi.spyOn(notifications, 'show');
    const { user } = renderDrawer();
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Export job error')).toBeInTheDocument();
    expect(screen.getByText('There was a problem creating the export. No recorded video in this range')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Export job error', autoClose: 30_000 }));
  });
});

describe('camera exports drawer: recent exports (spec 03 §2, §4, §7, §9)', () => {
  it("loads 25, then 50 more as the list's end comes within 50 px, until 'All N exports loaded'", async () => {
    jobs = [
      ...Array.from({ length: 80 }, (_, index) => makeJob(index + 1)),
      makeJob(500, { video_channel_id: 52002, camera_name: 'Dock' }),
    ];
    renderDrawer();
    // Laid out once the first page shows: before, jsdom's box has no height, so nothing can look near its end (laid
    // out earlier, a check between the answer and its rows saw 0 px of rows and loaded the next page).
    await screen.findByTestId('recent-export-80');
    const box = screen.getByTestId('recent-exports');
    layOut(box);
    expect(box.querySelectorAll('[data-testid^="recent-export-"]')).toHaveLength(25);
    expect(listCalls()).toEqual([{ video_channel_id: '51001', offset: '0', limit: '25', count_jobs: 'true' }]);
    expect(screen.queryByTestId('recent-exports-footer')).not.toBeInTheDocument();

    // 1250 px of rows in a 400 px box: 60 px from the end is not near enough, 50 px is.
    box.scrollTop = 790;
    fireEvent.scroll(box);
    expect(listCalls()).toHaveLength(1);
    box.scrollTop = 800;
    fireEvent.scroll(box);
    await screen.findByTestId('recent-export-6');
    expect(listCalls()[1]).toMatchObject({ offset: '25', limit: '50' });

    box.scrollTop = 75 * 50 - 400;
    fireEvent.scroll(box);
    await screen.findByTestId('recent-export-1');
    expect(listCalls()[2]).toMatchObject({ offset: '75', limit: '50' });
    expect(box.querySelectorAll('[data-testid^="recent-export-"]')).toHaveLength(80);
    expect(screen.getByTestId('recent-exports-footer')).toHaveTextContent('All 80 exports loaded');
    expect(screen.queryByTestId('recent-export-500')).not.toBeInTheDocument();
  });

  it('shows each export newest first with its status, a progress circle while running, and its details', async () => {
    jobs = [
      makeJob(1, { filename: 'Morning.mp4' }),
      activeJob(2, 'running'),
      makeJob(3, { status: 'failed', state: 'failed', export_state: 'user_friendly_error', error: 'No recorded video', download_url: null }),
    ];
    const { user } = renderDrawer();
    const row = (id: number) => screen.getByTestId(`recent-export-${id}`);
    await screen.findByTestId('recent-export-1');
    expect(screen.getAllByTestId(/^recent-export-\d/).map((element) => element.dataset.testid)).toEqual([
      'recent-export-3',
      'recent-export-2',
      'recent-export-1',
    ]);
    expect(within(row(1)).getByTestId('export-status')).toHaveTextContent('Export complete');
    expect(within(row(2)).getByTestId('export-status')).toHaveTextContent('Processing video');
    expect(within(row(2)).getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '42');
    expect(within(row(3)).getByText('No recorded video')).toBeInTheDocument();
    expect(screen.getByTestId('recent-exports-footer')).toHaveTextContent('All 3 exports loaded');

    await user.click(row(1));
    const detail = await screen.findByTestId('camera-export-detail');
    expect(within(detail).getByRole('heading', { name: 'Morning.mp4' })).toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: 'Download' })).toHaveAttribute('href', makeJob(1).download_url);
    expect(within(detail).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Copy checksum' })).toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: 'Evidence manifest' })).toHaveAttribute('download');
    expect(within(detail).getByRole('link', { name: 'Open on the exports page' })).toHaveAttribute('href', `/n/${NETWORK_ID}/exports/1`);
    expect(screen.getByTestId('recent-exports')).not.toBeVisible();

    await user.click(within(detail).getByRole('button', { name: 'Back' }));
    expect(screen.queryByTestId('camera-export-detail')).not.toBeInTheDocument();
    expect(screen.getByTestId('recent-exports')).toBeVisible();
  });
});

describe('camera exports drawer: polling (spec 03 §4, §9)', () => {
  it("asks for the camera's running jobs every 5 s while open, not while closed", async () => {
    vi.useRealTimers();
    freezeDate(true);
    jobs = [makeJob(1), activeJob(2, 'running')];
    renderDrawer();
    await screen.findByTestId('recent-export-2');
    const fiveSeconds = () => act(() => vi.advanceTimersByTime(EXPORT_POLL_MS));

    await fiveSeconds();
    await waitFor(() => expect(polls()).toHaveLength(1));
    expect(polls()[0]).toContain('job_ids=2');

    // Closed (still mounted, as its button keeps it): no polling though job 2 still runs.
    const toggle = () => fireEvent.click(screen.getByRole('button', { name: 'Toggle drawer', hidden: true }));
    toggle();
    await waitFor(() => expect(screen.queryByTestId('camera-exports-drawer')).not.toBeInTheDocument());
    await fiveSeconds();
    await fiveSeconds();
    expect(polls()).toHaveLength(1);

    // Open again: polled, and once done no more.
    toggle();
    await screen.findByTestId('recent-export-2');
    jobs = [makeJob(1), makeJob(2)];
    await fiveSeconds();
    await waitFor(() =>
      expect(within(screen.getByTestId('recent-export-2')).getByTestId('export-status')).toHaveTextContent('Export complete'),
    );
    const asked = polls().length;
    await fiveSeconds();
    await fiveSeconds();
    expect(polls()).toHaveLength(asked);
  });
});
