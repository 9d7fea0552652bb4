import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Camera } from '../../../api/types';
import { server } from '../../../test/server';
import { fakeBootPreviewLayer } from '../../viewer/bootPreview/testLayer';
import { lobbyCamera, useViewerTestKit, viewerHandlers } from '../../viewer/test/viewerTestKit';
import { camerasHandler, makeCamera, NETWORK_ID } from '../test/fixtures';
import { useLayoutSize } from '../test/layoutSize';
import { renderCameraArea } from '../test/renderCameraArea';

// jsdom has no media pipeline: the player only reports what each video asked for.
const played = vi.hoisted(() => ({ sources: [] as { url: string; muted: boolean }[] }));
vi.mock('../../viewer/player/VideoPlayer', () => ({
  VideoPlayer: (props: { source: { url: string }; muted: boolean }) => {
    played.sources.push({ url: props.source.url, muted: props.muted });
    return null;
  },
}));

/** An MV93 like the demo's 1008 'Parking Lot North': 4 imagers, imager 0 on the channel's paths. */
function multiImagerCamera(id: number, name: string, overrides: Partial<Camera> = {}): Camera {
  return makeCamera(id, {
    name,
    model: 'MV93',
    type: 'multi_imager',
    imager_count: 4,
    channel: {
      id: id * 10,
      snapshot_url: null,
      livestream_playlist_filename: 'index.m3u8',
      cloud_proxy_livestream_path: `/n1/cameras/${id}/live/main/`,
      local_lan_livestream_path: `/n1/cameras/${id}/live/sub/`,
    },
    ...overrides,
  });
}

const parkingNorth = multiImagerCamera(1008, 'Parking Lot North');
const gate = multiImagerCamera(1012, 'Gate Entrance', { status: 'offline' });
const UNAVAILABLE = 'Not available for multi-imager cameras';

async function openCamera(camera: Camera) {
  played.sources = [];
  server.use(camerasHandler([lobbyCamera, parkingNorth, gate]), ...viewerHandlers());
  const rendered = renderCameraArea(`/n/${NETWORK_ID}/cameras/${camera.id}`);
  const page = await screen.findByTestId('camera-page');
  return { ...rendered, page };
}

describe('camera page of a multi-imager camera', () => {
  useLayoutSize();
  useViewerTestKit();

  it('shows a 2x2 wall of its 4 imagers, each live on its sub-stream and muted, instead of the viewer', async () => {
    const { page } = await openCamera(parkingNorth);
    const view = await within(page).findByTestId('multi-imager-view', {}, { timeout: 5000 });
    expect(view).toHaveAccessibleName('Imagers of Parking Lot North');
    expect(within(page).queryByTestId('camera-viewer')).not.toBeInTheDocument();
    expect(within(page).getByRole('heading', { name: 'Parking Lot North' })).toBeInTheDocument();

    const tiles = within(view).getAllByTestId('wall-tile');
    expect(tiles.map((tile) => tile.dataset.imagerId)).toEqual(['0', '1', '2', '3']);
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual([
      'Tile: Imager 1',
      'Tile: Imager 2',
      'Tile: Imager 3',
      'Tile: Imager 4',
    ]);
    expect(tiles.map((tile) => tile.dataset.state)).toEqual(['live', 'live', 'live', 'live']);
    expect(tiles[3]).toHaveStyle({ gridColumn: '15 / span 14', gridRow: '15 / span 14' });
    const videos = within(view).getAllByTestId('wall-tile-video') as HTMLVideoElement[];
    expect(videos).toHaveLength(4);
    expect(videos.every((video) => video.muted)).toBe(true);
    expect(played.sources).toEqual(
      expect.arrayContaining([
        { url: '/n1/cameras/1008/live/sub/index.m3u8', muted: true },
        { url: '/n1/cameras/1008/live/sub-imager1/index.m3u8', muted: true },
        { url: '/n1/cameras/1008/live/sub-imager2/index.m3u8', muted: true },
        { url: '/n1/cameras/1008/live/sub-imager3/index.m3u8', muted: true },
      ]),
    );
    expect(played.sources.every((source) => source.muted)).toBe(true);
  });

  it('has sound, export and settings controls, disabled, saying why on hover and on keyboard focus', async () => {
    const { page, user } = await openCamera(parkingNorth);
    const controls = await within(page).findByTestId('multi-imager-controls', {}, { timeout: 5000 });
    const buttons = ['Sound on', 'Export', 'Settings'].map((name) => within(controls).getByRole('button', { name }));
    for (const button of buttons) expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(within(controls).getByText('4 imagers, muted')).toBeInTheDocument();
    expect(within(controls).getByText('Live')).toBeInTheDocument();

    const [sound, exportButton, settings] = buttons;
    await user.click(exportButton);
    expect(await screen.findByText(UNAVAILABLE)).toBeInTheDocument();
    await user.unhover(exportButton);
    await waitFor(() => expect(screen.queryByText(UNAVAILABLE)).not.toBeInTheDocument());

    act(() => settings.focus());
    expect(await screen.findByText(UNAVAILABLE)).toBeInTheDocument();
    act(() => sound.focus());
    expect(sound).toHaveFocus();
    // Clicking a disabled control changes nothing: still the wall, still muted.
    await user.click(sound);
    const videos = within(page).getAllByTestId('wall-tile-video') as HTMLVideoElement[];
    expect(videos.every((video) => video.muted)).toBe(true);
    // The header's other actions keep working.
    expect(within(page).getByRole('button', { name: 'Motion search' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('names an imager on hover (not as a link) and peeks it on its main stream from the keyboard', async () => {
    const { page, user } = await openCamera(parkingNorth);
    const view = await within(page).findByTestId('multi-imager-view', {}, { timeout: 5000 });
    const third = within(view).getAllByTestId('wall-tile')[2];
    fireEvent.pointerEnter(third);
    expect(await within(third).findByText('Imager 3')).toBeInTheDocument();
    expect(within(third).queryByRole('link')).not.toBeInTheDocument();

    act(() => third.focus());
    await user.keyboard('{Enter}');
    expect(third).toHaveAttribute('data-peeked', 'true');
    await waitFor(() =>
      expect(played.sources).toContainEqual({ url: '/n1/cameras/1008/live/main-imager2/index.m3u8', muted: true }),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(third).toHaveAttribute('data-peeked', 'false'));
  });

  it("shows an offline multi-imager camera's imagers as offline", async () => {
    const { page } = await openCamera(gate);
    const view = await within(page).findByTestId('multi-imager-view', {}, { timeout: 5000 });
    const tiles = within(view).getAllByTestId('wall-tile');
    expect(tiles.map((tile) => tile.dataset.state)).toEqual(['offline', 'offline', 'offline', 'offline']);
    expect(within(view).getAllByTestId('wall-tile-offline')).toHaveLength(4);
    expect(played.sources).toEqual([]);
    expect(within(view).queryByText('Live')).not.toBeInTheDocument();
  });

  it('takes the boot preview away: there is no single-camera viewer to hand it over to', async () => {
    const layer = fakeBootPreviewLayer();
    try {
      const { page } = await openCamera(parkingNorth);
      await within(page).findByTestId('multi-imager-view', {}, { timeout: 5000 });
      expect(layer.released()).toBe(1);
    } finally {
      layer.element.remove();
    }
  });

  it('still shows the single-camera view for an ordinary camera', async () => {
    const { page } = await openCamera(lobbyCamera);
    expect(await within(page).findByTestId('camera-viewer')).toBeInTheDocument();
    expect(within(page).queryByTestId('multi-imager-view')).not.toBeInTheDocument();
    expect(played.sources.map((source) => source.url)).toContain('/n1/cameras/2/live/main/index.m3u8');
  });
});
