import { LIVE_STALL_MS, LIVE_STALL_RECONNECT_MS } from '../constants';

/**
 * Transport-agnostic stall detection of a live view (issue 17 item 2): a pure state machine fed with "new media
 * arrived" (any transport: a WS fragment, an HLS part, the video's time moving), ticks of the clock and the server's
 * offline word. It says when the view is stalled (no media for LIVE_STALL_MS while playing), when to reconnect (at once,
 * then every LIVE_STALL_RECONNECT_MS; never while the server says the camera is offline) and when it plays again.
 */
export interface StallWatch {
  /** When media last arrived, or the view last was paused (a paused view waits for nothing); null before any media. */
  referenceMs: number | null;
  stalled: boolean;
  /** The server said the camera is offline; reconnecting is its job then. */
  offline: boolean;
  lastReconnectMs: number | null;
}

export type StallInput =
  | { type: 'media'; nowMs: number }
  | { type: 'tick'; nowMs: number; paused: boolean }
  | { type: 'offline'; nowMs: number };

export interface StallStep {
  watch: StallWatch;
  event?: 'stalled' | 'playing';
  reconnect?: boolean;
}

export function initialStallWatch(): StallWatch {
  return { referenceMs: null, stalled: false, offline: false, lastReconnectMs: null };
}

export function stepStallWatch(watch: StallWatch, input: StallInput): StallStep {
  const { nowMs } = input;
  if (input.type === 'media') {
    const recovered = watch.stalled || watch.offline;
    const next: StallWatch = { referenceMs: nowMs, stalled: false, offline: false, lastReconnectMs: null };
    return recovered ? { watch: next, event: 'playing' } : { watch: next };
  }
  if (input.type === 'offline') return { watch: { ...watch, offline: true } };
  if (watch.referenceMs === null) return { watch };
  if (input.paused) return { watch: { ...watch, referenceMs: nowMs } };
  if (watch.offline) return { watch };
  if (!watch.stalled) {
    if (nowMs - watch.referenceMs < LIVE_STALL_MS) return { watch };
    return { watch: { ...watch, stalled: true, lastReconnectMs: nowMs }, event: 'stalled', reconnect: true };
  }
  if (watch.lastReconnectMs !== null && nowMs - watch.lastReconnectMs < LIVE_STALL_RECONNECT_MS) return { watch };
  return { watch: { ...watch, lastReconnectMs: nowMs }, reconnect: true };
}
