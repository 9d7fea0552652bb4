import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { apiErrors, apiPath, json, server } from '../../test/server';
import { signedInState } from '../../test/state';
import { makeCamera } from '../cameras/test/fixtures';
import { type VideoWall, type WallTile, wallTileInput, wallsApi } from './wallsApi';

const NETWORK_ID = 5;
const WALLS = '/n1/n/5/manage/vision/walls';
const { createWall, deleteWall, updateWall } = wallsApi.endpoints;

const tile: WallTile = {
  id: -1,
  x: 7,
  y: 0,
  w: 7,
  h: 7,
  video_layout_id: -3,
  video_channel_id: 30,
  imager_id: null,
  theta: 0.5,
  phi: 2.356,
  fov: 60,
  camera: makeCamera(3),
};

const serverWall: VideoWall = {
  id: 7001,
  name: 'Docks',
  network_id: NETWORK_ID,
  is_cross_network: false,
  tiles: [{ ...tile, id: 900, video_layout_id: 7001 }],
};

interface Seen {
  method: string;
  path: string;
  body: unknown;
  csrf: string | null;
}

function recordWrites(answer: () => Response) {
  const seen: Seen[] = [];
  const record = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const text = await request.text();
    seen.push({
      method: request.method,
      path: `${url.pathname}${url.search}`,
      body: text ? JSON.parse(text) : undefined,
      csrf: request.headers.get('X-CSRF-Token'),
    });
    return answer();
  };
  server.use(
    http.post(apiPath('/n/:networkId/manage/vision/walls'), record),
    http.put(apiPath('/n/:networkId/manage/vision/walls'), record),
    http.delete(apiPath('/n/:networkId/manage/vision/walls/:wallId'), record),
  );
  return seen;
}

describe('wall tile bodies', () => {
  it('sends only what the server reads, angles as strings in the PUT form', () => {
    expect(wallTileInput(tile)).toEqual({
      x: 7,
      y: 0,
      w: 7,
      h: 7,
      video_channel_id: 30,
      imager_id: null,
      theta: 0.5,
      phi: 2.356,
      fov: 60,
    });
    expect(wallTileInput(tile, true)).toMatchObject({ theta: '0.5', phi: '2.356', fov: '60', imager_id: null });
    expect(wallTileInput({ x: 0, y: 0, w: 7, h: 7, video_channel_id: 10 }, true)).toEqual({
      x: 0,
      y: 0,
      w: 7,
      h: 7,
      video_channel_id: 10,
      imager_id: null,
      theta: null,
      phi: null,
      fov: null,
    });
  });
});

describe('wall mutations', () => {
  it('creates a wall with POST {name, tiles} and the CSRF token, and refetches the list', async () => {
    const seen = recordWrites(() => json(serverWall, 201));
    let listCalls = 0;
    server.use(
      http.get(apiPath('/n/:networkId/manage/vision/walls'), () => {
        listCalls += 1;
        return json(listCalls === 1 ? [] : [serverWall]);
      }),
    );
    const store = makeStore(signedInState());
    const list = store.dispatch(wallsApi.endpoints.getWalls.initiate(NETWORK_ID));
    await list;
    const docks = { networkId: NETWORK_ID, name: 'Docks', tiles: [tile] };
    const created = await store.dispatch(createWall.initiate(docks)).unwrap();
    expect(created).toEqual(serverWall);
    expect(seen).toEqual([
      { method: 'POST', path: WALLS, body: { name: 'Docks', tiles: [wallTileInput(tile)] }, csrf: 'csrf-1' },
    ]);
    // The list of the network is fetched again (tag Walls network-5).
    await expect.poll(() => listCalls).toBe(2);
    list.unsubscribe();
  });

  it('updates with PUT {id, name, tiles}, theta/phi/fov as strings', async () => {
    const seen = recordWrites(() => json(serverWall));
    const store = makeStore(signedInState());
    const docks = { networkId: NETWORK_ID, id: 7001, name: 'Docks', tiles: [tile] };
    await store.dispatch(updateWall.initiate(docks)).unwrap();
    expect(seen[0]).toMatchObject({ method: 'PUT', path: WALLS, csrf: 'csrf-1' });
    expect(seen[0].body).toEqual({
      id: 7001,
      name: 'Docks',
      tiles: [{ x: 7, y: 0, w: 7, h: 7, video_channel_id: 30, imager_id: null, theta: '0.5', phi: '2.356', fov: '60' }],
    });
  });

  it('renames without tiles, so the server keeps them', async () => {
    const seen = recordWrites(() => json(serverWall));
    const store = makeStore(signedInState());
    await store.dispatch(updateWall.initiate({ networkId: NETWORK_ID, id: 7001, name: 'New' })).unwrap();
    expect(seen[0].body).toEqual({ id: 7001, name: 'New' });
  });

  it('deletes with DELETE .../walls/{id} and a 204', async () => {
    const seen = recordWrites(() => new HttpResponse(null, { status: 204 }));
    const store = makeStore(signedInState());
    const result = await store.dispatch(deleteWall.initiate({ networkId: NETWORK_ID, id: 7001 })).unwrap();
    expect(result).toBeNull();
    expect(seen).toEqual([{ method: 'DELETE', path: `${WALLS}/7001`, body: undefined, csrf: 'csrf-1' }]);
  });

  it("rejects with the server's messages", async () => {
    recordWrites(() => apiErrors(['tiles[0] and tiles[2] overlap']));
    const store = makeStore(signedInState());
    await expect(
      store.dispatch(createWall.initiate({ networkId: NETWORK_ID, name: 'X', tiles: [tile] })).unwrap(),
    ).rejects.toMatchObject({ status: 400, messages: ['tiles[0] and tiles[2] overlap'] });
  });
});
