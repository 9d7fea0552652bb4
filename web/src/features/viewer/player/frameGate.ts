import { FRAMES_MAX_DECODE_QUEUE } from '../constants';

/**
 * Which frames of the low-latency transport are decoded and which decoded frames are shown (pure; FramesLiveSession
 * feeds it). The picture must always be the newest frame, never a backlog played at camera speed:
 * - nothing is decoded before a keyframe: at the start, after a new `config`, after `gap` (the server dropped frames),
 *   and after the decoder fell behind — more than FRAMES_MAX_DECODE_QUEUE chunks waiting while live;
 * - catching up (from such a keyframe until the decoder's queue first runs empty: a join sends the whole current GOP
 *   at once, a stalled network delivers what piled up) a decoded frame is shown only when no newer chunk waits;
 * - a frame not newer than the one on screen is never shown.
 */
export interface FrameGate {
  waitingForKey: boolean;
  catchingUp: boolean;
  /** Timestamp (µs) of the newest frame shown, null before any. */
  newestShownUs: number | null;
}

export type FrameGateInput =
  /** A chunk arrived; `queued` is the decoder's decodeQueueSize before it is decoded. */
  | { type: 'chunk'; key: boolean; queued: number }
  /** The decoder produced a frame; `queued` is its decodeQueueSize now. */
  | { type: 'output'; timestampUs: number; queued: number }
  /** `gap`: the next chunk that can be decoded is a keyframe. */
  | { type: 'gap' }
  /** A new `config` (new parameter sets, the camera back after offline): a new stream, its own timeline. */
  | { type: 'config' };

export interface FrameGateStep {
  gate: FrameGate;
  /** chunk: decode or drop it; output: show or close it; gap, config: nothing to do. */
  action: 'decode' | 'show' | 'drop' | 'none';
}

export function initialFrameGate(): FrameGate {
  return { waitingForKey: true, catchingUp: true, newestShownUs: null };
}

export function stepFrameGate(gate: FrameGate, input: FrameGateInput): FrameGateStep {
  switch (input.type) {
    case 'config':
      return { gate: initialFrameGate(), action: 'none' };
    case 'gap':
      return { gate: { ...gate, waitingForKey: true, catchingUp: true }, action: 'none' };
    case 'chunk': {
      if (input.key) {
        const catchingUp = gate.catchingUp || gate.waitingForKey;
        return { gate: { ...gate, waitingForKey: false, catchingUp }, action: 'decode' };
      }
      if (gate.waitingForKey) return { gate, action: 'drop' };
      if (!gate.catchingUp && input.queued >= FRAMES_MAX_DECODE_QUEUE) {
        return { gate: { ...gate, waitingForKey: true, catchingUp: true }, action: 'drop' };
      }
      return { gate, action: 'decode' };
    }
    case 'output': {
      if (gate.newestShownUs !== null && input.timestampUs <= gate.newestShownUs) return { gate, action: 'drop' };
      if (gate.catchingUp && input.queued > 0) return { gate, action: 'drop' };
      return { gate: { ...gate, catchingUp: false, newestShownUs: input.timestampUs }, action: 'show' };
    }
  }
}
