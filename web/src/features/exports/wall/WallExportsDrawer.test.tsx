import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordRequests } from '../../../test/requestLog';
import { server } from '../../../test/server';
import type { ExportJob } from '../exportsApi';
import { jobDataHandler, makeJob, NETWORK_ID, NOW_MS } from '../test/exportFixtures';
import { freezeDate } from '../test/renderExportsPage';
import { entry, exportPostHandler, openEntry, type PostedExport, renderWallDrawer } from './test/wallExportFixtures';

const requests = recordRequests();
let jobs: ExportJob[] = [];
let posted: PostedExport[] = [];
const RULE = 'Filename may only contain letters, numbers, spaces and the - _ . special characters.';
const TEN_MINUTES = { t0: NOW_MS / 1000 - 600, t1: NOW_MS / 1000 };
/** The last 10 minutes, scheduled now. */
const NOW_TEN_MINUTES = { ...TEN_MINUTES, scheduledForTs: NOW_MS };

const drawer = () => screen.getByTestId('wall-exports-drawer');
const exportAll = () => within(drawer()).getByRole('button', { name: 'Export all' });
const selectedCount = () => within(drawer()).getByTestId('entries-selected');

/** Types a phrase into a time picker's text entry and applies it with Go. */
async function typeTime(user: UserEvent, button: HTMLElement, phrase: string) {
  await user.click(button);
  const popover = document.getElementById(button.getAttribute('aria-controls') ?? '')!;
  await user.type(within(popover).getByRole('textbox', { name: 'Type a time' }), phrase);
  await user.click(within(popover).getByRole('button', { name: 'Go' }));
  await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
}

beforeEach(() => {
  freezeDate();
  jobs = [];
  posted = [];
  server.use(jobDataHandler(() => jobs), exportPostHandler(posted));
});
afterEach(() => {
  vi.useRealTimers();
  notifications.clean();
});

describe('wall exports drawer: entries (spec 03 §2, §3, §5)', () => {
  it('lists one entry per tile with a camera; a camera without the export right is disabled', async () => {
    renderWallDrawer();
    expect(await screen.findByTestId('wall-exports-drawer')).toHaveAttribute('data-drawer', 'EXPORTS_VIDEO_WALL');
    expect(screen.getAllByTestId(/^wall-export-entry-\d/).map((item) => item.dataset.testid)).toEqual([
      'wall-export-entry-1',
      'wall-export-entry-3',
      'wall-export-entry-4',
    ]);
    expect(within(entry(1)).getByText('Tile 1 · Lobby')).toBeInTheDocument();
    expect(within(entry(1)).getByText('Lobby - tile 1')).toBeInTheDocument();
    expect(within(entry(4)).getByText('Insufficient permissions')).toBeInTheDocument();
    expect(within(entry(4)).getByRole('checkbox', { name: 'Select Tile 4 · Vault' })).toBeDisabled();
    expect(within(entry(4)).getByRole('checkbox', { name: 'Select Tile 4 · Vault' })).not.toBeChecked();
    expect(selectedCount()).toHaveTextContent('2 of 2 selected');
    expect(exportAll()).toBeEnabled();
  });

  it('same time range on: one range for all; off: each entry its own range picker', async () => {
    const { user } = renderWallDrawer();
    await screen.findByTestId('wall-exports-drawer');
    expect(within(drawer()).getAllByTestId('time-range-start')).toHaveLength(1);
    expect(within(drawer()).getByTestId('time-range-start')).toHaveTextContent('Mar 6, 2025, 11:50:00');

    await user.click(within(drawer()).getByRole('switch', { name: 'Same time range for all cameras' }));
    expect(within(drawer()).queryByTestId('time-range-start')).not.toBeInTheDocument();
    const dockEntry = await openEntry(user, 3);
    const dockStart = within(dockEntry).getByTestId('time-range-start');
    expect(dockStart).toHaveTextContent('Mar 6, 2025, 11:50:00');
    await typeTime(user, dockStart, '1 hour ago');
    expect(dockStart).toHaveTextContent('Mar 6, 2025, 11:00:00');
    const lobbyEntry = await openEntry(user, 1);
    expect(within(lobbyEntry).getByTestId('time-range-start')).toHaveTextContent('Mar 6, 2025, 11:50:00');

    await user.click(exportAll());
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted.map(({ body }) => [body.filename, body.t0, body.t1])).toEqual([
      ['Lobby - tile 1', TEN_MINUTES.t0, TEN_MINUTES.t1],
      ['Dock - tile 3', NOW_MS / 1000 - 3600, TEN_MINUTES.t1],
    ]);
  });

  it('an invalid filename shows the rule, puts the input in error and disables Export all', async () => {
    const { user } = renderWallDrawer();
    await screen.findByTestId('wall-exports-drawer');
    const item = await openEntry(user, 3);
    const filename = within(item).getByRole('textbox', { name: 'Filename' });
    expect(filename).toHaveAttribute('placeholder', 'Dock - tile 3');
    await user.type(filename, 'dock/1');
    expect(within(item).getByText(RULE)).toBeInTheDocument();
    expect(within(item).getByText('Invalid filename')).toBeInTheDocument();
    expect(filename).toHaveAttribute('aria-invalid', 'true');
    expect(exportAll()).toBeDisabled();
    await user.clear(filename);
    await user.type(filename, 'Dock east');
    expect(within(item).queryByText(RULE)).not.toBeInTheDocument();
    expect(exportAll()).toBeEnabled();
    await user.click(exportAll());
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted.map(({ body }) => body.filename)).toEqual(['Lobby - tile 1', 'Dock east']);
  });

  it('select all, clear, remove and add camera', async () => {
    const { user } = renderWallDrawer();
    await screen.findByTestId('wall-exports-drawer');
    await user.click(within(drawer()).getByRole('button', { name: 'Clear' }));
    expect(selectedCount()).toHaveTextContent('0 of 2 selected');
    expect(within(entry(1)).getByRole('checkbox', { name: 'Select Tile 1 · Lobby' })).not.toBeChecked();
    expect(exportAll()).toBeDisabled();
    await user.click(within(drawer()).getByRole('button', { name: 'Select all' }));
    expect(selectedCount()).toHaveTextContent('2 of 2 selected');
    await user.click(within(entry(1)).getByRole('checkbox', { name: 'Select Tile 1 · Lobby' }));
    expect(selectedCount()).toHaveTextContent('1 of 2 selected');

    const addCamera = within(drawer()).getByRole('button', { name: 'Add camera' });
    expect(addCamera).toBeDisabled();
    await user.click(within(entry(3)).getByRole('button', { name: 'Remove Tile 3 · Dock' }));
    expect(screen.queryByTestId('wall-export-entry-3')).not.toBeInTheDocument();
    expect(selectedCount()).toHaveTextContent('0 of 1 selected');
    await user.click(addCamera);
    await user.click(await screen.findByRole('menuitem', { name: 'Tile 3 · Dock' }));
    expect(within(entry(3)).getByRole('checkbox', { name: 'Select Tile 3 · Dock' })).toBeChecked();
    expect(addCamera).toBeDisabled();
  });
});

describe('wall exports drawer: export all (spec 03 §5, §7, §8)', () => {
  it("posts each selected entry to its camera's network (t0/t1, scheduledForTs), with progress, notice", async () => {
    let release: () => void = () => undefined;
    const gate = () => new Promise<void>((resolve) => (release = resolve));
    server.use(exportPostHandler(posted, {}, gate));
    const { user } = renderWallDrawer();
    await screen.findByTestId('wall-exports-drawer');
    await user.click(exportAll());

    expect(await screen.findByText('Creating exports: 0 of 2')).toBeInTheDocument();
    expect(within(entry(1)).getByText('Creating the export…')).toBeInTheDocument();
    await waitFor(() => expect(posted).toHaveLength(1));
    release();
    expect(await screen.findByText('Creating exports: 1 of 2')).toBeInTheDocument();
    await waitFor(() => expect(posted).toHaveLength(2));
    release();

    expect(await screen.findByText('2 exports created')).toBeInTheDocument();
    expect(posted).toEqual([
      { networkId: 5, body: { video_channel_id: 10010, ...NOW_TEN_MINUTES, filename: 'Lobby - tile 1' } },
      { networkId: 6, body: { video_channel_id: 10020, ...NOW_TEN_MINUTES, filename: 'Dock - tile 3' } },
    ]);
    // One job in each network: a link to each network's job.
    const link = (name: string) => screen.getByRole('link', { name });
    expect(link('View the exports of Warehouse')).toHaveAttribute('href', `/n/5/exports/101`);
    expect(link('View the exports of Head Office')).toHaveAttribute('href', `/n/6/exports/102`);
    expect(screen.queryByTestId('export-all-progress')).not.toBeInTheDocument();
    // Done entries are no longer selected: nothing left to export.
    expect(within(entry(1)).getByText('Export created')).toBeInTheDocument();
    expect(selectedCount()).toHaveTextContent('0 of 2 selected');
    expect(exportAll()).toBeDisabled();
    await user.click(screen.getByRole('link', { name: 'View the exports of Head Office' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/n/6/exports/102');
  });

  it("keeps a refused entry selected with the server's message, says so, and exports it again", async () => {
    server.use(exportPostHandler(posted, { 10020: 'No recorded video in this range' }));
    const show = vi.spyOn(notifications, 'show');
    const { user } = renderWallDrawer();
    await screen.findByTestId('wall-exports-drawer');
    await user.click(exportAll());

    const error = await within(entry(3)).findByTestId('wall-export-entry-error');
    expect(error).toHaveTextContent('No recorded video in this range');
    expect(within(entry(3)).getByRole('checkbox', { name: 'Select Tile 3 · Dock' })).toBeChecked();
    expect(within(entry(1)).getByText('Export created')).toBeInTheDocument();
    expect(selectedCount()).toHaveTextContent('1 of 2 selected');
    // The spec's 'create-failure' notice of this path (03 §8): a description, the first server error, the camera and
    // the time range, for 15 s.
    expect(await screen.findByText('Export not created')).toBeInTheDocument();
    const failure = screen.getByTestId('export-create-failure');
    expect(failure).toHaveTextContent('1 of 2 exports could not be created.');
    expect(failure).toHaveTextContent('No recorded video in this range');
    expect(failure).toHaveTextContent(/Dock · .+ – .+/);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Export not created', autoClose: 15_000 }));
    expect(screen.getByText('Export created', { selector: '.mantine-Notification-title' })).toBeInTheDocument();
    const jobLink = screen.getByRole('link', { name: 'View it on the exports page' });
    expect(jobLink).toHaveAttribute('href', `/n/${NETWORK_ID}/exports/101`);

    // Retried: only the refused entry goes again.
    server.use(exportPostHandler(posted));
    await user.click(exportAll());
    await waitFor(() => expect(posted).toHaveLength(3));
    expect(posted[2]).toMatchObject({ networkId: 6, body: { video_channel_id: 10020 } });
    expect(await within(entry(3)).findByText('Export created')).toBeInTheDocument();
  });
});

describe('wall exports drawer: recent exports (spec 03 §2)', () => {
  it("lists the page network's recent exports and opens one's details", async () => {
    jobs = [makeJob(1, { filename: 'Morning.mp4' }), makeJob(2, { camera_name: 'Dock', video_channel_id: 10020 })];
    const { user } = renderWallDrawer();
    await screen.findByTestId('recent-export-2');
    const list = requests.filter((line) => line.includes('/dashboard/job_data'));
    expect(list[0]).toContain(`/n/${NETWORK_ID}/manage/dashboard/job_data?offset=0&limit=25&count_jobs=true`);
    expect(screen.getByTestId('recent-exports-footer')).toHaveTextContent('All 2 exports loaded');
    await user.click(screen.getByTestId('recent-export-1'));
    const detail = await screen.findByTestId('camera-export-detail');
    expect(within(detail).getByRole('heading', { name: 'Morning.mp4' })).toBeInTheDocument();
    expect(screen.getByTestId('wall-export-form')).not.toBeVisible();
    await user.click(within(detail).getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('wall-export-form')).toBeVisible();
  });

  it('says so when the network has none', async () => {
    renderWallDrawer();
    expect(await screen.findByText('No exports on this network yet')).toBeInTheDocument();
  });
});
