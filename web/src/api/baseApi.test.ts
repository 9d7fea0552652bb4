import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { initialAppState } from '../app/appSlice';
import { makeStore } from '../app/store';
import { authApi } from '../features/auth/authApi';
import { camerasApi } from '../features/cameras/camerasApi';
import { adminUser } from '../test/fixtures';
import { apiPath, server } from '../test/server';
import { signedInState } from '../test/state';
import type { ApiError } from './apiError';

function storeWithShard(shardId: number) {
  const state = signedInState();
  return makeStore({ ...state, app: { ...initialAppState, ...state.app, shardId, csrfToken: 'token-7' } });
}

async function userCallError(response: () => Response): Promise<ApiError> {
  server.use(http.get(apiPath('/vision/user'), response));
  const store = storeWithShard(1);
  const result = await store.dispatch(authApi.endpoints.getUser.initiate());
  return result.error as ApiError;
}

describe('argusBaseQuery', () => {
  it('prefixes /n{shardId}, sends the app headers and the CSRF token on non-GET calls', async () => {
    const seen: { url: string; headers: Headers }[] = [];
    server.use(
      http.put(apiPath('/vision/change_org'), ({ request }) => {
        seen.push({ url: request.url, headers: request.headers });
        return HttpResponse.json({ success: true, organization: { id: 1, eid: 'e', name: 'n', shard_id: 3 } });
      }),
      http.get(apiPath('/vision/user'), ({ request }) => {
        seen.push({ url: request.url, headers: request.headers });
        return HttpResponse.json(adminUser);
      }),
    );
    const store = storeWithShard(3);
    await store.dispatch(authApi.endpoints.changeOrg.initiate('org-x'));
    await store.dispatch(authApi.endpoints.getUser.initiate());
    const [put, get] = seen;
    expect(new URL(put.url).pathname).toBe('/n3/vision/change_org');
    expect(put.headers.get('X-CSRF-Token')).toBe('token-7');
    expect(put.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(put.headers.get('X-Argus-App')).toMatch(/^portal\/\d+\.\d+\.\d+/);
    expect(get.headers.get('X-CSRF-Token')).toBeNull();
    expect(get.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('follows a 421 to the shard that serves the network and repeats the call there once', async () => {
    const paths: string[] = [];
    server.use(
      http.get(apiPath('/n/:networkId/manage/vision/cameras'), ({ request }) => {
        const path = new URL(request.url).pathname;
        paths.push(path);
        if (path.startsWith('/n1/'))
          return HttpResponse.json({ errors: ['Network 102 is served by shard 2'], shard_id: 2 }, { status: 421 });
        return HttpResponse.json([]);
      }),
    );
    const store = storeWithShard(1);
    const result = await store.dispatch(camerasApi.endpoints.getCameras.initiate({ networkId: 102 }));
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual([]);
    expect(paths).toEqual(['/n1/n/102/manage/vision/cameras', '/n2/n/102/manage/vision/cameras']);
    expect(store.getState().app.shardId).toBe(2);
  });

  it('does not follow a 421 that names no other shard', async () => {
    let calls = 0;
    server.use(
      http.get(apiPath('/n/:networkId/manage/vision/cameras'), () => {
        calls += 1;
        return HttpResponse.json({ errors: ['Network 102 is served by shard 1'], shard_id: 1 }, { status: 421 });
      }),
    );
    const store = storeWithShard(1);
    const result = await store.dispatch(camerasApi.endpoints.getCameras.initiate({ networkId: 102 }));
    expect(calls).toBe(1);
    expect((result.error as ApiError).status).toBe(421);
    expect((result.error as ApiError).messages).toEqual(['Network 102 is served by shard 1']);
  });

  it('turns a non-JSON answer into "Invalid response type received"', async () => {
    const error = await userCallError(() => new HttpResponse('<html>oops</html>', { status: 200 }));
    expect(error).toEqual({
      status: 200,
      messages: ['Invalid response type received'],
      loginRequired: false,
      passwordExpired: false,
    });
  });

  it('turns a login-mode answer into "No user in session. Login required." and clears the user', async () => {
    server.use(
      http.get(apiPath('/vision/user'), () =>
        HttpResponse.json({ mode: 'login', errors: ['whatever'] }, { status: 401 }),
      ),
    );
    const store = storeWithShard(1);
    const result = await store.dispatch(authApi.endpoints.getUser.initiate());
    expect(result.error).toEqual({
      status: 401,
      messages: ['No user in session. Login required.'],
      loginRequired: true,
      passwordExpired: false,
    });
    expect(store.getState().auth.user).toBeNull();
  });

  it('turns an errors field into one error holding its messages, even with status 200', async () => {
    const error = await userCallError(() => HttpResponse.json({ errors: ['first', 'second'] }, { status: 200 }));
    expect(error.messages).toEqual(['first', 'second']);
    expect(error.status).toBe(200);
  });

  it('keeps the status of an HTTP failure with an errors body', async () => {
    const error = await userCallError(() => HttpResponse.json({ errors: ['Not found'] }, { status: 404 }));
    expect(error).toMatchObject({ status: 404, messages: ['Not found'], loginRequired: false });
  });

  it('reports an HTTP failure without a JSON body as a failure', async () => {
    const error = await userCallError(() => HttpResponse.json(null, { status: 500 }));
    expect(error).toMatchObject({ status: 500, messages: ['HTTP 500'] });
  });

  it.each(['User password expired', 'Please change your password.'])('marks the text answer "%s" as password expired', async (text) => {
    const error = await userCallError(() => new HttpResponse(text, { status: 200 }));
    expect(error).toEqual({ status: 200, messages: [text], loginRequired: false, passwordExpired: true });
  });

  it('reports a network failure with status 0', async () => {
    const error = await userCallError(() => HttpResponse.error());
    expect(error.status).toBe(0);
    expect(error.messages).toHaveLength(1);
  });

  it('returns the sign-in answer of a 401 as data', async () => {
    server.use(
      http.post(apiPath('/login/login'), () =>
        HttpResponse.json({ success: false, error: 'Invalid e-mail or password' }, { status: 401 }),
      ),
    );
    const store = storeWithShard(1);
    const answer = await store
      .dispatch(authApi.endpoints.login.initiate({ email: 'a@b.c', password: 'x', remember: 0 }))
      .unwrap();
    expect(answer).toEqual({ success: false, error: 'Invalid e-mail or password' });
  });
});
