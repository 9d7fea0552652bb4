import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Camera } from '../../../api/types';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { apiErrors, apiPath, json, server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { camerasErrorHandler, camerasHandler } from '../../cameras/test/fixtures';
import { liveCamera, makeTile, makeWall, NETWORK_ID, wallsPath } from '../test/wallFixtures';
import type { VideoWall } from '../wallsApi';
import { WallEditor } from './WallEditor';

const cameras: Camera[] = Array.from({ length: 18 }, (_, index) =>
  liveCamera(index + 1, `Cam ${String(index + 1).padStart(2, '0')}`, {
    tags: index === 2 ? ['lobby'] : [],
    product_short_description: index === 3 ? 'Fisheye' : 'Indoor dome',
  }),
);

function renderEditor(wall?: VideoWall) {
  const onDone = vi.fn();
  const onDeleted = vi.fn();
  const onCancel = vi.fn();
  const result = renderWithProviders(
    <WallEditor networkId={NETWORK_ID} wall={wall} onDone={onDone} onDeleted={onDeleted} onCancel={onCancel} />,
    { preloadedState: signedInState() },
  );
  return { ...result, onDone, onDeleted, onCancel };
}

function tiles() {
  return screen.getAllByTestId(/^editor-tile-/).map((element) => ({
    name: within(element).getAllByText(/Cam \d+/)[0].textContent,
    rect: ['x', 'y', 'w', 'h'].map((key) => Number(element.getAttribute(`data-${key}`))),
  }));
}

async function pickCameras(user: ReturnType<typeof renderEditor>['user'], count: number) {
  for (let index = 1; index <= count; index += 1) {
    await user.click(await screen.findByRole('checkbox', { name: `Cam ${String(index).padStart(2, '0')}` }));
  }
}

afterEach(() => notifications.clean());

describe('WallEditor — camera picker', () => {
  it('limits the selection to 16 and disables the other checkboxes', async () => {
    server.use(camerasHandler(cameras));
    const { user } = renderEditor();
    const configure = screen.getByRole('button', { name: 'Configure cameras' });
    expect(configure).toBeDisabled();
    await pickCameras(user, 16);
    expect(screen.getByText('Maximum of 16 cameras selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Cam 17' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Cam 18' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Cam 16' })).toBeEnabled();
    expect(configure).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Cam 16' }));
    expect(screen.queryByText('Maximum of 16 cameras selected')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Cam 17' })).toBeEnabled();
  });

  it('searches names, product descriptions and tags', async () => {
    server.use(camerasHandler(cameras));
    const { user } = renderEditor();
    const search = await screen.findByPlaceholderText('Search names and tags');
    await user.type(search, 'lobby');
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label') ?? '')).toHaveLength(1);
    expect(screen.getByRole('checkbox', { name: 'Cam 03' })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'fisheye');
    expect(screen.getByRole('checkbox', { name: 'Cam 04' })).toBeInTheDocument();
    await user.type(search, 'zzz');
    expect(screen.getByText('No cameras found')).toBeInTheDocument();
  });

  it('shows the loading and error states of the camera list', async () => {
    server.use(camerasErrorHandler());
    renderEditor();
    expect(screen.getByText('Loading cameras...')).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('WallEditor — wall configuration', () => {
  it('places new tiles 7x7 at the first free spots and goes back keeping the selection', async () => {
    server.use(camerasHandler(cameras));
    const { user } = renderEditor();
    await pickCameras(user, 5);
    await user.click(screen.getByRole('button', { name: 'Configure cameras' }));
    expect(tiles()).toEqual([
      { name: 'Cam 01', rect: [0, 0, 7, 7] },
      { name: 'Cam 02', rect: [7, 0, 7, 7] },
      { name: 'Cam 03', rect: [14, 0, 7, 7] },
      { name: 'Cam 04', rect: [21, 0, 7, 7] },
      { name: 'Cam 05', rect: [0, 7, 7, 7] },
    ]);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('checkbox', { name: 'Cam 05' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Cam 02' }));
    await user.click(screen.getByRole('button', { name: 'Configure cameras' }));
    expect(tiles().map((tile) => tile.name)).toEqual(['Cam 01', 'Cam 03', 'Cam 04', 'Cam 05']);
  });

  it('swaps two tiles (positions and sizes) and cancels a swap with Escape', async () => {
    const wall = makeWall(3, 'Lobby', [
      makeTile(cameras[0], { x: 0, y: 0, w: 14, h: 14 }),
      makeTile(cameras[1], { x: 14, y: 0, w: 7, h: 7 }),
    ]);
    server.use(camerasHandler(cameras));
    const { user } = renderEditor(wall);
    await user.click(screen.getAllByRole('button', { name: 'Swap with another tile' })[0]);
    expect(screen.getByRole('button', { name: 'Swapping' })).toBeInTheDocument();
    expect(screen.getByText('Click to swap')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Click to swap')).not.toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Swap with another tile' })[0]);
    await user.click(screen.getByRole('button', { name: 'Click to swap with Cam 02' }));
    expect(tiles()).toEqual([
      { name: 'Cam 01', rect: [14, 0, 7, 7] },
      { name: 'Cam 02', rect: [0, 0, 14, 14] },
    ]);
    expect(screen.queryByText('Swapping')).not.toBeInTheDocument();
  });

  it('removes a tile, resizes with the keyboard (square, at least 4x4) and shows the empty state', async () => {
    const wall = makeWall(3, 'Lobby', [
      makeTile(cameras[0], { x: 0, y: 0, w: 7, h: 7 }),
      makeTile(cameras[1], { x: 7, y: 0, w: 7, h: 7 }),
    ]);
    server.use(camerasHandler(cameras));
    const { user } = renderEditor(wall);
    const handle = screen.getByRole('button', { name: /Resize Cam 01/ });
    handle.focus();
    await user.keyboard('{-}{-}{-}{-}');
    expect(tiles()[0].rect).toEqual([0, 0, 4, 4]);
    await user.keyboard('{+}{+}{+}{+}{+}');
    // Growing stops where the next tile starts.
    expect(tiles()[0].rect).toEqual([0, 0, 7, 7]);
    await user.click(screen.getByRole('button', { name: 'Remove Cam 02' }));
    expect(tiles().map((tile) => tile.name)).toEqual(['Cam 01']);
    await user.click(screen.getByRole('button', { name: 'Remove Cam 01' }));
    expect(screen.getByText('Add cameras to get started')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save wall' })).toBeDisabled();
  });

  it('resizes by dragging the handle', async () => {
    const wall = makeWall(3, 'Lobby', [makeTile(cameras[0], { x: 0, y: 0, w: 7, h: 7 })]);
    server.use(camerasHandler(cameras));
    renderEditor(wall);
    const grid = screen.getByTestId('wall-editor-grid');
    // 280 px wide: 10 px per column, so 50 px to the right is 5 cells more.
    grid.getBoundingClientRect = () => DOMRect.fromRect({ width: 280, height: 100 });
    const handle = screen.getByRole('button', { name: /Resize Cam 01/ });
    fireEvent.pointerDown(handle, { pointerId: 1, clientX: 70, clientY: 40 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 120, clientY: 40 });
    fireEvent.pointerUp(handle, { pointerId: 1, clientX: 120, clientY: 40 });
    expect(tiles()[0].rect).toEqual([0, 0, 12, 12]);
  });

  it('applies a template to the tiles in order (converted to 28 columns)', async () => {
    const wall = makeWall(3, 'Lobby', [0, 1, 2, 3].map((index) => makeTile(cameras[index], { x: index * 7, y: 0 })));
    server.use(camerasHandler(cameras));
    const { user } = renderEditor(wall);
    await user.click(screen.getByRole('button', { name: 'Apply template 2x2 grid (4 tiles)' }));
    expect(tiles().map((tile) => tile.rect)).toEqual([
      [0, 0, 14, 14],
      [14, 0, 14, 14],
      [0, 14, 14, 14],
      [14, 14, 14, 14],
    ]);
  });
});

describe('WallEditor — saving', () => {
  it('creates a new wall with the name from the modal and 28-column tiles', async () => {
    const bodies: unknown[] = [];
    server.use(
      camerasHandler(cameras),
      http.post(wallsPath, async ({ request }) => {
        bodies.push(await request.json());
        return json(makeWall(42, 'Front door'), 201);
      }),
    );
    const { user, onDone } = renderEditor();
    await pickCameras(user, 2);
    await user.click(screen.getByRole('button', { name: 'Configure cameras' }));
    await user.click(screen.getByRole('button', { name: 'Save wall' }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByPlaceholderText('Enter a name'), '  Front door ');
    await user.click(save);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(42));
    expect(bodies).toEqual([
      {
        name: 'Front door',
        tiles: [
          { x: 0, y: 0, w: 7, h: 7, video_channel_id: 10, imager_id: null, theta: null, phi: null, fov: null },
          { x: 7, y: 0, w: 7, h: 7, video_channel_id: 20, imager_id: null, theta: null, phi: null, fov: null },
        ],
      },
    ]);
    expect(await screen.findByText('Wall "Front door" created')).toBeInTheDocument();
  });

  it('keeps the work and shows the server errors when a save fails', async () => {
    server.use(
      camerasHandler(cameras),
      http.put(wallsPath, () => apiErrors(['Tiles overlap'], 400)),
    );
    const wall = makeWall(3, 'Lobby', [
      makeTile(cameras[0], { x: 0, y: 0 }),
      makeTile(cameras[1], { x: 7, y: 0 }),
    ]);
    const { user, onDone } = renderEditor(wall);
    await user.click(screen.getByRole('button', { name: 'Remove Cam 02' }));
    await user.click(screen.getByRole('button', { name: 'Save wall' }));
    expect(await screen.findByText('Unable to complete action')).toBeInTheDocument();
    expect(screen.getByText('The wall was not saved')).toBeInTheDocument();
    expect(screen.getAllByText('Tiles overlap').length).toBeGreaterThan(0);
    expect(tiles().map((tile) => tile.name)).toEqual(['Cam 01']);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('updates an existing wall with its tiles and calls onDone without an id', async () => {
    const bodies: unknown[] = [];
    server.use(
      camerasHandler(cameras),
      http.put(wallsPath, async ({ request }) => {
        bodies.push(await request.json());
        return json(makeWall(3, 'Lobby'));
      }),
    );
    const wall = makeWall(3, 'Lobby', [makeTile(cameras[0], { x: 0, y: 0 })]);
    const { user, onDone } = renderEditor(wall);
    await user.click(screen.getByRole('button', { name: 'Save wall' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith());
    expect(bodies).toEqual([
      {
        id: 3,
        name: 'Lobby',
        tiles: [{ x: 0, y: 0, w: 7, h: 7, video_channel_id: 10, imager_id: null, theta: null, phi: null, fov: null }],
      },
    ]);
  });
  it('refuses to save more than 16 tiles with a toast', async () => {
    const many = Array.from({ length: 17 }, (_, index) => liveCamera(100 + index, `Cam ${100 + index}`));
    const wall = makeWall(
      3,
      'Big',
      many.map((camera, index) => makeTile(camera, { x: (index % 4) * 7, y: Math.floor(index / 4) * 7 })),
    );
    const put = vi.fn(() => json(wall));
    server.use(camerasHandler(cameras), http.put(wallsPath, put));
    const { user } = renderEditor(wall);
    expect(screen.getByText('A wall can show at most 16 cameras. Remove some to continue.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save wall' }));
    expect(await screen.findByText('A wall can have at most 16 tiles. Remove tiles before saving.')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });
});

describe('WallEditor — rename and delete', () => {
  it('renames inline on Enter without sending tiles', async () => {
    const bodies: unknown[] = [];
    server.use(
      camerasHandler(cameras),
      http.put(wallsPath, async ({ request }) => {
        bodies.push(await request.json());
        return json(makeWall(3, 'Entrance'));
      }),
    );
    const { user, onDone } = renderEditor(makeWall(3, 'Lobby', [makeTile(cameras[0])]));
    const input = screen.getByRole('textbox', { name: 'Wall name' });
    await user.clear(input);
    await user.type(input, 'Entrance{Enter}');
    await waitFor(() => expect(bodies).toEqual([{ id: 3, name: 'Entrance' }]));
    expect(await screen.findByText('Wall renamed to "Entrance"')).toBeInTheDocument();
    expect(input).toHaveValue('Entrance');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('restores the name when a rename fails', async () => {
    server.use(camerasHandler(cameras), http.put(wallsPath, () => apiErrors(['Name is too long'], 400)));
    const { user } = renderEditor(makeWall(3, 'Lobby', [makeTile(cameras[0])]));
    const input = screen.getByRole('textbox', { name: 'Wall name' });
    await user.clear(input);
    await user.type(input, 'Other');
    await user.tab();
    expect(await screen.findByText('Unable to complete action')).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveValue('Lobby'));
  });

  it('deletes after the confirmation', async () => {
    const deleted: string[] = [];
    server.use(
      camerasHandler(cameras),
      http.delete(apiPath('/n/:networkId/manage/vision/walls/:id'), ({ request }) => {
        deleted.push(new URL(request.url).pathname);
        return new Response(null, { status: 204 });
      }),
    );
    const { user, onDone, onDeleted } = renderEditor(makeWall(3, 'Lobby', [makeTile(cameras[0])]));
    await user.click(screen.getByRole('button', { name: 'Delete wall' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this wall?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete wall' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(onDone).not.toHaveBeenCalled();
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatch(/\/n\/5\/manage\/vision\/walls\/3$/);
  });
});

describe('WallEditor — dewarped tiles', () => {
  const fisheye = liveCamera(30, 'Cam 30', { type: 'fisheye' });
  const CEILING_PHI = 0.75 * Math.PI;

  it("sets a fisheye tile's view with 'Dewarp view' and the selector; the PUT carries it as strings", async () => {
    const bodies: unknown[] = [];
    server.use(
      camerasHandler([...cameras, fisheye]),
      http.put(wallsPath, async ({ request }) => {
        bodies.push(await request.json());
        return json(makeWall(3, 'Lobby'));
      }),
    );
    const wall = makeWall(3, 'Lobby', [makeTile(cameras[0], { x: 0, y: 0 }), makeTile(fisheye, { x: 7, y: 0 })]);
    const { user, onDone } = renderEditor(wall);
    const [plain, fish] = screen.getAllByTestId(/^editor-tile-/);
    expect(within(plain).queryByRole('button', { name: /Dewarp view/ })).not.toBeInTheDocument();
    expect(within(plain).queryByTestId('editor-dewarp-views')).not.toBeInTheDocument();
    expect(within(fish).queryByText('Dewarped')).not.toBeInTheDocument();

    const toggle = within(fish).getByRole('button', { name: 'Dewarp view of Cam 30' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(within(fish).getByText('Dewarped')).toBeInTheDocument();
    expect(fish).toHaveAttribute('data-dewarped', 'true');

    await user.click(within(fish).getByRole('button', { name: 'Choose the dewarped view of Cam 30' }));
    await user.click(await screen.findByTestId('dewarp-preset-ceiling-180'));
    await user.click(screen.getByRole('button', { name: 'Save wall' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith());
    expect(bodies).toEqual([
      {
        id: 3,
        name: 'Lobby',
        tiles: [
          { x: 0, y: 0, w: 7, h: 7, video_channel_id: 10, imager_id: null, theta: null, phi: null, fov: null },
          {
            x: 7,
            y: 0,
            w: 7,
            h: 7,
            video_channel_id: 300,
            imager_id: null,
            theta: String(Math.PI),
            phi: String(CEILING_PHI),
            fov: '60',
          },
        ],
      },
    ]);
  });

  it("turns a saved view off (raw: null angles) and the full view in the selector does too", async () => {
    const bodies: unknown[] = [];
    server.use(
      camerasHandler([...cameras, fisheye]),
      http.put(wallsPath, async ({ request }) => {
        bodies.push(await request.json());
        return json(makeWall(3, 'Lobby'));
      }),
    );
    const wall = makeWall(3, 'Lobby', [{ ...makeTile(fisheye, { x: 0, y: 0, phi: 2.5 }), theta: 1, fov: 50 }]);
    const { user } = renderEditor(wall);
    const fish = screen.getByTestId(/^editor-tile-/);
    expect(within(fish).getByText('Dewarped')).toBeInTheDocument();
    await user.click(within(fish).getByRole('button', { name: 'Choose the dewarped view of Cam 30' }));
    await user.click(await screen.findByTestId('dewarp-preset-ceiling-full'));
    expect(within(fish).queryByText('Dewarped')).not.toBeInTheDocument();
    await user.click(within(fish).getByRole('button', { name: 'Dewarp view of Cam 30' }));
    expect(within(fish).getByText('Dewarped')).toBeInTheDocument();
    await user.click(within(fish).getByRole('button', { name: 'Dewarp view of Cam 30' }));
    await user.click(screen.getByRole('button', { name: 'Save wall' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { tiles: unknown[] }).tiles[0]).toMatchObject({ phi: null, theta: null, fov: null });
  });

  it("creates a wall with a fisheye tile's default view (numbers on POST)", async () => {
    const bodies: unknown[] = [];
    server.use(
      camerasHandler([cameras[0], fisheye]),
      http.post(wallsPath, async ({ request }) => {
        bodies.push(await request.json());
        return json(makeWall(42, 'Fish'), 201);
      }),
    );
    const { user, onDone } = renderEditor();
    await user.click(await screen.findByRole('checkbox', { name: 'Cam 01' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cam 30' }));
    await user.click(screen.getByRole('button', { name: 'Configure cameras' }));
    await user.click(screen.getByRole('button', { name: 'Dewarp view of Cam 30' }));
    await user.click(screen.getByRole('button', { name: 'Save wall' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByPlaceholderText('Enter a name'), 'Fish');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(42));
    expect(bodies).toEqual([
      {
        name: 'Fish',
        tiles: [
          { x: 0, y: 0, w: 7, h: 7, video_channel_id: 10, imager_id: null, theta: null, phi: null, fov: null },
          { x: 7, y: 0, w: 7, h: 7, video_channel_id: 300, imager_id: null, theta: 0, phi: CEILING_PHI, fov: 60 },
        ],
      },
    ]);
  });
});
