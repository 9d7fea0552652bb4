import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { json, server } from '../../test/server';
import { signedInState } from '../../test/state';
import { TelemetryBatcher, telemetryBatcher } from './telemetry';
import { telemetryPath } from './test/motionFixtures';
import type { MotionTelemetryEvent } from './types';

function telemetryEvent(cameraId: number): MotionTelemetryEvent {
  return {
    cameraId,
    networkId: 5,
    searchDuration: 120,
    resultCount: 3,
    withPeople: false,
    withVehicles: false,
    withNightmode: false,
    includeAttributes: false,
    feature: 'motion_search',
    eventId: `search-${cameraId}`,
    startTime: 1000,
    endTime: 2000,
  };
}

describe('motion search telemetry', () => {
  afterEach(() => vi.useRealTimers());

  it('sends one batch 5 minutes after the first queued event', () => {
    vi.useFakeTimers();
    const send = vi.fn();
    const batcher = new TelemetryBatcher(send);
    batcher.queue(telemetryEvent(1));
    vi.advanceTimersByTime(200_000);
    batcher.queue(telemetryEvent(2));
    vi.advanceTimersByTime(99_999);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][0].map((event: MotionTelemetryEvent) => event.cameraId)).toEqual([1, 2]);
    expect(batcher.pending).toBe(0);

    // The next event opens a new 5 minute window.
    batcher.queue(telemetryEvent(3));
    vi.advanceTimersByTime(299_999);
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('posts the batch with the client app and the CSRF header through the base client', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const posts: { body: unknown; csrf: string | null }[] = [];
    server.use(
      http.post(telemetryPath, async ({ request }) => {
        posts.push({ body: await request.json(), csrf: request.headers.get('X-CSRF-Token') });
        return json({ success: true });
      }),
    );
    const store = makeStore(signedInState());
    telemetryBatcher(store.dispatch).queue(telemetryEvent(1001));
    expect(telemetryBatcher(store.dispatch).pending).toBe(1);
    await vi.advanceTimersByTimeAsync(300_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].csrf).toBe('csrf-1');
    expect(posts[0].body).toEqual({
      clientApp: { name: 'portal', appVersion: expect.stringMatching(/^\d+\.\d+\.\d+/) },
      telemetryEvents: [telemetryEvent(1001)],
    });
  });
});
