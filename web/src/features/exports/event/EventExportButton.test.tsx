import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Camera } from '../../../api/types';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { apiErrors, apiPath, json, server } from '../../../test/server';
import { makeCamera } from '../../cameras/test/fixtures';
import { freezeDate } from '../test/renderExportsPage';
import { activeJob, exportsState, NETWORK_ID, NOW_MS } from '../test/exportFixtures';
import { EventExportButton } from './EventExportButton';

/** A camera of another network than the page's: its export goes to its own network. */
const OTHER_NETWORK_ID = 7;
const yard = makeCamera(1003, { name: 'Yard', network_id: OTHER_NETWORK_ID, channel: { id: 51003, snapshot_url: null } });
/** An event of 6.5 s starting 0.4 s into a second. */
const START_S = NOW_MS / 1000 - 120.6;
const END_S = START_S + 6.5;
const exportPath = apiPath('/n/:networkId/manage/video/export');

interface Posted {
  path: string;
  body: unknown;
}

function serveExport(answer: () => Response | Promise<Response> = () => json(activeJob(77, 'queued'), 201)) {
  const posted: Posted[] = [];
  server.use(
    http.post(exportPath, async ({ request }) => {
      posted.push({ path: new URL(request.url).pathname, body: await request.json() });
      return answer();
    }),
  );
  return posted;
}

function renderButton(camera: Camera = yard) {
  return renderWithProviders(<EventExportButton camera={camera} startS={START_S} endS={END_S} />, {
    route: `/n/${NETWORK_ID}/events`,
    path: '/n/:networkId/events',
    preloadedState: exportsState(),
  });
}

beforeEach(() => freezeDate());
afterEach(() => {
  vi.useRealTimers();
  notifications.clean();
});

describe("an event's 'Export' (spec 03 §2, §7, §8)", () => {
  it("posts the event's range on the camera's network and links the notice to the job", async () => {
    const posted = serveExport();
    const show = vi.spyOn(notifications, 'show');
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Export' }));

    const link = await screen.findByRole('link', { name: 'View it on the exports page' });
    expect(posted).toEqual([
      {
        path: `/n1/n/${OTHER_NETWORK_ID}/manage/video/export`,
        body: { video_channel_id: 51003, t0: Math.floor(START_S), t1: Math.ceil(END_S), scheduledForTs: NOW_MS },
      },
    ]);
    expect(screen.getByText('Export created')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: 15_000 }));
    expect(link).toHaveAttribute('href', `/n/${OTHER_NETWORK_ID}/exports/77`);
    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent(`/n/${OTHER_NETWORK_ID}/exports/77`);
  });

  it('loads while the job is being created and sends it once however often it is clicked', async () => {
    let answer: (response: Response) => void = () => undefined;
    const posted = serveExport(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderButton();
    const button = screen.getByRole('button', { name: 'Export' });
    await user.click(button);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('data-loading', 'true');
    await user.click(button);

    answer(json(activeJob(78, 'queued'), 201));
    await screen.findByRole('link', { name: 'View it on the exports page' });
    expect(posted).toHaveLength(1);
    expect(button).toBeEnabled();
  });

  it("shows 'Export job error', 'There was a problem creating the export.' and the server's message for 30 s", async () => {
    serveExport(() => apiErrors(['No recorded video in this range']));
    const show = vi.spyOn(notifications, 'show');
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Export job error')).toBeInTheDocument();
    expect(screen.getByText('There was a problem creating the export. No recorded video in this range')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Export job error', autoClose: 30_000 }));
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it("is disabled with 'Insufficient permissions' without the camera's export right", async () => {
    const posted = serveExport();
    const camera = makeCamera(1003, { permissions: { write: false, export: false, historical: true, live: true } });
    const { user } = renderButton(camera);
    const button = screen.getByRole('button', { name: 'Export' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    await user.hover(button);
    expect(await screen.findByText('Insufficient permissions')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it('is allowed when the camera carries no permission data', async () => {
    const posted = serveExport();
    const { user } = renderButton({ ...yard, permissions: undefined } as unknown as Camera);
    const button = screen.getByRole('button', { name: 'Export' });
    expect(button).not.toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    await waitFor(() => expect(posted).toHaveLength(1));
  });
});
