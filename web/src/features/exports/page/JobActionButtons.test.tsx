import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordRequests } from '../../../test/requestLog';
import { server } from '../../../test/server';
import type { ExportJob } from '../exportsApi';
import { activeJob, type ExportWrite, exportsState, exportWriteHandlers, jobDataHandler, makeJob } from '../test/exportFixtures';
import { freezeDate, renderExportsPage } from '../test/renderExportsPage';

const requests = recordRequests();
const failed = (id: number, exportState: 'error' | 'user_friendly_error') =>
  makeJob(id, { status: 'failed', state: 'failed', export_state: exportState, download_url: null, quick_url: null, manifest_url: null });
const jobs: ExportJob[] = [
  makeJob(1),
  activeJob(2, 'queued'),
  activeJob(3, 'running'),
  activeJob(4, 'scheduled'),
  activeJob(5, 'scheduled', { type: 'VideoConcatenationJob' }),
  failed(6, 'error'),
  failed(7, 'user_friendly_error'),
  makeJob(8, { status: 'cancelled', state: 'cancelled', export_state: 'cancelled', download_url: null, quick_url: null }),
];

function serve(fail: Record<string, string> = {}) {
  const seen: ExportWrite[] = [];
  server.use(jobDataHandler(() => jobs), ...exportWriteHandlers(seen, fail));
  return seen;
}

const buttonsOf = (id: number) =>
  within(screen.getByTestId(`export-row-${id}`))
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label'))
    .filter((label) => label !== null && !label.startsWith('Edit filename'));
const linksOf = (id: number) => within(screen.getByTestId(`export-row-${id}`)).getAllByRole('link').map((link) => link.getAttribute('aria-label'));
const inRow = (id: number, name: string) => within(screen.getByTestId(`export-row-${id}`)).getByRole('button', { name });

beforeEach(() => freezeDate());
afterEach(() => {
  vi.useRealTimers();
  notifications.clean(); // toasts live in a module-level store, across tests
});

describe('row actions (spec 03 §4 "Job actions")', () => {
  it('offers each job the actions its state allows', async () => {
    serve();
    renderExportsPage('/n/5/exports', exportsState({ flags: ['has_camera_export_queue_jumping'] }));
    await screen.findByTestId('export-row-1');
    expect(buttonsOf(1)).toEqual(['Play', 'Copy link', 'Copy checksum', 'Rename', 'Delete export']);
    expect(linksOf(1)).toEqual(['Details', 'Download']);
    expect(within(screen.getByTestId('export-row-1')).getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/n1/n/5/manage/video_exports/1/download');
    expect(buttonsOf(2)).toEqual(['Rename', 'Cancel export', 'Delete export']);
    expect(buttonsOf(3)).toEqual(['Rename', 'Cancel export', 'Delete export']);
    expect(buttonsOf(4)).toEqual(['Rename', 'Start now', 'Cancel export', 'Delete export']);
    expect(buttonsOf(5)).toEqual(['Rename', 'Cancel export', 'Delete export']); // combined: no start now
    expect(buttonsOf(6)).toEqual(['Rename', 'Retry', 'Delete export']);
    expect(buttonsOf(7)).toEqual(['Rename', 'Retry', 'Delete export']);
    expect(buttonsOf(8)).toEqual(['Rename', 'Retry', 'Delete export']);
  });

  it('start now needs has_camera_export_queue_jumping; copy link hides with has_camera_link_creation_ui_hidden', async () => {
    serve();
    renderExportsPage('/n/5/exports', exportsState({ flags: ['has_camera_link_creation_ui_hidden'] }));
    await screen.findByTestId('export-row-4');
    expect(buttonsOf(4)).not.toContain('Start now');
    expect(buttonsOf(1)).toEqual(['Play', 'Copy checksum', 'Rename', 'Delete export']);
  });

  it('cancel asks first, then posts cancel_job; a refusal shows the spec’s error', async () => {
    const seen = serve({ '/cancel_job': 'This export has already finished; it cannot be cancelled' });
    const { user } = renderExportsPage();
    await screen.findByTestId('export-row-3');
    await user.click(inRow(3, 'Cancel export'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel export' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep exporting' }));
    expect(seen).toEqual([]);
    await user.click(inRow(3, 'Cancel export'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel export' })).getByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByText('An error occurred while cancelling this job')).toBeInTheDocument();
    expect(seen).toEqual([{ method: 'POST', path: '/n/5/manage/dashboard/cancel_job', body: { job_id: 3 } }]);
  });

  it('retry restarts the job, then asks for it by id', async () => {
    const seen = serve();
    const { user } = renderExportsPage();
    await screen.findByTestId('export-row-6');
    await user.click(inRow(6, 'Retry'));
    expect(await screen.findByText('Export queued again')).toBeInTheDocument();
    expect(seen).toEqual([{ method: 'POST', path: '/api/v1/organizations/10/camera/exports/6/restart', body: undefined }]);
    await waitFor(() => expect(requests.some((line) => line.includes('job_ids=6&job_action=fetch'))).toBe(true));
  });

  it("start now posts .../start; a refusal shows 'An error occurred while starting export.'", async () => {
    const seen = serve({ '/start': 'This export has already started' });
    const { user } = renderExportsPage('/n/5/exports', exportsState({ flags: ['has_camera_export_queue_jumping'] }));
    await screen.findByTestId('export-row-4');
    await user.click(inRow(4, 'Start now'));
    expect(await screen.findByText('An error occurred while starting export.')).toBeInTheDocument();
    expect(seen).toEqual([{ method: 'POST', path: '/api/v1/organizations/10/camera/exports/4/start', body: undefined }]);
  });

  it('copy link copies the share link; copy checksum the SHA-256', async () => {
    const seen = serve();
    const { user } = renderExportsPage();
    await screen.findByTestId('export-row-1');
    await user.click(inRow(1, 'Copy link'));
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(`${window.location.origin}/n1/exports/shared/12.token`);
    expect(seen).toEqual([{ method: 'GET', path: '/n/5/manage/video_exports/1/share', body: undefined }]);
    await user.click(inRow(1, 'Copy checksum'));
    expect(await screen.findByText('Checksum copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(makeJob(1).export_sha256);
  });

  it('play opens the export in a player; delete of one job asks first', async () => {
    const seen = serve();
    const { user } = renderExportsPage();
    await screen.findByTestId('export-row-1');
    await user.click(inRow(1, 'Play'));
    const player = await screen.findByRole('dialog', { name: 'Lobby clip 1.mp4' });
    expect(within(player).getByLabelText('Export Lobby clip 1.mp4')).toHaveAttribute('src', '/n1/n/5/manage/video_exports/1/download?disposition=inline');
    await user.click(within(player).getByRole('button', { name: 'Close' }));

    await user.click(inRow(1, 'Delete export'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete exports' });
    expect(within(dialog).getByText('Are you sure you want to delete this export? Its file is deleted too.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Export deleted')).toBeInTheDocument();
    expect(seen).toEqual([{ method: 'POST', path: '/n/5/manage/dashboard/delete_job', body: { job_id: 1 } }]);
  });
});
