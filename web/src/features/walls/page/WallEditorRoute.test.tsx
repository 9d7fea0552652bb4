import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, permissionsFor, viewerUser } from '../../../test/fixtures';
import { signedInState } from '../../../test/state';
import { camerasHandler } from '../../cameras/test/fixtures';
import { server } from '../../../test/server';
import { liveCamera, makeTile, makeWall, NETWORK_ID, wallsHandler } from '../test/wallFixtures';
import { renderWallArea } from '../test/renderWallArea';

vi.mock('../../viewer/player/VideoPlayer', () => ({ VideoPlayer: () => null }));

const lobby = liveCamera(1, 'Lobby');
const front = makeWall(7001, 'Front of house', [makeTile(lobby)]);
const writer = () => signedInState(adminUser, { [NETWORK_ID]: permissionsFor(NETWORK_ID, { write: true }) });
const location = () => screen.getByTestId('location');

describe('the wall editor routes', () => {
  it('offers Create wall and Edit wall to an administrator with the write right', async () => {
    server.use(wallsHandler([front]), camerasHandler([lobby]));
    renderWallArea(`/n/${NETWORK_ID}/video-walls/7001`, writer());
    expect(await screen.findByRole('link', { name: 'Edit wall' })).toHaveAttribute('href', `/n/${NETWORK_ID}/cameras/walls/7001?edit=true`);
    expect(screen.getByRole('link', { name: 'Create wall' })).toHaveAttribute('href', `/n/${NETWORK_ID}/cameras/walls/new?edit=true`);
  });

  it('shows neither to a user who may not edit walls, and edit=true shows the wall itself', async () => {
    server.use(wallsHandler([front]), camerasHandler([lobby]));
    renderWallArea(`/n/${NETWORK_ID}/cameras/walls/7001?edit=true`, signedInState(viewerUser));
    expect(await screen.findByRole('heading', { name: 'Front of house' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit wall' })).not.toBeInTheDocument();
    expect(screen.queryByText('configure cameras')).not.toBeInTheDocument();
  });

  it('opens the editor of a new wall on the camera picker', async () => {
    server.use(wallsHandler([front]), camerasHandler([lobby]));
    renderWallArea(`/n/${NETWORK_ID}/cameras/walls/new?edit=true`, writer());
    expect(await screen.findByPlaceholderText('Search names and tags')).toBeInTheDocument();
  });

  it('cancelling an edit removes the flag and shows the wall', async () => {
    server.use(wallsHandler([front]), camerasHandler([lobby]));
    const { user } = renderWallArea(`/n/${NETWORK_ID}/cameras/walls/7001?edit=true`, writer());
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(location()).toHaveTextContent(`/n/${NETWORK_ID}/cameras/walls/7001`);
    expect(location()).not.toHaveTextContent('edit=true');
    expect(await screen.findByRole('heading', { name: 'Front of house' })).toBeInTheDocument();
  });

  it('goes up two levels when the editor flag is off', async () => {
    server.use(wallsHandler([front]), camerasHandler([lobby]));
    const state = writer();
    state.auth = { ...state.auth!, nfos: [] };
    renderWallArea(`/n/${NETWORK_ID}/cameras/walls/7001?edit=true`, state);
    expect(await screen.findByText('cameras area')).toBeInTheDocument();
    expect(location()).toHaveTextContent(`/n/${NETWORK_ID}/cameras`);
  });
});
