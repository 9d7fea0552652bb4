import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appActions } from '../../app/appSlice';
import { makeStore } from '../../app/store';
import { adminUser, viewerUser } from '../../test/fixtures';
import { recordRequests } from '../../test/requestLog';
import { authActions } from '../auth/authSlice';
import { prefetchCameraList } from './prefetchCameraList';

const LIST = 'GET /n4/n/5/manage/vision/cameras';
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('prefetchCameraList', () => {
  const requests = recordRequests();

  it('administrators: asks for the list once the network context is in, on the shard it gave', async () => {
    const store = makeStore();
    prefetchCameraList(store, 5);
    store.dispatch(authActions.userLoaded(adminUser));
    store.dispatch(authActions.networkContextStarted(5));
    await settle();
    expect(requests).toEqual([]); // the shard is not known yet
    store.dispatch(appActions.shardChanged(4));
    store.dispatch(authActions.networkContextLoaded({ network_id: 5 } as never));
    await waitFor(() => expect(requests).toEqual([LIST]));
    store.dispatch(appActions.initSucceeded());
    await settle();
    expect(requests).toEqual([LIST]); // once
  });

  it('others: asks once the start-up is done', async () => {
    const store = makeStore();
    prefetchCameraList(store, 5);
    store.dispatch(appActions.shardChanged(4));
    store.dispatch(authActions.userLoaded(viewerUser));
    await settle();
    expect(requests).toEqual([]);
    store.dispatch(appActions.initSucceeded());
    await waitFor(() => expect(requests).toEqual([LIST]));
  });

  it('asks nothing when the start-up fails, nobody is signed in, or the caller stopped waiting', async () => {
    const failed = makeStore();
    prefetchCameraList(failed, 5);
    failed.dispatch(appActions.initFailed(['boom']));
    failed.dispatch(authActions.networkContextLoaded({ network_id: 5 } as never));
    const signedOut = makeStore();
    prefetchCameraList(signedOut, 5);
    signedOut.dispatch(appActions.initSucceeded());
    signedOut.dispatch(authActions.networkContextLoaded({ network_id: 5 } as never));
    const stopped = makeStore();
    prefetchCameraList(stopped, 5)();
    stopped.dispatch(authActions.networkContextLoaded({ network_id: 5 } as never));
    await settle();
    expect(requests).toEqual([]);
  });
});
