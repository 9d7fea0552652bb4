import { screen } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPath, json, server } from '../../../test/server';
import { lastViewedCameraKey } from '../constants';
import { camerasErrorHandler, camerasHandler, makeCamera, NETWORK_ID, USER_ID } from '../test/fixtures';
import { useLayoutSize } from '../test/layoutSize';
import { renderCameraArea } from '../test/renderCameraArea';

// Ordered: Alpha (up), Bravo (up), Charlie (offline).
const cameras = [
  makeCamera(30, { name: 'Charlie', status: 'offline' }),
  makeCamera(20, { name: 'Bravo' }),
  makeCamera(10, { name: 'Alpha' }),
];

describe('camera index redirect', () => {
  useLayoutSize();

  it('goes to the last viewed camera of this user and network', async () => {
    window.localStorage.setItem(lastViewedCameraKey(USER_ID, NETWORK_ID), '30');
    server.use(camerasHandler(cameras));
    renderCameraArea();
    // The first camera page of the file pays for loading the page's modules: allow more than 1 s on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Charlie' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/n/${NETWORK_ID}/cameras/30`);
  });

  it('ignores a stale last viewed camera and goes to the first of the list', async () => {
    window.localStorage.setItem(lastViewedCameraKey(USER_ID, NETWORK_ID), '999');
    window.localStorage.setItem(lastViewedCameraKey(USER_ID, NETWORK_ID + 1), '30');
    server.use(camerasHandler(cameras));
    renderCameraArea();
    expect(await screen.findByRole('heading', { name: 'Alpha' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/n/${NETWORK_ID}/cameras/10`);
  });

  it("shows 'Loading cameras...' while the list loads", async () => {
    server.use(
      http.get(apiPath('/n/:networkId/manage/vision/cameras'), async () => {
        await delay('infinite');
        return json([]);
      }),
    );
    renderCameraArea();
    expect(await screen.findByText('Loading cameras...')).toBeInTheDocument();
  });

  it('shows the error texts when the list fails', async () => {
    server.use(camerasErrorHandler());
    renderCameraArea();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Please reload the page or try again later')).toBeInTheDocument();
  });

  it('shows nothing in the main area without cameras', async () => {
    server.use(camerasHandler([]));
    renderCameraArea();
    expect(await screen.findByText('No cameras found')).toBeInTheDocument();
    expect(screen.queryByText('Loading cameras...')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/n/${NETWORK_ID}/cameras$`));
  });
});
