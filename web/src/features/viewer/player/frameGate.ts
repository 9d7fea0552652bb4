import { FRAMES_BEHIND_QUEUE, FRAMES_MAX_DECODE_QUEUE } from '../constants';

/**
 * Which frames of the low-latency transport are decoded and which decoded frames are shown (pure; FramesLiveSession
 * feeds it). The picture must always be the newest frame, never a backlog played at camera speed. Phases:
 * - `waiting-key`: nothing is decoded before a keyframe (start, new `config`, `gap`, decoder far behind);
 * - `joining`: from that keyframe every chunk is decoded (a join sends the current GOP at once, a stalled network
 *   delivers what piled up) and a decoded frame is shown only when no newer chunk waits in the decoder;
 * - `live`: every decoded frame is shown at once;
 * - `behind`: FRAMES_BEHIND_QUEUE chunks were already waiting when one came (a busy main thread delivers messages in
 *   bursts, a busy CPU decodes late): decoded frames are skipped until the decoder's queue runs empty, so the picture
 *   jumps to the newest instead of replaying the backlog; with FRAMES_MAX_DECODE_QUEUE chunks waiting the decoder
 *   cannot keep up and the rest of the GOP is dropped (`waiting-key`). Dropping at once would freeze the picture for
 *   up to a GOP (seconds) on every short burst.
 * A frame not newer than the one on screen is never shown.
 */
export type FramePhase = 'waiting-key' | 'joining' | 'live' | 'behind';

export interface FrameGate {
  phase: FramePhase;
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
  | { type: 'config' }
  /**
   * A decoded frame was put on screen without the gate's 'show' (a prewarmed session's newest frame when its player
   * adopts it): the picture is at the newest decoded frame, so the gate is live from it.
   */
  | { type: 'shown'; timestampUs: number };

export interface FrameGateStep {
  gate: FrameGate;
  /** chunk: decode or drop it; output: show or close it; gap, config, shown: nothing to do. */
  action: 'decode' | 'show' | 'drop' | 'none';
}

export function initialFrameGate(): FrameGate {
  return { phase: 'waiting-key', newestShownUs: null };
}

function onChunk(gate: FrameGate, key: boolean, queued: number): FrameGateStep {
  if (gate.phase === 'waiting-key') {
    return key ? { gate: { ...gate, phase: 'joining' }, action: 'decode' } : { gate, action: 'drop' };
  }
  if (gate.phase === 'behind' && queued >= FRAMES_MAX_DECODE_QUEUE) {
    return key
      ? { gate: { ...gate, phase: 'joining' }, action: 'decode' }
      : { gate: { ...gate, phase: 'waiting-key' }, action: 'drop' };
  }
  if (gate.phase === 'live' && queued >= FRAMES_BEHIND_QUEUE) return { gate: { ...gate, phase: 'behind' }, action: 'decode' };
  return { gate, action: 'decode' };
}

function onOutput(gate: FrameGate, timestampUs: number, queued: number): FrameGateStep {
  if (gate.newestShownUs !== null && timestampUs <= gate.newestShownUs) return { gate, action: 'drop' };
  if ((gate.phase === 'joining' || gate.phase === 'behind') && queued > 0) return { gate, action: 'drop' };
  const phase = gate.phase === 'waiting-key' ? gate.phase : 'live';
  return { gate: { phase, newestShownUs: timestampUs }, action: 'show' };
}

export function stepFrameGate(gate: FrameGate, input: FrameGateInput): FrameGateStep {
  switch (input.type) {
    case 'config':
      return { gate: initialFrameGate(), action: 'none' };
    case 'gap':
      return { gate: { ...gate, phase: 'waiting-key' }, action: 'none' };
    case 'chunk':
      return onChunk(gate, input.key, input.queued);
    case 'output':
      return onOutput(gate, input.timestampUs, input.queued);
    case 'shown':
      return { gate: { phase: 'live', newestShownUs: input.timestampUs }, action: 'none' };
  }
}
