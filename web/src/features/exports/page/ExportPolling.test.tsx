import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordRequests } from '../../../test/requestLog';
import { server } from '../../../test/server';
import { EXPORT_POLL_MS } from '../constants';
import type { ExportJob } from '../exportsApi';
import { activeJob, jobDataHandler, makeJob } from '../test/exportFixtures';
import { freezeDate, renderExportsPage } from '../test/renderExportsPage';

const requests = recordRequests();
const polls = () => requests.filter((line) => line.includes('job_action=fetch'));
const status = (id: number) => screen.getByTestId(`export-row-${id}`).querySelector('[data-testid="export-status"]')?.textContent;
const fiveSeconds = () => act(() => vi.advanceTimersByTime(EXPORT_POLL_MS));

let jobs: ExportJob[] = [];
beforeEach(() => {
  freezeDate(true); // Date and setInterval: the polling clock
  server.use(jobDataHandler(() => jobs));
});
afterEach(() => vi.useRealTimers());

describe('background polling (spec 03 §4, §9: every 5 s while jobs are to be done)', () => {
  it('asks for the queued, scheduled and running jobs by id every 5 s and stops once they are done', async () => {
    jobs = [makeJob(1), activeJob(2, 'running'), activeJob(3, 'queued'), activeJob(4, 'scheduled')];
    renderExportsPage();
    await screen.findByTestId('export-row-2');
    expect(polls()).toEqual([]);

    await fiveSeconds();
    await waitFor(() => expect(polls()).toHaveLength(1));
    expect(polls()[0]).toContain('job_ids=4%2C3%2C2');

    jobs = [makeJob(1), makeJob(2), activeJob(3, 'running', { export_progress: 10 }), activeJob(4, 'scheduled')];
    await fiveSeconds();
    await waitFor(() => expect(status(2)).toBe('Export complete'));
    expect(status(3)).toBe('Processing video');

    jobs = jobs.map((job) => makeJob(job.id));
    await fiveSeconds();
    await waitFor(() => expect(status(4)).toBe('Export complete'));
    const asked = polls().length;
    await fiveSeconds();
    await fiveSeconds();
    expect(polls()).toHaveLength(asked);
  });

  it('does not poll when every listed job is finished', async () => {
    jobs = [makeJob(1), makeJob(2, { status: 'failed', state: 'failed', export_state: 'error' })];
    renderExportsPage();
    await screen.findByTestId('export-row-2');
    await fiveSeconds();
    await fiveSeconds();
    expect(polls()).toEqual([]);
  });
});
