import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { lastViewedCameraKey } from '../constants';
import { camerasHandler, makeCamera, NETWORK_ID, USER_ID } from '../test/fixtures';
import { useLayoutSize } from '../test/layoutSize';
import { renderCameraArea } from '../test/renderCameraArea';

const lobby = makeCamera(2, {
  name: 'Lobby',
  model: 'MV32',
  tags: ['front', 'entrance'],
  channel: { id: 20, snapshot_url: '/snap/2.jpg' },
});
const yard = makeCamera(3, { name: 'Yard', status: 'offline' });

describe('camera page', () => {
  useLayoutSize();

  it("says 'Camera not found' for an id missing from the list", async () => {
    server.use(camerasHandler([lobby]));
    renderCameraArea(`/n/${NETWORK_ID}/cameras/404`);
    expect(await screen.findByText('Camera not found')).toBeInTheDocument();
    expect(window.localStorage.getItem(lastViewedCameraKey(USER_ID, NETWORK_ID))).toBeNull();
  });

  it('shows the header, tags and snapshot, and remembers the camera', async () => {
    server.use(camerasHandler([lobby, yard]));
    const { user } = renderCameraArea(`/n/${NETWORK_ID}/cameras/2`);
    const page = await screen.findByTestId('camera-page');
    expect(within(page).getByRole('heading', { name: 'Lobby' })).toBeInTheDocument();
    expect(within(page).getByText('Model: MV32')).toBeInTheDocument();
    expect(within(page).getByText('Online')).toBeInTheDocument();
    expect(within(page).getByRole('img', { name: 'Snapshot of Lobby' })).toHaveAttribute('src', '/snap/2.jpg');
    expect(window.localStorage.getItem(lastViewedCameraKey(USER_ID, NETWORK_ID))).toBe('2');

    await user.click(within(page).getByRole('button', { name: 'Tags (2)' }));
    expect(await screen.findByText('entrance')).toBeInTheDocument();
  });

  it("shows 'Video coming soon' without a snapshot", async () => {
    server.use(camerasHandler([lobby, yard]));
    renderCameraArea(`/n/${NETWORK_ID}/cameras/3`);
    const page = await screen.findByTestId('camera-page');
    expect(within(page).getByText('Video coming soon')).toBeInTheDocument();
    expect(within(page).getByText('Offline')).toBeInTheDocument();
  });

  it('copies the page address on Share and confirms with a toast', async () => {
    server.use(camerasHandler([lobby]));
    const { user } = renderCameraArea(`/n/${NETWORK_ID}/cameras/2`);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(window.location.href);
  });
});
