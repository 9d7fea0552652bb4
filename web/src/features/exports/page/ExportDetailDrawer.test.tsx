import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import type { ExportJob } from '../exportsApi';
import { type ExportWrite, exportWriteHandlers, jobDataHandler, makeJob } from '../test/exportFixtures';
import { freezeDate, renderExportsPage } from '../test/renderExportsPage';

const location = () => screen.getByTestId('location');
const drawer = () => screen.findByRole('dialog', { name: 'Export details' });
const combined = makeJob(30, {
  type: 'VideoConcatenationJob',
  filename: 'Combined Lobby.mp4',
  source_exports: [
    { job_id: 2, video_channel_id: 51001, start_ts: makeJob(2).t0, end_ts: makeJob(2).t1, name: 'Lobby clip 2.mp4', camera: { id: 1001, name: 'Lobby' } },
    { job_id: 1, video_channel_id: 51001, start_ts: makeJob(1).t0, end_ts: makeJob(1).t1, name: 'Lobby clip 1.mp4', camera: { id: 1001, name: 'Lobby' } },
  ],
});

let jobs: ExportJob[] = [];
function serve(list: ExportJob[]) {
  jobs = list;
  const seen: ExportWrite[] = [];
  server.use(jobDataHandler(() => jobs), ...exportWriteHandlers(seen));
  return seen;
}

beforeEach(() => freezeDate());
afterEach(() => {
  vi.useRealTimers();
  notifications.clean();
});

describe('detail drawer (/n/{networkId}/exports/{jobId})', () => {
  it('opens for the route’s job with its fields and evidence manifest; closing returns to /exports', async () => {
    serve([makeJob(1), makeJob(2, { filename: 'Front door.mp4' })]);
    const { user } = renderExportsPage('/n/5/exports/2');
    const details = await drawer();
    expect(await within(details).findByRole('heading', { name: 'Front door.mp4' })).toBeInTheDocument();
    const field = (name: string) => within(details).getByRole('rowheader', { name }).nextElementSibling?.textContent;
    expect(field('Status')).toBe('Export complete');
    expect(field('Camera')).toBe('Lobby');
    expect(field('Duration')).toBe('10 min');
    expect(field('Creator')).toBe('Victor Viewer');
    expect(field('File size')).toBe('12.4 MB');
    expect(field('Checksum (SHA-256)')).toBe(makeJob(2).export_sha256);
    expect(field('Job id')).toBe('2');
    expect(within(details).getByRole('link', { name: 'Evidence manifest' })).toHaveAttribute('href', '/n1/n/5/manage/video_exports/2/manifest');
    expect(within(details).getByRole('button', { name: 'Play' })).toBeInTheDocument();

    await user.click(within(details).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/n\/5\/exports$/));
    expect(screen.queryByRole('dialog', { name: 'Export details' })).not.toBeInTheDocument();
  });

  it('the row’s Details link opens it', async () => {
    serve([makeJob(1)]);
    const { user } = renderExportsPage();
    await screen.findByTestId('export-row-1');
    await user.click(within(screen.getByTestId('export-row-1')).getByRole('link', { name: 'Details' }));
    expect(location()).toHaveTextContent('/n/5/exports/1');
    expect(within(await drawer()).getByRole('heading', { name: 'Lobby clip 1.mp4' })).toBeInTheDocument();
  });

  it('a combined job lists its source clips, each linking to its own details (also off the current page)', async () => {
    serve([combined, ...Array.from({ length: 10 }, (_, index) => makeJob(index + 1))]);
    const { user } = renderExportsPage('/n/5/exports/30');
    const details = await drawer();
    const clips = await within(details).findAllByRole('listitem');
    expect(clips.map((clip) => within(clip).getByRole('link').textContent)).toEqual(['Lobby clip 2.mp4', 'Lobby clip 1.mp4']);
    await user.click(within(details).getByRole('link', { name: 'Lobby clip 1.mp4' }));
    expect(location()).toHaveTextContent('/n/5/exports/1');
    // Job 1 is not on page 1 (30, 10, 9 … 4): the drawer asks for it by id.
    expect(await within(await drawer()).findByRole('heading', { name: 'Lobby clip 1.mp4' })).toBeInTheDocument();
  });

  it('closes when the job does not exist or is deleted', async () => {
    serve([makeJob(1)]);
    const { user } = renderExportsPage('/n/5/exports/99');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/n\/5\/exports$/));

    await user.click(await screen.findByRole('link', { name: 'Details' }));
    const details = await drawer();
    await user.click(within(details).getByRole('button', { name: 'Delete export' }));
    jobs = [];
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete exports' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/n\/5\/exports$/));
    expect(await screen.findByText('No exports yet')).toBeInTheDocument();
  });

  it('an address that is not a job id goes back to /exports', async () => {
    serve([makeJob(1)]);
    renderExportsPage('/n/5/exports/list');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/n\/5\/exports$/));
  });
});
