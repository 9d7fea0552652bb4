import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { viewerUser } from '../../../test/fixtures';
import { accessState, doorsServer, eventsServer, makeEvent } from '../../access-control/test/accessFixtures';
import { bookmarksState, listServer, makeBookmark, NOW_MS } from '../../bookmarks/test/bookmarkFixtures';
import { DEFAULT_PREFERENCES } from '../../preferences';
import { server } from '../../../test/server';
import { fakeBootPreviewLayer } from '../../viewer/bootPreview/testLayer';
import { lastViewedCameraKey } from '../constants';
import { camerasHandler, makeCamera, NETWORK_ID, USER_ID } from '../test/fixtures';
import { useLayoutSize } from '../test/layoutSize';
import { renderCameraArea } from '../test/renderCameraArea';
import { SECONDARY_UI_DELAY_MS } from '../../viewer/constants';
import { useViewerTestKit, viewerHandlers } from '../../viewer/test/viewerTestKit';

vi.mock('hls.js', async () => (await import('../../viewer/test/fakeHls')).hlsModule);

const lobby = makeCamera(2, {
  name: 'Lobby',
  model: 'MV32',
  tags: ['front', 'entrance'],
  channel: { id: 20, snapshot_url: '/snap/2.jpg' },
});
const yard = makeCamera(3, { name: 'Yard', status: 'offline' });


/** The timeline's marks wait until the video has started (CameraViewer's useStartSettled): its first frame, then 2 s. */
const SETTLED_WAIT_MS = SECONDARY_UI_DELAY_MS + 8000;
/** Says the page's video plays (again, until the player listens), then finds the mark. */
function findMarkOnceStarted(page: HTMLElement, name: RegExp): Promise<HTMLElement> {
  return waitFor(
    () => {
      act(() => {
        for (const video of page.querySelectorAll('video')) video.dispatchEvent(new Event('playing'));
      });
      return within(page).getByRole('button', { name });
    },
    { timeout: SETTLED_WAIT_MS, interval: 250 },
  );
}

describe('camera page', () => {
  useLayoutSize();
  useViewerTestKit();

  it("says 'Camera not found' for an id missing from the list", async () => {
    server.use(camerasHandler([lobby]));
    renderCameraArea(`/n/${NETWORK_ID}/cameras/404`);
    expect(await screen.findByText('Camera not found')).toBeInTheDocument();
    expect(window.localStorage.getItem(lastViewedCameraKey(USER_ID, NETWORK_ID))).toBeNull();
  });

  it('takes a boot preview away once the camera turns out not to be in the list, not while the list loads', async () => {
    const layer = fakeBootPreviewLayer();
    try {
      server.use(camerasHandler([lobby]));
      renderCameraArea(`/n/${NETWORK_ID}/cameras/404`);
      expect(layer.released()).toBe(0);
      expect(await screen.findByText('Camera not found')).toBeInTheDocument();
      expect(layer.released()).toBe(1);
    } finally {
      layer.element.remove();
    }
  });

  it('shows the header, tags and the viewer with the snapshot as poster, and remembers the camera', async () => {
    server.use(camerasHandler([lobby, yard]), ...viewerHandlers());
    const { user } = renderCameraArea(`/n/${NETWORK_ID}/cameras/2`);
    const page = await screen.findByTestId('camera-page');
    expect(within(page).getByRole('heading', { name: 'Lobby' })).toBeInTheDocument();
    expect(within(page).getByText('Model: MV32')).toBeInTheDocument();
    expect(within(page).getByText('Online')).toBeInTheDocument();
    expect(within(page).getByTestId('camera-video')).toHaveAttribute('poster', '/snap/2.jpg');
    expect(within(page).getByTestId('timeline')).toBeInTheDocument();
    expect(window.localStorage.getItem(lastViewedCameraKey(USER_ID, NETWORK_ID))).toBe('2');

    await user.click(within(page).getByRole('button', { name: 'Tags (2)' }));
    expect(await screen.findByText('entrance')).toBeInTheDocument();
  });

  it("shows 'Offline' in the video area of an offline camera", async () => {
    server.use(camerasHandler([lobby, yard]), ...viewerHandlers());
    renderCameraArea(`/n/${NETWORK_ID}/cameras/3`);
    const page = await screen.findByTestId('camera-page');
    expect(within(page).getByTestId('video-status')).toHaveTextContent(/^Offline$/);
    // The header badge, the video area and the control bar (in place of pause and Live).
    expect(within(page).getAllByText('Offline')).toHaveLength(3);
  });

  it("reads 'Online'/'Offline' as the spec writes them and says why a camera is offline, since when", async () => {
    const down = makeCamera(4, {
      name: 'Dock',
      status: 'offline',
      offline_reason: 'connection_refused',
      offline_since_ms: Date.now() - 60_000,
    });
    server.use(camerasHandler([lobby, down]), ...viewerHandlers());
    renderCameraArea(`/n/${NETWORK_ID}/cameras/4`);
    const page = await screen.findByTestId('camera-page');
    const badge = within(page).getByTestId('camera-status');
    expect(badge).toHaveTextContent(/^Offline$/);
    expect(badge).toHaveStyle({ textTransform: 'none' });
    expect(within(page).getByTestId('camera-offline-reason')).toHaveTextContent(/^Connection refused since \d{1,2}:\d{2}( [AP]M)?$/);
  });

  it("shows 'Storage full' to administrators only", async () => {
    const full = makeCamera(6, { name: 'Gate', recording_problem: 'storage_full' });
    server.use(camerasHandler([full]), ...viewerHandlers());
    const admin = renderCameraArea(`/n/${NETWORK_ID}/cameras/6`);
    expect(within(await screen.findByTestId('camera-page')).getByText('Storage full')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: 'Gate' })).getByText('Storage full')).toBeInTheDocument();
    admin.unmount();

    renderCameraArea(`/n/${NETWORK_ID}/cameras/6`, { user: viewerUser });
    await screen.findByTestId('camera-page');
    expect(screen.queryByText('Storage full')).not.toBeInTheDocument();
  });

  it("hides an empty 'Model:' line", async () => {
    server.use(camerasHandler([makeCamera(7, { name: 'Added', model: '' })]), ...viewerHandlers());
    renderCameraArea(`/n/${NETWORK_ID}/cameras/7`);
    const page = await screen.findByTestId('camera-page');
    expect(within(page).queryByText(/^Model:/)).not.toBeInTheDocument();
  });

  it('copies the page address on Share and confirms with a toast', async () => {
    server.use(camerasHandler([lobby]), ...viewerHandlers());
    const { user } = renderCameraArea(`/n/${NETWORK_ID}/cameras/2`);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(window.location.href);
  });

  describe("with the flag has_camera_investigation, 'Clip bookmark'", () => {
    afterEach(() => vi.useRealTimers());
    const state = (flag: boolean) => ({ ...bookmarksState({ flag }), preferences: { ...DEFAULT_PREFERENCES, showFloorPlan: false } });

    it('opens the drawer around the recorded time shown, and the timeline marks the bookmarks there', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS });
      const shownMs = NOW_MS - 3_600_000; // 11:00 AM in Los Angeles
      const queries = listServer(() => [makeBookmark(1, shownMs, { serial: lobby.serial, description: 'Forklift' })]);
      server.use(camerasHandler([lobby]), ...viewerHandlers());
      const { user } = renderCameraArea(`/n/${NETWORK_ID}/cameras/2?ts=${shownMs / 1000}`, { preloadedState: state(true) });
      const page = await screen.findByTestId('camera-page');
      await user.click(await within(page).findByRole('button', { name: 'Clip bookmark' }));
      // The drawer is a lazy chunk: on a loaded machine its first import takes seconds.
      const start = await screen.findByRole('button', { name: /^Start time/ }, { timeout: 15_000 });
      expect(start).toHaveTextContent('Mar 6, 2025, 10:55:00 AM');
      expect(screen.getByRole('button', { name: /^End time/ })).toHaveTextContent('Mar 6, 2025, 11:05:00 AM');

      // Once the video plays (which moves the time shown), the timeline marks the bookmark.
      expect(await findMarkOnceStarted(page, /^Bookmark: Forklift/)).toBeInTheDocument();
      expect(queries[0].get('serials')).toBe(lobby.serial);
    }, 40_000);

    it('is not offered without the flag', async () => {
      server.use(camerasHandler([lobby]), ...viewerHandlers());
      renderCameraArea(`/n/${NETWORK_ID}/cameras/2`, { preloadedState: state(false) });
      const page = await screen.findByTestId('camera-page');
      expect(within(page).getByRole('button', { name: 'Motion search' })).toBeInTheDocument();
      expect(within(page).queryByRole('button', { name: 'Clip bookmark' })).not.toBeInTheDocument();
    });
  });

  describe("with a door access-control integration, 'Access Control'", () => {
    afterEach(() => vi.useRealTimers());

    it('is offered for a camera with a mapped door and opens the drawer with its events', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS });
      const mappingQueries = doorsServer();
      eventsServer(() => [makeEvent('ev-1', NOW_MS - 20 * 60_000, { message: 'Badge accepted' })]);
      server.use(camerasHandler([lobby]), ...viewerHandlers());
      const { user } = renderCameraArea(`/n/${NETWORK_ID}/cameras/2`, { preloadedState: accessState() });
      const page = await screen.findByTestId('camera-page');
      const button = await within(page).findByRole('button', { name: 'Access Control' });
      // The door-event marks themselves: timeline/AccessEventMarks.test.tsx and E2E doors-search-feedback.spec.ts.
      expect(mappingQueries[0].get('serial')).toBe(lobby.serial);

      await user.click(button);
      expect(await screen.findByRole('dialog', { name: 'Access Control' })).toBeInTheDocument();
      expect(await screen.findByTestId('access-event-row')).toHaveTextContent('Badge accepted');
    });

    it('is not offered without an integration', async () => {
      server.use(camerasHandler([lobby]), ...viewerHandlers());
      renderCameraArea(`/n/${NETWORK_ID}/cameras/2`, { preloadedState: accessState() });
      const page = await screen.findByTestId('camera-page');
      expect(within(page).getByRole('button', { name: 'Motion search' })).toBeInTheDocument();
      expect(within(page).queryByRole('button', { name: 'Access Control' })).not.toBeInTheDocument();
      expect(within(page).queryByTestId('access-event-mark')).not.toBeInTheDocument();
    });
  });
});
