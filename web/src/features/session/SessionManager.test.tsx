import { act, fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../app/browser';
import { adminUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { recordRequests } from '../../test/requestLog';
import { apiErrors, apiPath, server } from '../../test/server';
import { signedInState } from '../../test/state';
import { keepAliveIntervalMs } from './sessionTiming';
import { SessionManager } from './SessionManager';

/** One-minute idle timeout: the dialog opens after 30 s idle. */
const user = { ...adminUser, min_idle_timeout: 1 };

function renderManager(route = '/n/5/cameras') {
  return renderWithProviders(<SessionManager />, { route, preloadedState: signedInState(user) });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('SessionManager', () => {
  const requests = recordRequests();
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('opens the expiry dialog after the idle timeout minus 30 s and counts down', async () => {
    renderManager();
    await advance(29_000);
    expect(screen.queryByText('Your session is about to expire')).not.toBeInTheDocument();
    await advance(1_000);
    expect(screen.getByText('Your session is about to expire')).toBeInTheDocument();
    expect(screen.getByText('You will be signed out in 30 seconds because of inactivity.')).toBeInTheDocument();
    await advance(29_000);
    expect(screen.getByText('You will be signed out in 1 second because of inactivity.')).toBeInTheDocument();
  });

  it('activity resets the idle timer', async () => {
    renderManager();
    await advance(20_000);
    fireEvent.keyDown(window, { key: 'a' });
    await advance(20_000);
    expect(screen.queryByText('Your session is about to expire')).not.toBeInTheDocument();
    await advance(10_000);
    expect(screen.getByText('Your session is about to expire')).toBeInTheDocument();
  });

  it('Continue refreshes the session and closes the dialog', async () => {
    renderManager();
    await advance(30_000);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await advance(10);
    expect(requests).toContain('POST /n1/vision/session/refresh');
    await advance(500);
    expect(screen.queryByText('Your session is about to expire')).not.toBeInTheDocument();
  });

  it('logs off at 0 and goes to the session-timeout sign-in', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderManager();
    await advance(30_000);
    await advance(30_000);
    await advance(10);
    expect(requests).toContain('GET /n1/login/logout');
    expect(assign).toHaveBeenCalledWith('/login?sessionTimeout=true');
  });

  it('a failed refresh logs the user off', async () => {
    server.use(http.post(apiPath('/vision/session/refresh'), () => apiErrors(['expired'], 403)));
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderManager();
    await advance(30_000);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await advance(10);
    expect(assign).toHaveBeenCalledWith('/login?sessionTimeout=true');
  });

  it('Sign out signs out', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    renderManager();
    await advance(30_000);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await advance(10);
    expect(reload).toHaveBeenCalled();
  });

  it('keeps the session alive only after activity, or on a video-wall path', async () => {
    renderManager();
    await advance(10_000);
    expect(requests).not.toContain('POST /n1/vision/session/refresh');
    fireEvent.mouseDown(window);
    await advance(10_000);
    expect(requests.filter((r) => r === 'POST /n1/vision/session/refresh')).toHaveLength(1);
  });

  it('refreshes on video-wall paths without activity', async () => {
    renderManager('/n/5/video-walls/3');
    await advance(10_000);
    expect(requests).toContain('POST /n1/vision/session/refresh');
  });
});

describe('keepAliveIntervalMs', () => {
  it.each([
    [60_000, 10_000],
    [300_000, 30_000],
    [300_001, 60_000],
  ])('timeout %i ms → every %i ms', (timeout, interval) => {
    expect(keepAliveIntervalMs(timeout)).toBe(interval);
  });
});
