import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPath, json, server } from '../../../test/server';
import { NETWORK_ID } from '../../cameras/test/fixtures';
import { formatClock, formatDate } from '../../timeline';
import { FakeHls } from '../../viewer/test/fakeHls';
import { useViewerTestKit } from '../../viewer/test/viewerTestKit';
import { makeEvent, motionHandler } from '../test/motionFixtures';
import { dock, lobby, renderDrawer } from '../test/renderDrawer';

vi.mock('hls.js', async () => (await import('../../viewer/test/fakeHls')).hlsModule);

const ZONE = 'America/Los_Angeles';

async function searchAndOpen(index: number) {
  const now = Math.floor(Date.now() / 1000);
  // Newest first in the results: a (300 ms, shown as 1 s), b (65 s), c.
  const events = [
    makeEvent(now - 300, { duration_ms: 2000 }),
    makeEvent(now - 200, { duration_ms: 65_000 }),
    makeEvent(now - 100, { duration_ms: 300 }),
  ];
  server.use(motionHandler(events));
  const rendered = renderDrawer();
  await rendered.user.click(screen.getByRole('button', { name: 'Search' }));
  await screen.findByText('end of results');
  await rendered.user.click(screen.getAllByTestId('motion-thumbnail')[index]);
  const recap = await screen.findByTestId('motion-recap');
  return { ...rendered, events, recap, newestFirst: [...events].reverse() };
}

function shownTime(recap: HTMLElement) {
  return within(within(recap).getByTestId('motion-recap-details')).getAllByText(/./).map((node) => node.textContent);
}

describe('recap modal', () => {
  useViewerTestKit();
  afterEach(() => notifications.clean());

  it('shows camera, date, time and duration (at least 1 s) and steps with the buttons and the arrow keys', async () => {
    const { recap, newestFirst, user } = await searchAndOpen(0);
    expect(screen.getByRole('dialog', { name: 'Lobby' })).toBeInTheDocument();
    const first = newestFirst[0].ts * 1000;
    expect(shownTime(recap)).toEqual(['Date', formatDate(first, ZONE), 'Time', formatClock(first, ZONE, 24), 'Duration', '1 s']);
    expect(within(recap).getByRole('button', { name: 'Previous' })).toBeDisabled();

    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(shownTime(recap)).toContain('1 min 5 s');
    await user.click(within(recap).getByRole('button', { name: 'Next' }));
    expect(shownTime(recap)).toContain('2 s');
    expect(within(recap).getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(shownTime(recap)).toContain('2 s');

    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(shownTime(recap)).toContain('1 s');
    expect(recap.querySelector('img')).toHaveAttribute('src', newestFirst[0].img_url[0]);
  });

  it('keeps the arrow keys from the page player while open', async () => {
    await searchAndOpen(1);
    const windowListener = vi.fn((event: KeyboardEvent) => event.defaultPrevented);
    window.addEventListener('keydown', windowListener);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    window.removeEventListener('keydown', windowListener);
    expect(windowListener).toHaveReturnedWith(true);
  });

  it('downloads the image and plays the clip of the event range', async () => {
    const { recap, newestFirst, user } = await searchAndOpen(1);
    const event = newestFirst[1];
    const download = within(recap).getByRole('link', { name: 'Download image' });
    expect(download).toHaveAttribute('href', event.img_url[0]);
    expect(download.getAttribute('download')).toMatch(/^Motion - Lobby - \d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}\.jpg$/);

    await user.click(within(recap).getByRole('button', { name: 'Play clip' }));
    expect(within(recap).getByTestId('motion-clip-video')).toBeInTheDocument();
    await vi.waitFor(() => expect(FakeHls.instances.length).toBeGreaterThan(0));
    const url = new URL(FakeHls.latest().url ?? '', 'http://x');
    expect(url.pathname).toBe('/n1/cameras/1001/history/main/index.m3u8');
    expect(Number(url.searchParams.get('start_ms'))).toBe(event.ts * 1000);
    expect(Number(url.searchParams.get('end_ms'))).toBe(event.end_ts * 1000);
    await user.click(within(recap).getByRole('button', { name: 'Show image' }));
    expect(within(recap).queryByTestId('motion-clip-video')).not.toBeInTheDocument();
  });

  it("exports the event's range on the camera and links the notice to the job", async () => {
    const posted: unknown[] = [];
    server.use(
      http.post(apiPath(`/n/${NETWORK_ID}/manage/video/export`), async ({ request }) => {
        posted.push(await request.json());
        return json({ id: 88 }, 201);
      }),
    );
    const { recap, newestFirst, user } = await searchAndOpen(1);
    const event = newestFirst[1];
    await user.click(within(recap).getByRole('button', { name: 'Export' }));
    const link = await screen.findByRole('link', { name: 'View it on the exports page' });
    expect(link).toHaveAttribute('href', `/n/${NETWORK_ID}/exports/88`);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ video_channel_id: 51001, t0: event.ts, t1: event.end_ts });
  });

  it('jumps to the video: the camera page at the event start (ts) with the drawer closed', async () => {
    const { recap, newestFirst, user, onClose } = await searchAndOpen(2);
    await user.click(within(recap).getByRole('button', { name: 'Jump to video' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/n/${NETWORK_ID}/cameras/1001?ts=${newestFirst[2].ts}`);
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByTestId('motion-recap')).not.toBeInTheDocument();
  });
});

describe('open in event search', () => {
  it('links to the event search with the cameras, dates and times of the search range', async () => {
    const { user } = renderDrawer([lobby, dock]);
    await user.click(screen.getByRole('button', { name: 'Last 3 days' }));
    // The fields read 'YYYY-MM-DD HH:mm' (24-hour mode) in the network's zone.
    const start = screen.getByRole('button', { name: 'Start' }).textContent ?? '';
    const end = screen.getByRole('button', { name: 'End' }).textContent ?? '';
    const link = screen.getByRole('link', { name: 'Open in event search' });
    expect(link).toHaveAttribute(
      'href',
      `/n/${NETWORK_ID}/events?cameras=1001,1002&from=${start.slice(0, 10)}&to=${end.slice(0, 10)}` +
        `&start=${start.slice(11, 16)}&end=${end.slice(11, 16)}`,
    );
    expect(start.slice(0, 10)).not.toBe(end.slice(0, 10));
  });
});
