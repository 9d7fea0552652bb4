import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Camera } from '../../../api/types';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { apiErrors } from '../../../test/server';
import { makeCamera, NETWORK_ID } from '../../cameras/test/fixtures';
import {
  accessState,
  doorsServer,
  eventsServer,
  frontDoor,
  lobby,
  makeIntegration,
  makeMapping,
} from '../test/accessFixtures';
import { AccessControlButton } from './AccessControlButton';

function renderButton(camera: Camera = lobby) {
  return renderWithProviders(<AccessControlButton camera={camera} />, {
    route: `/n/${NETWORK_ID}/cameras/${camera.id}`,
    path: '/n/:networkId/cameras/:cameraId',
    preloadedState: accessState(),
  });
}

/** Lets the integrations and mappings calls answer (the button shows nothing until they do). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe("the camera page's 'Access Control' button", () => {
  it("shows with an enabled integration of the camera's network and a mapped door, and opens the drawer", async () => {
    const mappingQueries = doorsServer();
    eventsServer(() => []);
    const { user } = renderButton();
    const button = await screen.findByRole('button', { name: 'Access Control' });
    expect(mappingQueries.map((query) => query.get('serial'))).toEqual([lobby.serial]);

    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Access Control' })).toBeInTheDocument();
    const drawer = await screen.findByTestId('access-control-drawer');
    expect(drawer).toHaveAttribute('data-drawer', 'ACCESS_CONTROL_MANAGEMENT');
    expect(await screen.findByTestId('no-events')).toHaveTextContent('No events');
  });

  it('is not shown without an integration, and the doors are not asked for', async () => {
    const mappingQueries = doorsServer({ integrations: [] });
    renderButton();
    await settle();
    expect(screen.queryByRole('button', { name: 'Access Control' })).not.toBeInTheDocument();
    expect(mappingQueries).toHaveLength(0);
  });

  it('is not shown with a disabled integration, or one serving other networks only', async () => {
    const mappingQueries = doorsServer({
      integrations: [makeIntegration({ enabled: false }), makeIntegration({ id: 2, network_ids: [6] })],
      mappings: [frontDoor, makeMapping('door-gate', 'Gate', { integration_id: 2 })],
    });
    renderButton();
    await settle();
    expect(screen.queryByRole('button', { name: 'Access Control' })).not.toBeInTheDocument();
    expect(mappingQueries).toHaveLength(0);
  });

  it('is not shown for a camera without a mapped door', async () => {
    const mappingQueries = doorsServer({ mappings: [] });
    renderButton(makeCamera(3));
    await waitFor(() => expect(mappingQueries).toHaveLength(1));
    await settle();
    expect(screen.queryByRole('button', { name: 'Access Control' })).not.toBeInTheDocument();
  });

  it('is not shown when the integrations cannot be read (the error is swallowed)', async () => {
    doorsServer({ integrations: () => apiErrors(['boom'], 500) });
    renderButton();
    await settle();
    expect(screen.queryByRole('button', { name: 'Access Control' })).not.toBeInTheDocument();
  });
});
