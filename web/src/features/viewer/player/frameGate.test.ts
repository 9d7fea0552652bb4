import { describe, expect, it } from 'vitest';
import { FRAMES_BEHIND_QUEUE, FRAMES_MAX_DECODE_QUEUE } from '../constants';
import { type FrameGate, type FrameGateInput, initialFrameGate, stepFrameGate } from './frameGate';

/** Runs `inputs` through a gate; returns the actions and the gate after them. */
function run(inputs: FrameGateInput[], gate: FrameGate = initialFrameGate()) {
  const actions: string[] = [];
  for (const input of inputs) {
    const step = stepFrameGate(gate, input);
    gate = step.gate;
    actions.push(step.action);
  }
  return { actions, gate };
}

const chunk = (key: boolean, queued = 0): FrameGateInput => ({ type: 'chunk', key, queued });
const output = (timestampUs: number, queued = 0): FrameGateInput => ({ type: 'output', timestampUs, queued });

/** A gate that has joined and shows live frames (the decoder's queue ran empty once). */
function live(): FrameGate {
  return run([chunk(true), output(1_000)]).gate;
}

describe('frame gate (which frames are decoded and shown)', () => {
  it('decodes nothing before the first keyframe', () => {
    expect(run([chunk(false), chunk(false), chunk(true), chunk(false)]).actions).toEqual(['drop', 'drop', 'decode', 'decode']);
  });

  it('joins on the GOP burst: decodes all of it, shows only the newest once the decoder caught up', () => {
    // The server sends the current GOP from its keyframe at once: 5 chunks queue up before the first output.
    const burst = [chunk(true, 0), chunk(false, 1), chunk(false, 2), chunk(false, 3), chunk(false, 4), chunk(false, 5)];
    const outputs = [output(100, 4), output(200, 3), output(300, 2), output(400, 1), output(500, 0), output(600, 0)];
    const { actions, gate } = run([...burst, ...outputs]);
    expect(actions.slice(0, 6)).toEqual(Array(6).fill('decode'));
    expect(actions.slice(6)).toEqual(['drop', 'drop', 'drop', 'drop', 'show', 'show']);
    expect(gate).toEqual({ phase: 'live', newestShownUs: 600 });
  });

  it('shows every frame once live, even when the next chunk already waits', () => {
    const { actions } = run([chunk(false, 0), chunk(false, 1), output(2_000, 1), output(3_000, 0)], live());
    expect(actions).toEqual(['decode', 'decode', 'show', 'show']);
  });

  it('a frame put on screen from outside the gate (a prewarmed session adopted mid-join) makes it live from there', () => {
    // The join's outputs all still saw chunks waiting; the player shows the newest of them when it adopts the session.
    const joining = run([chunk(true, 0), chunk(false, 1), chunk(false, 2), output(100, 2), output(200, 1)]).gate;
    expect(joining.phase).toBe('joining');
    const { actions, gate } = run([{ type: 'shown', timestampUs: 200 }, output(150, 1), output(300, 1)], joining);
    expect(actions).toEqual(['none', 'drop', 'show']); // the next newer frame shows at once, no waiting for an empty queue
    expect(gate).toEqual({ phase: 'live', newestShownUs: 300 });
  });

  it('never shows a frame not newer than the one on screen', () => {
    const { actions } = run([output(1_000), output(900), output(1_001)], live());
    expect(actions).toEqual(['drop', 'drop', 'show']);
  });

  it(`skips the backlog when ${FRAMES_BEHIND_QUEUE} chunks already wait (a burst): shows the newest once caught up`, () => {
    const burst = [
      chunk(false, FRAMES_BEHIND_QUEUE - 1),
      chunk(false, FRAMES_BEHIND_QUEUE),
      chunk(false, FRAMES_BEHIND_QUEUE + 1),
    ];
    const { actions, gate } = run(
      [...burst, output(2_000, 2), output(3_000, 1), output(4_000, 0), chunk(false, 0), output(5_000, 1)],
      live(),
    );
    expect(actions).toEqual(['decode', 'decode', 'decode', 'drop', 'drop', 'show', 'decode', 'show']);
    expect(gate.phase).toBe('live');
  });

  it(`drops to the next keyframe when ${FRAMES_MAX_DECODE_QUEUE} chunks wait while behind (the decoder cannot keep up)`, () => {
    const { actions, gate } = run(
      [
        chunk(false, FRAMES_BEHIND_QUEUE),
        chunk(false, FRAMES_MAX_DECODE_QUEUE - 1),
        chunk(false, FRAMES_MAX_DECODE_QUEUE),
        chunk(false, 0),
        chunk(true, 0),
        chunk(false, 1),
        output(5_000, 1),
        output(6_000, 0),
      ],
      live(),
    );
    expect(actions).toEqual(['decode', 'decode', 'drop', 'drop', 'decode', 'decode', 'drop', 'show']);
    expect(gate.phase).toBe('live');
  });

  it('never drops the GOP of a join, however long', () => {
    const burst = Array.from({ length: FRAMES_MAX_DECODE_QUEUE * 3 }, (_, i) => chunk(i === 0, i));
    expect(run(burst).actions).toEqual(burst.map(() => 'decode'));
  });

  it('after gap waits for the keyframe and joins from it (a stalled network resumes at the live edge)', () => {
    // Frames the network held back arrive at once after the stall (the view falls behind), then gap and a keyframe.
    const backlog = [chunk(false, 0), chunk(false, 1), chunk(false, 2), chunk(false, 3), chunk(false, 4)];
    const { actions } = run(
      [...backlog, { type: 'gap' }, chunk(false, 5), chunk(true, 5), output(2_000, 5), output(9_000, 0)],
      live(),
    );
    expect(actions).toEqual(['decode', 'decode', 'decode', 'decode', 'decode', 'none', 'drop', 'decode', 'drop', 'show']);
  });

  it('a new config starts over: keyframe first, a timeline of its own', () => {
    const { actions, gate } = run([{ type: 'config' }, chunk(false), chunk(true), output(500)], live());
    expect(actions).toEqual(['none', 'drop', 'decode', 'show']);
    expect(gate.newestShownUs).toBe(500);
  });
});
