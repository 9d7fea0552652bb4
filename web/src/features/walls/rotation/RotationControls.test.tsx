import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, permissionsFor, viewerUser } from '../../../test/fixtures';
import { apiErrors, server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { camerasHandler } from '../../cameras/test/fixtures';
import { renderWallArea } from '../test/renderWallArea';
import { liveCamera, makeTile, makeWall, NETWORK_ID, ORG_ID, wallsHandler } from '../test/wallFixtures';
import type { WallRotation } from '../rotationsApi';
import { rotationHandlers } from './testRotations';

vi.mock('../../viewer/player/VideoPlayer', () => ({ VideoPlayer: () => null }));

const lobby = liveCamera(1, 'Lobby');
const front = makeWall(7001, 'Front of house', [makeTile(lobby)]);
const docks = makeWall(7002, 'Loading docks', [makeTile(lobby)]);
const yard = makeWall(7003, 'Yard', [makeTile(lobby)]);
const tour: WallRotation = { id: 3, name: 'Tour', networkId: NETWORK_ID, waitDuration: 30, videoWallSequence: [7001, 7002] };
const writer = () => signedInState(adminUser, { [NETWORK_ID]: permissionsFor(NETWORK_ID, { write: true }) });
const ROTATIONS_URL = `/n1/api/v1/organizations/${ORG_ID}/camera/videoWallRotations`;

async function openWall(list: WallRotation[], state = writer(), write?: (body: unknown) => Response) {
  server.use(wallsHandler([front, docks, yard]), camerasHandler([lobby]));
  const calls = rotationHandlers(list, write);
  const rendered = renderWallArea(`/n/${NETWORK_ID}/video-walls/7001`, state);
  const controls = await screen.findByTestId('rotation-controls', {}, { timeout: 5000 });
  return { ...rendered, calls, controls };
}

describe('rotation controls', () => {
  it("lists the network's rotations; a viewer may start them but not create or edit", async () => {
    const { controls } = await openWall([tour], signedInState(viewerUser));
    expect(await within(controls).findByText('Tour')).toBeInTheDocument();
    expect(within(controls).getByText('2 walls · every 30 s')).toBeInTheDocument();
    expect(within(controls).getByRole('button', { name: 'Start rotation Tour' })).toBeEnabled();
    expect(within(controls).queryByRole('button', { name: 'New rotation' })).not.toBeInTheDocument();
    expect(within(controls).queryByRole('button', { name: 'Edit rotation Tour' })).not.toBeInTheDocument();
  });

  it('validates the new rotation form and creates it', async () => {
    const { controls, user, calls } = await openWall([]);
    expect(await within(controls).findByText('No rotations yet')).toBeInTheDocument();
    await user.click(within(controls).getByRole('button', { name: 'New rotation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New rotation' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    const wait = within(dialog).getByRole('textbox', { name: /Wait duration/ });
    expect(wait).toHaveValue('10');
    expect(save).toBeDisabled();
    expect(within(dialog).queryByText('Enter a name')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least 2 walls')).toBeInTheDocument();

    await user.type(name, 'x');
    await user.clear(name);
    expect(within(dialog).getByText('Enter a name')).toBeInTheDocument();
    await user.type(name, 'Night tour');

    await user.clear(wait);
    await user.type(wait, '5');
    expect(within(dialog).getByText('Wait at least 10 seconds')).toBeInTheDocument();
    await user.clear(wait);
    await user.type(wait, '4000');
    expect(within(dialog).getByText('Wait at most 3600 seconds')).toBeInTheDocument();
    await user.clear(wait);
    await user.type(wait, '12.5');
    expect(within(dialog).getByText('Enter a whole number of seconds')).toBeInTheDocument();
    await user.clear(wait);
    await user.type(wait, '12');

    const add = within(dialog).getByRole('combobox', { name: 'Add a wall' });
    await user.selectOptions(add, 'Loading docks');
    expect(within(dialog).getByText('Choose at least 2 walls')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.selectOptions(add, 'Yard');
    await user.selectOptions(add, 'Front of house');
    expect(within(dialog).queryByText('Choose at least 2 walls')).not.toBeInTheDocument();
    // Front of house to the top, Yard out.
    await user.click(within(dialog).getByRole('button', { name: 'Move Front of house up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move Front of house up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove Yard' }));
    const order = within(within(dialog).getByRole('list', { name: 'Walls in order' })).getAllByRole('listitem');
    expect(order.map((item) => item.textContent)).toEqual(['Front of house', 'Loading docks']);

    await user.click(save);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: `${ROTATIONS_URL}?networkId=${NETWORK_ID}`,
      body: { name: 'Night tour', waitDuration: 12, videoWallSequence: [7001, 7002] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New rotation' })).not.toBeInTheDocument());
    expect(await screen.findByText('Rotation Night tour created')).toBeInTheDocument();
  });

  it("shows the server's errors as a toast and keeps what was entered", async () => {
    const { controls, user, calls } = await openWall([tour], writer(), () =>
      apiErrors(['videoWallSequence[1]: Video wall not found'], 404),
    );
    await user.click(await within(controls).findByRole('button', { name: 'Edit rotation Tour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rotation' });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Tour');
    expect(within(dialog).getByRole('textbox', { name: /Wait duration/ })).toHaveValue('30');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('videoWallSequence[1]: Video wall not found')).toBeInTheDocument();
    expect(screen.getByText('The rotation could not be saved')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'PUT', path: `${ROTATIONS_URL}/3?networkId=${NETWORK_ID}` });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Tour 2');
  });

  it('the all-rotations modal edits and deletes after a confirmation', async () => {
    const { controls, user, calls } = await openWall([tour], writer(), () => new HttpResponse(null, { status: 204 }));
    await user.click(await within(controls).findByRole('button', { name: 'All rotations' }));
    let dialog = await screen.findByRole('dialog', { name: 'All rotations' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete rotation Tour' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete rotation' });
    expect(within(dialog).getByText('Are you sure you want to delete the rotation Tour?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    dialog = await screen.findByRole('dialog', { name: 'All rotations' });
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete rotation Tour' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete rotation' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toEqual([{ method: 'DELETE', path: `${ROTATIONS_URL}/3?networkId=${NETWORK_ID}`, body: undefined }]));
    expect(await screen.findByText('Rotation Tour deleted')).toBeInTheDocument();

    await user.click(within(await screen.findByRole('dialog', { name: 'All rotations' })).getByRole('button', { name: 'Edit rotation Tour' }));
    expect(await screen.findByRole('dialog', { name: 'Edit rotation' })).toBeInTheDocument();
  });
});
