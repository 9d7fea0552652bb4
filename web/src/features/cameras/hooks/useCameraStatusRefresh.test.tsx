import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath, json, server } from '../../../test/server';
import type { CameraUpdate } from '../cameraModel';
import { CHANNEL_REFRESH_EVERY, STATUS_REFRESH_INTERVAL_MS } from '../constants';
import { makeCamera, NETWORK_ID } from '../test/fixtures';
import { useLayoutSize } from '../test/layoutSize';
import { renderCameraArea } from '../test/renderCameraArea';
import { refreshFields } from './useCameraStatusRefresh';

describe('refreshFields', () => {
  it('asks for the status with why a camera is offline or not recording, and the channel every 120th refresh only', () => {
    const status = 'id,status,offline_reason,offline_since_ms,recording_problem';
    expect(refreshFields(1)).toBe(status);
    expect(refreshFields(119)).toBe(status);
    expect(refreshFields(120)).toBe(`${status},channel`);
    expect(refreshFields(240)).toBe(`${status},channel`);
  });
});

/** Polls with real timeouts: waitFor polls with setInterval, which these tests fake. */
async function until(done: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 500 && !done(); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  expect(done()).toBe(true);
}

describe('camera status refresh', () => {
  useLayoutSize();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('merges id,status every 30 s and the channel every 120th time into the cached list', async () => {
    const requestedFields: string[] = [];
    // Like the server: only the requested fields.
    let updates: Pick<Required<CameraUpdate>, 'id' | 'status' | 'channel'>[] = [];
    server.use(
      http.get(apiPath('/n/:networkId/manage/vision/cameras'), ({ request }) => {
        const fields = new URL(request.url).searchParams.get('fields');
        if (!fields) return json([makeCamera(1, { name: 'Lobby' }), makeCamera(2, { name: 'Yard' })]);
        requestedFields.push(fields);
        const withChannel = fields.includes('channel');
        return json(updates.map(({ id, status, channel }) => (withChannel ? { id, status, channel } : { id, status })));
      }),
    );
    const { store } = renderCameraArea(`/n/${NETWORK_ID}/cameras/1`);
    const noRequestPending = () =>
      Object.values(store.getState().api.queries).every((query) => query?.status !== 'pending');
    const lobby = await screen.findByRole('link', { name: 'Lobby' });
    expect(within(lobby).queryByText('Offline')).not.toBeInTheDocument();

    updates = [{ id: 1, status: 'offline', channel: { id: 10, snapshot_url: null } }];
    act(() => vi.advanceTimersByTime(STATUS_REFRESH_INTERVAL_MS));
    await waitFor(() => expect(within(lobby).getByText('Offline')).toBeInTheDocument());
    expect(requestedFields).toEqual(['id,status,offline_reason,offline_since_ms,recording_problem']);
    // The page shows the merged status too, and the rest of the camera is intact.
    expect(within(screen.getByTestId('camera-page')).getByTestId('camera-status')).toHaveTextContent(/^Offline$/);
    expect(screen.getByRole('link', { name: 'Yard' })).toBeInTheDocument();

    updates = [{ id: 1, status: 'active', channel: { id: 10, snapshot_url: '/snap/1-new.jpg' } }];
    // One refresh at a time, as in real life 30 s apart (RTK Query skips a request while the same one is pending).
    for (let refresh = 2; refresh <= CHANNEL_REFRESH_EVERY; refresh += 1) {
      act(() => vi.advanceTimersByTime(STATUS_REFRESH_INTERVAL_MS));
      await act(() => until(() => requestedFields.length === refresh && noRequestPending()));
    }
    expect(requestedFields.at(-1)).toBe('id,status,offline_reason,offline_since_ms,recording_problem,channel');
    expect(requestedFields.filter((fields) => fields.endsWith(',channel'))).toHaveLength(1);
    await waitFor(() => expect(lobby.querySelector('img')).toHaveAttribute('src', '/snap/1-new.jpg'));
    expect(within(lobby).queryByText('Offline')).not.toBeInTheDocument();
    // 120 refresh cycles, each re-rendering the camera page: generous on a loaded 2-core machine.
  }, 30_000);
});
