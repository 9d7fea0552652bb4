import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrors, apiPath, server } from '../../../test/server';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInState } from '../../../test/state';
import { MEMORY_REPORT_MS } from '../model/rotation';
import { type MemoryTelemetryState, useMemoryTelemetry } from './useMemoryTelemetry';

const memory = { totalJSHeapSize: 40_000_000, usedJSHeapSize: 30_000_000, jsHeapSizeLimit: 4_000_000_000 };
const state: MemoryTelemetryState = { videoWallId: 7001, isRotating: true, orgId: 10, networkId: 5, userId: 1 };

function Probe({ enabled }: { enabled: boolean }) {
  useMemoryTelemetry(enabled, state);
  return null;
}

function recordPosts(answer: () => Response = () => new HttpResponse(null, { status: 204 })) {
  const posts: { body: unknown; csrf: string | null }[] = [];
  server.use(
    http.post(apiPath('/manage/video/client_memory_telemetry'), async ({ request }) => {
      posts.push({ body: await request.json(), csrf: request.headers.get('X-CSRF-Token') });
      return answer();
    }),
  );
  return posts;
}

// testing-library's waitFor polls with setInterval, which these tests fake: vi.waitFor keeps real timers.
describe('memory telemetry while a wall page is open', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    Object.defineProperty(performance, 'memory', { value: memory, configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(performance, 'memory');
  });

  it('posts a report after each period (the first after one period) with the CSRF token', async () => {
    const posts = recordPosts();
    renderWithProviders(<Probe enabled />, { preloadedState: signedInState() });
    act(() => vi.advanceTimersByTime(MEMORY_REPORT_MS - 1));
    expect(posts).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].csrf).toBe('csrf-1');
    expect(posts[0].body).toMatchObject({
      client: expect.objectContaining({ os: null, browser: null }), // jsdom's agent names neither
      clientApp: { name: 'argus-portal', appVersion: expect.stringMatching(/^\d+\.\d+\.\d+/) },
      memoryStats: { ...memory, ...{ videoWallId: 7001, isRotating: true, isFullscreen: false, orgId: 10, networkId: 5 } },
      user: { id: 1 },
    });
    expect((posts[0].body as { memoryStats: { snapshotTime: number } }).memoryStats.snapshotTime).toBeGreaterThan(0);
    act(() => vi.advanceTimersByTime(MEMORY_REPORT_MS));
    await vi.waitFor(() => expect(posts).toHaveLength(2));
  });

  it('sends nothing with the flag off or without performance.memory', async () => {
    const posts = recordPosts();
    const { unmount } = renderWithProviders(<Probe enabled={false} />, { preloadedState: signedInState() });
    act(() => vi.advanceTimersByTime(MEMORY_REPORT_MS * 2));
    unmount();
    Reflect.deleteProperty(performance, 'memory');
    renderWithProviders(<Probe enabled />, { preloadedState: signedInState() });
    act(() => vi.advanceTimersByTime(MEMORY_REPORT_MS * 2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(posts).toHaveLength(0);
  });

  it('a refused report (429) is only logged at debug level', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error');
    const posts = recordPosts(() => apiErrors(['Too many reports'], 429));
    renderWithProviders(<Probe enabled />, { preloadedState: signedInState() });
    act(() => vi.advanceTimersByTime(MEMORY_REPORT_MS));
    await vi.waitFor(() => expect(debug).toHaveBeenCalledWith('memory telemetry not sent', expect.anything()));
    expect(posts).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
    debug.mockRestore();
    error.mockRestore();
  });
});
