import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../api/types';
import type { RootState } from '../../../app/store';
import { adminUser, nfos, permissionsFor, viewerUser } from '../../../test/fixtures';
import { apiPath, server } from '../../../test/server';
import { makeWall, wallsHandler } from '../../walls/test/wallFixtures';
import type { VideoWall } from '../../walls/wallsApi';
import { cameraAreaState, camerasHandler, makeCamera, NETWORK_ID } from '../test/fixtures';
import { useLayoutSize } from '../test/layoutSize';
import { renderCameraArea } from '../test/renderCameraArea';

// Spec 01 §2: with the wall flag (has_camera_tetris) and walls, the list is grouped under 'Walls' and 'Cameras'.

const cameras = [makeCamera(1, { name: 'Lobby', status: 'active' }), makeCamera(2, { name: 'Yard', status: 'active' })];
const docks = makeWall(7001, 'Loading Docks');
const untitled = makeWall(7002, '  ');
const front = makeWall(7003, 'front desk');
const TOOLTIP = 'Walls listed here are saved locally in your browser and are not permanent.';

/** Signed in with the flag on or off, and (for an administrator) the network's write right or not. */
function state({ flag = true, write = true, user = adminUser }: { flag?: boolean; write?: boolean; user?: User } = {}) {
  const base = cameraAreaState(false, user);
  const permissions = { [NETWORK_ID]: permissionsFor(NETWORK_ID, { write }) };
  return { ...base, auth: { ...base.auth!, nfos: flag ? nfos : [], permissions } } satisfies Partial<RootState>;
}

/** The walls answered, less those deleted through the API; the DELETE calls' wall ids. */
function wallServer(walls: VideoWall[]) {
  const deleted: number[] = [];
  server.use(
    camerasHandler(cameras),
    http.get(apiPath('/n/:networkId/manage/vision/walls'), () =>
      HttpResponse.json(walls.filter((wall) => !deleted.includes(wall.id))),
    ),
    http.delete(apiPath('/n/:networkId/manage/vision/walls/:id'), ({ request }) => {
      deleted.push(Number(/walls\/(\d+)/.exec(request.url)?.[1]));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return deleted;
}

const list = () => screen.findByRole('list', { name: 'Walls and cameras' });
const location = () => screen.getByTestId('location');

async function rowTexts() {
  return within(await list())
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe("the camera list's 'Walls' group", () => {
  useLayoutSize();

  it("shows 'Walls' (with its tooltip) over the walls and 'Cameras' over the cameras", async () => {
    wallServer([docks, untitled]);
    const { user } = renderCameraArea(`/n/${NETWORK_ID}/cameras/1`, { preloadedState: state() });
    expect(await screen.findByRole('heading', { name: 'Walls' })).toBeInTheDocument();
    expect(await rowTexts()).toEqual(['Walls', 'Loading Docks', 'Untitled wall', 'Cameras', 'Lobby', 'Yard']);
    expect(screen.getByRole('heading', { name: 'Cameras' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Loading Docks' })).toHaveAttribute('href', `/n/${NETWORK_ID}/cameras/walls/7001`);
    expect(screen.getByRole('link', { name: 'Untitled wall' })).toHaveAttribute('href', `/n/${NETWORK_ID}/cameras/walls/7002`);

    const info = screen.getByRole('button', { name: TOOLTIP });
    await user.hover(info);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TOOLTIP);
    await user.unhover(info);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    info.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TOOLTIP);
  });

  it('keeps the list as it was without the flag, or without walls', async () => {
    wallServer([docks]);
    const { unmount } = renderCameraArea(`/n/${NETWORK_ID}/cameras/1`, { preloadedState: state({ flag: false }) });
    await screen.findByRole('list', { name: 'Cameras' });
    expect(await screen.findByRole('button', { name: /Related walls \(0\)/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Walls' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Loading Docks' })).not.toBeInTheDocument();
    unmount();

    server.use(wallsHandler([]));
    renderCameraArea(`/n/${NETWORK_ID}/cameras/1`, { preloadedState: state() });
    expect(await screen.findByRole('button', { name: /Related walls \(0\)/ })).toBeInTheDocument();
    const names = within(await screen.findByRole('list', { name: 'Cameras' })).getAllByRole('listitem');
    expect(names.map((item) => item.textContent)).toEqual(['Lobby', 'Yard']);
    expect(screen.queryByRole('heading', { name: 'Walls' })).not.toBeInTheDocument();
  });

  it("searches walls by name ignoring case ('untitled' finds the untitled one); cameras keep their empty text", async () => {
    wallServer([docks, untitled, front]);
    const { user } = renderCameraArea(`/n/${NETWORK_ID}/cameras/1`, { preloadedState: state() });
    const search = await screen.findByRole('searchbox', { name: 'Camera search' });
    await screen.findByRole('link', { name: 'Loading Docks' });

    await user.type(search, 'DOCK');
    await waitFor(async () => expect(await rowTexts()).toEqual(['Walls', 'Loading Docks', 'Cameras', 'No cameras found']));
    await user.clear(search);
    await user.type(search, 'untitled');
    await waitFor(async () => expect(await rowTexts()).toEqual(['Walls', 'Untitled wall', 'Cameras', 'No cameras found']));
    await user.clear(search);
    await user.type(search, 'yard');
    await waitFor(async () => expect(await rowTexts()).toEqual(['Cameras', 'Yard']));
  });

  it("highlights the wall on screen; its menu's Edit opens the editor (keyboard)", async () => {
    wallServer([docks, front]);
    const { user } = renderCameraArea(`/n/${NETWORK_ID}/cameras/walls/7003`, { preloadedState: state() });
    expect(await screen.findByRole('link', { name: 'front desk' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Loading Docks' })).not.toHaveAttribute('aria-current');

    const actions = screen.getByRole('button', { name: 'Actions for Loading Docks' });
    actions.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Delete']);
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toHaveTextContent(`/n/${NETWORK_ID}/cameras/walls/7001?edit=true`));
  });

  it('Delete asks first, deletes, and leaves the page of the wall it deleted for the camera index', async () => {
    const deleted = wallServer([docks, front]);
    const { user } = renderCameraArea(`/n/${NETWORK_ID}/cameras/walls/7001`, { preloadedState: state() });
    await user.click(await screen.findByRole('button', { name: 'Actions for Loading Docks' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this wall?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual([7001]));
    expect(await screen.findByText('Wall deleted')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/n\/5\/cameras\/1$/));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Loading Docks' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Delete of another wall stays on the page; Cancel deletes nothing', async () => {
    const deleted = wallServer([docks, front]);
    const { user } = renderCameraArea(`/n/${NETWORK_ID}/cameras/2`, { preloadedState: state() });
    await user.click(await screen.findByRole('button', { name: 'Actions for front desk' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Actions for front desk' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'front desk' })).not.toBeInTheDocument());
    expect(deleted).toEqual([7003]);
    expect(location()).toHaveTextContent(/^\/n\/5\/cameras\/2$/);
  });

  it('gives no menu to users who may not edit walls', async () => {
    wallServer([docks]);
    const { unmount } = renderCameraArea(`/n/${NETWORK_ID}/cameras/1`, { preloadedState: state({ write: false }) });
    expect(await screen.findByRole('link', { name: 'Loading Docks' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Loading Docks' })).not.toBeInTheDocument();
    unmount();

    renderCameraArea(`/n/${NETWORK_ID}/cameras/1`, { preloadedState: state({ user: viewerUser }) });
    expect(await screen.findByRole('link', { name: 'Loading Docks' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Loading Docks' })).not.toBeInTheDocument();
  });
});
