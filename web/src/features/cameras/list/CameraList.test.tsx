import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import { camerasErrorHandler, camerasHandler, makeCamera, NETWORK_ID } from '../test/fixtures';
import { useLayoutSize } from '../test/layoutSize';
import { renderCameraArea } from '../test/renderCameraArea';

const cameras = [
  makeCamera(1, { name: 'Zulu yard', status: 'offline', tags: ['outside'] }),
  makeCamera(2, {
    name: 'Lobby',
    status: 'active',
    product_short_description: 'Fisheye dome',
    tags: ['front', 'Entrance'],
  }),
  makeCamera(3, { name: '', mac: '00:18:0a:00:00:aa', status: 'alerting' }),
  makeCamera(4, { name: 'Back door', status: 'active', notes: 'Replaced lens in May', model: 'MV72' }),
];

async function listItemNames() {
  const list = await screen.findByRole('list', { name: 'Cameras' });
  return within(list)
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label'));
}

describe('camera side panel list', () => {
  useLayoutSize();

  it('lists up cameras first, then by name or MAC, and highlights the current one', async () => {
    server.use(camerasHandler(cameras));
    renderCameraArea(`/n/${NETWORK_ID}/cameras/2`);
    expect(await listItemNames()).toEqual(['00:18:0a:00:00:aa', 'Back door', 'Lobby', 'Zulu yard']);
    expect(screen.getByRole('link', { name: 'Lobby' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Back door' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Lobby' })).toHaveAttribute('href', `/n/${NETWORK_ID}/cameras/2`);
  });

  it('keeps a forced live transport (?transport=) on the links to the other cameras', async () => {
    server.use(camerasHandler(cameras));
    renderCameraArea(`/n/${NETWORK_ID}/cameras/2?transport=hls`);
    expect(await screen.findByRole('link', { name: 'Back door' })).toHaveAttribute(
      'href',
      `/n/${NETWORK_ID}/cameras/4?transport=hls`,
    );
  });

  it('pressing a camera starts its live video before the click lands (frames prewarm)', async () => {
    const { FakeWebSocket, installFakeWebSocket } = await import('../../viewer/test/fakeWebSocket');
    const { FakeVideoDecoder, FakeTrackGenerator } = await import('../../viewer/test/fakeWebCodecs');
    installFakeWebSocket();
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('VideoDecoder', FakeVideoDecoder);
    vi.stubGlobal('MediaStreamTrackGenerator', FakeTrackGenerator);
    try {
      const live = { snapshot_url: null, livestream_playlist_filename: 'index.m3u8', cloud_proxy_livestream_path: '/n1/cameras/4/live/main/' };
      const streaming = cameras.map((camera) => (camera.id === 4 ? { ...camera, channel: { ...camera.channel, ...live } } : camera));
      server.use(camerasHandler(streaming));
      renderCameraArea(`/n/${NETWORK_ID}/cameras/1`);
      fireEvent.pointerDown(await screen.findByRole('link', { name: 'Back door' }));
      expect(FakeWebSocket.instances.map((socket) => new URL(socket.url).pathname)).toContain('/n1/cameras/4/live/main/frames');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('searches by name, product description and tag', async () => {
    server.use(camerasHandler(cameras));
    const { user } = renderCameraArea(`/n/${NETWORK_ID}/cameras/2`);
    const search = await screen.findByRole('searchbox', { name: 'Camera search' });
    expect(search).toHaveAttribute('placeholder', 'Cameras and tags');

    await user.type(search, 'zulu');
    expect(await listItemNames()).toEqual(['Zulu yard']);
    await user.clear(search);
    await user.type(search, 'FISHEYE');
    expect(await listItemNames()).toEqual(['Lobby']);
    await user.clear(search);
    await user.type(search, 'entr');
    expect(await listItemNames()).toEqual(['Lobby']);
    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(await screen.findByText('No cameras found')).toBeInTheDocument();
  });

  it("says 'No cameras found' for an empty network", async () => {
    server.use(camerasHandler([]));
    renderCameraArea();
    expect(await screen.findByText('No cameras found')).toBeInTheDocument();
  });

  it("says 'List failed to load' when the list fails", async () => {
    server.use(camerasErrorHandler());
    renderCameraArea(`/n/${NETWORK_ID}/cameras/2`);
    expect(await screen.findByText('List failed to load')).toBeInTheDocument();
  });

  it('shows tags, model, status and notes in the hover card', async () => {
    server.use(camerasHandler(cameras));
    const { user } = renderCameraArea(`/n/${NETWORK_ID}/cameras/2`);
    await user.hover(await screen.findByRole('link', { name: 'Back door' }));
    const card = await screen.findByTestId('camera-hover-card-4');
    expect(within(card).getByText('No tags')).toBeInTheDocument();
    expect(within(card).getByText('Model: MV72')).toBeInTheDocument();
    expect(within(card).getByText('Online')).toBeInTheDocument();
    expect(within(card).getByText('Notes: Replaced lens in May')).toBeInTheDocument();

    await user.hover(screen.getByRole('link', { name: 'Zulu yard' }));
    const offlineCard = await screen.findByTestId('camera-hover-card-1');
    expect(within(offlineCard).getByText('outside')).toBeInTheDocument();
    expect(within(offlineCard).getByText('Offline')).toBeInTheDocument();
  });

  it("says why a camera is offline in the hover card and hides an empty 'Model:' line", async () => {
    const added = makeCamera(8, { name: 'Added', model: '', status: 'offline', offline_reason: 'authentication_failed' });
    server.use(camerasHandler([...cameras, added]));
    const { user } = renderCameraArea(`/n/${NETWORK_ID}/cameras/2`);
    await user.hover(await screen.findByRole('link', { name: 'Added' }));
    const card = await screen.findByTestId('camera-hover-card-8');
    expect(within(card).getByTestId('camera-status')).toHaveTextContent(/^Offline$/);
    expect(within(card).getByText('Authentication failed')).toBeInTheDocument();
    expect(within(card).queryByText(/^Model:/)).not.toBeInTheDocument();
  });

  it("marks offline thumbnails 'Offline' and falls back when an image fails", async () => {
    server.use(
      camerasHandler([
        makeCamera(1, { name: 'Dark', status: 'offline' }),
        makeCamera(2, { name: 'Lit', status: 'active', channel: { id: 20, snapshot_url: '/snap/2.jpg' } }),
      ]),
    );
    renderCameraArea(`/n/${NETWORK_ID}/cameras/2`);
    const dark = await screen.findByRole('link', { name: 'Dark' });
    expect(within(dark).getByText('Offline')).toBeInTheDocument();
    expect(within(dark).getByTestId('thumbnail-placeholder')).toBeInTheDocument();

    const lit = screen.getByRole('link', { name: 'Lit' });
    expect(within(lit).queryByText('Offline')).not.toBeInTheDocument();
    const image = lit.querySelector('img');
    expect(image).toHaveAttribute('src', '/snap/2.jpg');
    image?.dispatchEvent(new Event('error'));
    await waitFor(() => expect(within(lit).getByRole('img', { name: 'Snapshot unavailable' })).toBeInTheDocument());
  });
});
