import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import { lastViewedCameraKey } from '../constants';
import { camerasHandler, makeCamera, NETWORK_ID, USER_ID } from '../test/fixtures';
import { useLayoutSize } from '../test/layoutSize';
import { renderCameraArea } from '../test/renderCameraArea';
import { useViewerTestKit, viewerHandlers } from '../../viewer/test/viewerTestKit';

vi.mock('hls.js', async () => (await import('../../viewer/test/fakeHls')).hlsModule);

const lobby = makeCamera(2, {
  name: 'Lobby',
  model: 'MV32',
  tags: ['front', 'entrance'],
  channel: { id: 20, snapshot_url: '/snap/2.jpg' },
});
const yard = makeCamera(3, { name: 'Yard', status: 'offline' });

describe('camera page', () => {
  useLayoutSize();
  useViewerTestKit();

  it("says 'Camera not found' for an id missing from the list", async () => {
    server.use(camerasHandler([lobby]));
    renderCameraArea(`/n/${NETWORK_ID}/cameras/404`);
    expect(await screen.findByText('Camera not found')).toBeInTheDocument();
    expect(window.localStorage.getItem(lastViewedCameraKey(USER_ID, NETWORK_ID))).toBeNull();
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

  it("shows 'offline' in the video area of an offline camera", async () => {
    server.use(camerasHandler([lobby, yard]), ...viewerHandlers());
    renderCameraArea(`/n/${NETWORK_ID}/cameras/3`);
    const page = await screen.findByTestId('camera-page');
    expect(within(page).getByTestId('video-status')).toHaveTextContent('offline');
    expect(within(page).getByText('Offline')).toBeInTheDocument();
  });

  it('copies the page address on Share and confirms with a toast', async () => {
    server.use(camerasHandler([lobby]), ...viewerHandlers());
    const { user } = renderCameraArea(`/n/${NETWORK_ID}/cameras/2`);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(window.location.href);
  });
});
