import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appActions } from '../../../app/appSlice';
import { makeStore } from '../../../app/store';
import { adminUser } from '../../../test/fixtures';
import { recordRequests } from '../../../test/requestLog';
import { authActions } from '../../auth/authSlice';
import { prefetchWallList } from './prefetchWallList';

const LIST = 'GET /n4/n/5/manage/vision/walls';
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('prefetchWallList', () => {
  const requests = recordRequests();

  it('asks for the walls once the network context is in, on the shard it gave, and once only', async () => {
    const store = makeStore();
    prefetchWallList(store, 5);
    store.dispatch(authActions.userLoaded(adminUser));
    store.dispatch(authActions.networkContextStarted(5));
    await settle();
    expect(requests).toEqual([]);
    store.dispatch(appActions.shardChanged(4));
    store.dispatch(authActions.networkContextLoaded({ network_id: 5 } as never));
    await waitFor(() => expect(requests).toEqual([LIST]));
    store.dispatch(appActions.initSucceeded());
    await settle();
    expect(requests).toEqual([LIST]);
  });

  it('asks nothing when the start-up fails', async () => {
    const store = makeStore();
    prefetchWallList(store, 5);
    store.dispatch(appActions.initFailed(['boom']));
    store.dispatch(authActions.networkContextLoaded({ network_id: 5 } as never));
    await settle();
    expect(requests).toEqual([]);
  });
});
