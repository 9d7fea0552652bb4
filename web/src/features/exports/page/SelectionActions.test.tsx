import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import { type ExportWrite, exportWriteHandlers, jobDataHandler, makeJob } from '../test/exportFixtures';
import { freezeDate, renderExportsPage } from '../test/renderExportsPage';

// Three finished clips; the newest (3) was recorded first, so the combine drawer starts with 3, 1, 2.
const jobs = [makeJob(1), makeJob(2, { t0: makeJob(2).t0 + 100_000, t1: makeJob(2).t0 + 100_600 }), makeJob(3, { t0: 1_700_000_000, t1: 1_700_000_600 })];

function serve(fail: Record<string, string> = {}) {
  const seen: ExportWrite[] = [];
  server.use(jobDataHandler(() => jobs), ...exportWriteHandlers(seen, fail));
  return seen;
}

const selectAll = () => screen.getByRole('checkbox', { name: 'Select all' });
const button = (name: string) => screen.getByRole('button', { name });

beforeEach(() => freezeDate());
afterEach(() => {
  vi.useRealTimers();
  notifications.clean(); // toasts live in a module-level store, across tests
});

describe('selection, combine and delete (spec 03 §2, §5)', () => {
  it('Combine needs 2 selected exports; Delete needs 1', async () => {
    serve();
    const { user } = renderExportsPage();
    await screen.findByTestId('export-row-1');
    expect(button('Combine')).toBeDisabled();
    expect(button('Delete')).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Lobby clip 1.mp4' }));
    expect(button('Combine')).toBeDisabled();
    expect(button('Delete')).toBeEnabled();
    expect(selectAll()).toHaveAttribute('data-indeterminate', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'Select Lobby clip 2.mp4' }));
    expect(button('Combine')).toBeEnabled();
    await user.click(selectAll());
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(4);
    await user.click(selectAll());
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
  });

  it('select all, then Combine sends the job ids in the drawer’s order with the filename', async () => {
    const seen = serve();
    const { user } = renderExportsPage();
    await screen.findByTestId('export-row-1');
    await user.click(selectAll());
    await user.click(button('Combine'));
    const drawer = await screen.findByRole('dialog', { name: 'Combine exports' });
    const order = () => within(drawer).getAllByTestId('combine-clip').map((clip) => clip.textContent?.match(/^\d+\. (\S+ \S+ \d)/)?.[1]);
    expect(order()).toEqual(['Lobby clip 3', 'Lobby clip 1', 'Lobby clip 2']);
    await user.click(within(drawer).getByRole('button', { name: 'Move Lobby clip 2.mp4 up' }));
    expect(order()).toEqual(['Lobby clip 3', 'Lobby clip 2', 'Lobby clip 1']);
    expect(within(drawer).getByRole('button', { name: 'Move Lobby clip 3.mp4 up' })).toBeDisabled();

    const filename = within(drawer).getByRole('textbox', { name: 'Filename' });
    await user.type(filename, 'Night/shift');
    expect(within(drawer).getByText('Filename may only contain letters, numbers, spaces and the - _ . special characters.')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Combine' })).toBeDisabled();
    await user.clear(filename);
    await user.type(filename, 'Night shift');
    await user.click(within(drawer).getByRole('button', { name: 'Combine' }));

    expect(await screen.findByText('Combined export created')).toBeInTheDocument();
    expect(seen).toEqual([{ method: 'POST', path: '/n/5/manage/video/concatenate', body: { job_ids: [3, 2, 1], filename: 'Night shift' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Combine exports' })).not.toBeInTheDocument());
    expect(selectAll()).not.toBeChecked();
  });

  it('a refused combine says so with the server’s reason and keeps the drawer open', async () => {
    serve({ '/video/concatenate': 'Only finished exports can be combined' });
    const { user } = renderExportsPage();
    await screen.findByTestId('export-row-1');
    await user.click(selectAll());
    await user.click(button('Combine'));
    const drawer = await screen.findByRole('dialog', { name: 'Combine exports' });
    await user.click(within(drawer).getByRole('button', { name: 'Combine' }));
    expect(await screen.findByText('Export job error')).toBeInTheDocument();
    expect(screen.getByText('There was a problem creating the export. Only finished exports can be combined')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Combine exports' })).toBeInTheDocument();
  });

  it('Delete asks first, then deletes the selected jobs in one call', async () => {
    const seen = serve();
    const { user } = renderExportsPage();
    await screen.findByTestId('export-row-1');
    await user.click(screen.getByRole('checkbox', { name: 'Select Lobby clip 1.mp4' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Lobby clip 3.mp4' }));
    await user.click(button('Delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete exports' });
    expect(within(dialog).getByText('Are you sure you want to delete these 2 exports? Their files are deleted too.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(seen).toEqual([]);

    await user.click(button('Delete'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete exports' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 exports deleted')).toBeInTheDocument();
    expect(seen).toEqual([{ method: 'POST', path: '/n/5/manage/dashboard/delete_job', body: { job_ids: [3, 1] } }]);
  });

  it("a refused delete shows 'An error occurred while deleting {{count}} job(s)'", async () => {
    serve({ '/dashboard/delete_job': "Only the export's creator or a network administrator may change it" });
    const { user } = renderExportsPage();
    await screen.findByTestId('export-row-1');
    await user.click(selectAll());
    await user.click(button('Delete'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete exports' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('An error occurred while deleting 3 job(s)')).toBeInTheDocument();
    expect(selectAll()).toBeChecked();
  });

  it('Delete stays disabled when a selected job is another user’s and the user may not administer the network', async () => {
    jobs.push(makeJob(4, { user: { id: 999, name: 'Olga Other' } }));
    try {
      serve();
      const { user } = renderExportsPage();
      await screen.findByTestId('export-row-4');
      await user.click(screen.getByRole('checkbox', { name: 'Select Lobby clip 4.mp4' }));
      expect(button('Delete')).toBeDisabled();
      expect(within(screen.getByTestId('export-row-4')).queryByRole('button', { name: 'Delete export' })).not.toBeInTheDocument();
    } finally {
      jobs.pop();
    }
  });
});
