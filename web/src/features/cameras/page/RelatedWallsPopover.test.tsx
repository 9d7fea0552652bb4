import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiErrors, apiPath, json, server } from '../../../test/server';
import type { VideoWall } from '../../walls';
import { camerasHandler, makeCamera, NETWORK_ID } from '../test/fixtures';
import { useLayoutSize } from '../test/layoutSize';
import { renderCameraArea } from '../test/renderCameraArea';

const lobby = makeCamera(2, { name: 'Lobby', channel: { id: 20, snapshot_url: null } });
const wallsPath = apiPath('/n/:networkId/manage/vision/walls');

function wall(id: number, name: string, channels: number[], cameraId = 2): VideoWall {
  return {
    id,
    name,
    network_id: NETWORK_ID,
    is_cross_network: false,
    tiles: channels.map((channel, index) => ({
      id: id * 10 + index,
      x: index * 7,
      y: 0,
      w: 7,
      h: 7,
      video_layout_id: id,
      video_channel_id: channel,
      imager_id: null,
      theta: null,
      phi: null,
      fov: null,
      camera: makeCamera(cameraId, { channel: { id: channel, snapshot_url: null } }),
    })),
  };
}

async function openRelatedWalls() {
  const rendered = renderCameraArea(`/n/${NETWORK_ID}/cameras/${lobby.id}`);
  await screen.findByTestId('camera-page');
  return rendered;
}

describe('related walls popover', () => {
  useLayoutSize();

  it('links every wall that shows the camera’s channel, and only those', async () => {
    const requested: string[] = [];
    server.use(
      camerasHandler([lobby]),
      http.get(wallsPath, ({ request }) => {
        requested.push(new URL(request.url).pathname);
        return json([wall(7003, 'Entrances', [20, 30]), wall(7001, '', [20]), wall(7002, 'Docks', [30, 40], 3)]);
      }),
    );
    const { user } = await openRelatedWalls();
    const button = await screen.findByRole('button', { name: 'Related walls (2)' });
    expect(requested).toEqual([`/n1/n/${NETWORK_ID}/manage/vision/walls`]);
    await user.click(button);
    const dropdown = await screen.findByTestId('related-walls');
    const links = within(dropdown).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Entrances', `/n/${NETWORK_ID}/video-walls/7003`],
      ['Untitled wall', `/n/${NETWORK_ID}/video-walls/7001`],
    ]);
    await user.click(links[0]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/n/${NETWORK_ID}/video-walls/7003`));
  });

  it('says so when the camera is on no wall', async () => {
    server.use(camerasHandler([lobby]), http.get(wallsPath, () => json([wall(7002, 'Docks', [30], 3)])));
    const { user } = await openRelatedWalls();
    await user.click(await screen.findByRole('button', { name: 'Related walls (0)' }));
    expect(await screen.findByText('This camera is not on any wall')).toBeInTheDocument();
    expect(within(screen.getByTestId('related-walls')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the loading state while the walls load', async () => {
    server.use(
      camerasHandler([lobby]),
      http.get(wallsPath, async () => {
        await delay('infinite');
        return json([]);
      }),
    );
    const { user } = await openRelatedWalls();
    await user.click(screen.getByRole('button', { name: 'Related walls' }));
    expect(await screen.findByText('Loading walls...')).toBeInTheDocument();
  });

  it('shows the error state with a retry that loads the walls again', async () => {
    let calls = 0;
    server.use(
      camerasHandler([lobby]),
      http.get(wallsPath, () => {
        calls += 1;
        return calls === 1 ? apiErrors(['Network not found'], 404) : json([wall(7001, 'Front of house', [20])]);
      }),
    );
    const { user } = await openRelatedWalls();
    await waitFor(() => expect(calls).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Related walls' }));
    expect(await screen.findByText('Walls failed to load')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Front of house' })).toHaveAttribute(
      'href',
      `/n/${NETWORK_ID}/video-walls/7001`,
    );
    expect(screen.getByRole('button', { name: 'Related walls (1)' })).toBeInTheDocument();
  });
});
