import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordRequests } from '../../../test/requestLog';
import { apiErrors, json, server } from '../../../test/server';
import type { ExportJob } from '../exportsApi';
import { activeJob, DAY_MS, HOUR_MS, jobDataHandler, jobDataPath, makeJob, NOW_MS } from '../test/exportFixtures';
import { freezeDate, renderExportsPage } from '../test/renderExportsPage';

const requests = recordRequests();
const listCalls = () =>
  requests.filter((line) => line.includes('/dashboard/job_data') && !line.includes('job_ids')).map((line) => new URL(line.split(' ')[1], 'http://x').searchParams);
const iso = (ms: number) => new Date(ms).toISOString();
const row = (id: number) => screen.getByTestId(`export-row-${id}`);
const rowIds = () => screen.getAllByTestId(/^export-row-/).map((element) => Number(element.dataset.testid?.slice(11)));
const statusOf = (id: number) => within(row(id)).getByTestId('export-status').textContent;

function serve(jobs: ExportJob[]) {
  server.use(jobDataHandler(() => jobs));
}

beforeEach(() => freezeDate());
afterEach(() => {
  vi.useRealTimers();
  notifications.clean(); // toasts live in a module-level store, across tests
});

describe('exports page (spec 03 §2 "Exports page")', () => {
  it('lists the jobs newest first with camera, range, duration, creator and status labels', async () => {
    serve([
      makeJob(1, { filename: 'Front door.mp4', export_expiration_date: iso(NOW_MS + 3 * DAY_MS) }),
      activeJob(2, 'running'),
      activeJob(3, 'queued'), // made and due 16 h ago: a long wait
      activeJob(4, 'scheduled', { scheduled_for_time: iso(NOW_MS + HOUR_MS) }),
      makeJob(5, { status: 'failed', state: 'failed', export_state: 'user_friendly_error', error: 'Clips differ in format', download_url: null }),
      makeJob(6, { status: 'cancelled', state: 'cancelled', export_state: 'cancelled', download_url: null }),
      makeJob(7, { status: 'failed', state: 'failed', export_state: 'error', error: 'muxer crashed', download_url: null }),
      activeJob(8, 'running', { isRequestingCancellation: true }),
    ]);
    renderExportsPage();
    expect(await screen.findByTestId('export-row-1')).toBeInTheDocument();
    expect(rowIds()).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(statusOf(1)).toBe('Export complete');
    expect(within(row(1)).getByText('Expiring soon (Mar 9, 2025)')).toBeInTheDocument();
    expect(statusOf(2)).toBe('Processing video');
    expect(within(row(2)).getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '42');
    expect(within(row(2)).getByText('42%')).toBeInTheDocument();
    expect(statusOf(3)).toBe('Queued (Long wait time)');
    expect(statusOf(4)).toBe('Scheduled');
    expect(statusOf(5)).toBe('Failed');
    expect(within(row(5)).getByText('Clips differ in format')).toBeInTheDocument();
    expect(statusOf(6)).toBe('Cancelled');
    expect(within(row(7)).getByText('Unexpected error, please contact support.')).toBeInTheDocument();
    expect(within(row(7)).queryByText('muxer crashed')).not.toBeInTheDocument();
    expect(statusOf(8)).toBe('Cancelling');

    const cells = within(row(1)).getAllByRole('cell').map((cell) => cell.textContent);
    const job = makeJob(1);
    expect(cells.slice(1, 6)).toEqual([
      'Front door.mp4',
      'Lobby',
      // 24-hour times in the network's zone (America/Los_Angeles): the range starts an hour before it was made.
      `Mar 5, 2025, ${clock(job.t0)} – ${clock(job.t1)}`,
      '10 min',
      'Victor Viewer',
    ]);
  });

  it('pages 8 at a time by default; next page and other page sizes ask the server for that page', async () => {
    serve(Array.from({ length: 20 }, (_, index) => makeJob(index + 1)));
    const { user } = renderExportsPage();
    await screen.findByTestId('export-row-20');
    expect(rowIds()).toEqual([20, 19, 18, 17, 16, 15, 14, 13]);
    expect(screen.getByText('1–8 of 20')).toBeInTheDocument();
    expect(listCalls()[0].get('offset')).toBe('0');
    expect(listCalls()[0].get('limit')).toBe('8');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByTestId('export-row-12');
    expect(rowIds()).toEqual([12, 11, 10, 9, 8, 7, 6, 5]);
    expect(listCalls().at(-1)?.get('offset')).toBe('8');

    await user.click(screen.getByRole('combobox', { name: 'Exports per page' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['8', '12', '24', '48']);
    await user.click(screen.getByRole('option', { name: '24' }));
    await waitFor(() => expect(rowIds()).toHaveLength(20));
    expect(screen.getByText('1–20 of 20')).toBeInTheDocument();
    expect(listCalls().at(-1)?.get('limit')).toBe('24');
    expect(listCalls().at(-1)?.get('offset')).toBe('0');
  });

  it('the search box sends search (back on page 1) and the creation range defaults to the last year', async () => {
    serve([makeJob(1, { filename: 'Front door.mp4' }), makeJob(2, { camera_name: 'Dock' }), makeJob(3)]);
    const { user } = renderExportsPage();
    await screen.findByTestId('export-row-1');
    const first = listCalls()[0];
    // The last year in the network's zone: 6 March 2024 00:00 to 7 March 2025 00:00 (PST, UTC−8).
    expect(Number(first.get('created_after_ms'))).toBe(Date.UTC(2024, 2, 6, 8));
    expect(Number(first.get('created_before_ms'))).toBe(Date.UTC(2025, 2, 7, 8));
    expect(first.get('search')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'dock');
    await waitFor(() => expect(rowIds()).toEqual([2]));
    expect(listCalls().at(-1)?.get('search')).toBe('dock');
    expect(listCalls().at(-1)?.get('offset')).toBe('0');
  });

  it('picking a creation range in the calendar (opened on this month) asks for jobs created in those days', async () => {
    serve([makeJob(1)]);
    const { user } = renderExportsPage();
    await screen.findByTestId('export-row-1');
    await user.click(screen.getByRole('button', { name: 'Created' }));
    await user.click(await screen.findByRole('button', { name: '2 March 2025' }));
    await user.click(screen.getByRole('button', { name: '4 March 2025' }));
    await waitFor(() => expect(Number(listCalls().at(-1)?.get('created_after_ms'))).toBe(Date.UTC(2025, 2, 2, 8)));
    expect(Number(listCalls().at(-1)?.get('created_before_ms'))).toBe(Date.UTC(2025, 2, 5, 8));
    expect(await screen.findByRole('heading', { name: 'No exports match your filters' })).toBeInTheDocument();
  });

  it("says 'No exports yet' and how to make one when there are none", async () => {
    serve([]);
    renderExportsPage();
    const empty = await screen.findByTestId('exports-empty');
    expect(within(empty).getByRole('heading', { name: 'No exports yet' })).toBeInTheDocument();
    expect(within(empty).getByText(/Export video from a camera page/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeDisabled();
  });

  it("shows 'Loading exports...' then, when the list fails, the error with a way to try again", async () => {
    let fail = true;
    server.use(
      http.get(jobDataPath, async () => {
        await delay(50);
        return fail ? apiErrors(['database is locked'], 500) : json({ jobs: [makeJob(1)], __total_count: 1 });
      }),
    );
    const { user } = renderExportsPage();
    expect(screen.getByText('Loading exports...')).toBeInTheDocument();
    const error = await screen.findByTestId('exports-error');
    expect(within(error).getByRole('heading', { name: 'An error occurred while fetching exports' })).toBeInTheDocument();
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('export-row-1')).toBeInTheDocument();
  });

  it('shows when the list was last synced; refresh asks again with a spinner meanwhile', async () => {
    let answer: () => Promise<void> = async () => undefined;
    server.use(
      http.get(jobDataPath, async () => {
        await answer();
        return json({ jobs: [makeJob(1)], __total_count: 1 });
      }),
    );
    const { user } = renderExportsPage();
    await screen.findByTestId('export-row-1');
    expect(screen.getByText('Last synced 12:00:00')).toBeInTheDocument();
    let release = () => undefined as void;
    answer = () => new Promise<void>((resolve) => (release = resolve));
    const before = listCalls().length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('status', { name: 'Syncing exports' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(listCalls().length).toBe(before + 1);
  });
});

/** A clock time of UNIX seconds in the network's zone (PST in March 2025 before the 9th). */
function clock(seconds: number): string {
  return new Date(seconds * 1000 - 8 * HOUR_MS).toISOString().slice(11, 19);
}
