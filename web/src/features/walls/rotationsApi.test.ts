import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { apiErrors, apiPath, json, server } from '../../test/server';
import { signedInState } from '../../test/state';
import { type WallRotation, rotationsApi } from './rotationsApi';
import { wallsApi } from './wallsApi';

const rotation: WallRotation = { id: 3, name: 'Tour', networkId: 5, waitDuration: 30, videoWallSequence: [7001, 7002] };
const body = { name: 'Tour', waitDuration: 30, videoWallSequence: [7001, 7002] };
const collection = '/api/v1/organizations/:orgId/camera/videoWallRotations';
const ROTATIONS = '/n1/api/v1/organizations/1/camera/videoWallRotations';
const { createRotation, deleteRotation, getRotations, updateRotation } = rotationsApi.endpoints;

function recordCalls(answers: { list: () => WallRotation[]; write: () => Response }) {
  const seen: { method: string; path: string; body: unknown; csrf: string | null }[] = [];
  const record = (answer: () => Response) => async ({ request }: { request: Request }) => {
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
    http.get(apiPath(collection), record(() => json(answers.list()))),
    http.post(apiPath(collection), record(answers.write)),
    http.put(apiPath(`${collection}/:id`), record(answers.write)),
    http.delete(apiPath(`${collection}/:id`), record(answers.write)),
  );
  return seen;
}

describe('rotations api', () => {
  it('lists the rotations of a network with ?networkId', async () => {
    const seen = recordCalls({ list: () => [rotation], write: () => json(rotation) });
    const store = makeStore(signedInState());
    const data = await store.dispatch(getRotations.initiate({ orgId: 1, networkId: 5 })).unwrap();
    expect(data).toEqual([rotation]);
    expect(seen[0]).toMatchObject({ method: 'GET', path: `${ROTATIONS}?networkId=5` });
  });

  it('creates, updates and deletes with the CSRF token, refetching the list each time', async () => {
    let lists = 0;
    const seen = recordCalls({
      list: () => {
        lists += 1;
        return [rotation];
      },
      write: () => json(rotation, 201),
    });
    const store = makeStore(signedInState());
    const list = store.dispatch(getRotations.initiate({ orgId: 1, networkId: 5 }));
    await list;

    await store.dispatch(createRotation.initiate({ orgId: 1, networkId: 5, body })).unwrap();
    await expect.poll(() => lists).toBe(2);
    await store.dispatch(updateRotation.initiate({ orgId: 1, networkId: 5, id: 3, body })).unwrap();
    await expect.poll(() => lists).toBe(3);
    server.use(http.delete(apiPath(`${collection}/:id`), () => new HttpResponse(null, { status: 204 })));
    const deleted = await store.dispatch(deleteRotation.initiate({ orgId: 1, networkId: 5, id: 3 })).unwrap();
    expect(deleted).toBeNull();
    await expect.poll(() => lists).toBe(4);

    const writes = seen.filter((call) => call.method !== 'GET');
    expect(writes).toEqual([
      { method: 'POST', path: `${ROTATIONS}?networkId=5`, body, csrf: 'csrf-1' },
      { method: 'PUT', path: `${ROTATIONS}/3?networkId=5`, body, csrf: 'csrf-1' },
    ]);
    list.unsubscribe();
  });

  it("rejects with the server's messages", async () => {
    recordCalls({ list: () => [], write: () => apiErrors(['waitDuration must be at least 10 seconds']) });
    const store = makeStore(signedInState());
    await expect(
      store.dispatch(createRotation.initiate({ orgId: 1, networkId: 5, body: { ...body, waitDuration: 5 } })).unwrap(),
    ).rejects.toMatchObject({ status: 400, messages: ['waitDuration must be at least 10 seconds'] });
  });

  it('refetches the rotations when a wall is deleted (it leaves every rotation)', async () => {
    let lists = 0;
    recordCalls({
      list: () => {
        lists += 1;
        return [rotation];
      },
      write: () => json(rotation),
    });
    const noContent = () => new HttpResponse(null, { status: 204 });
    server.use(http.delete(apiPath('/n/:networkId/manage/vision/walls/:wallId'), noContent));
    const store = makeStore(signedInState());
    const list = store.dispatch(getRotations.initiate({ orgId: 1, networkId: 5 }));
    await list;
    await store.dispatch(wallsApi.endpoints.deleteWall.initiate({ networkId: 5, id: 7002 })).unwrap();
    await expect.poll(() => lists).toBe(2);
    list.unsubscribe();
  });
});
