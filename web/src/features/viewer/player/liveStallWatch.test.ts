import { describe, expect, it } from 'vitest';
import { LIVE_STALL_MS, LIVE_STALL_RECONNECT_MS } from '../constants';
import { initialStallWatch, stepStallWatch, type StallInput } from './liveStallWatch';

/** Runs inputs through a fresh watch and lists what it said and asked for, as 'time:what'. */
function run(inputs: StallInput[]) {
  let watch = initialStallWatch();
  const out: string[] = [];
  for (const input of inputs) {
    const step = stepStallWatch(watch, input);
    watch = step.watch;
    if (step.event) out.push(`${input.nowMs}:${step.event}`);
    if (step.reconnect) out.push(`${input.nowMs}:reconnect`);
  }
  return { out, watch };
}

const tick = (nowMs: number, paused = false): StallInput => ({ type: 'tick', nowMs, paused });
const media = (nowMs: number): StallInput => ({ type: 'media', nowMs });
const offline = (nowMs: number): StallInput => ({ type: 'offline', nowMs });

describe('live stall watch', () => {
  it('says stalled when no new media came for 1.2 s, reconnects at once and every second, plays on with new media', () => {
    expect([LIVE_STALL_MS, LIVE_STALL_RECONNECT_MS]).toEqual([1200, 1000]);
    const { out, watch } = run([
      media(0),
      tick(1000),
      media(1200),
      tick(2300),
      tick(2400),
      tick(2700),
      tick(3300),
      tick(3400),
      tick(4350),
      tick(4400),
      media(5000),
      tick(6000),
      tick(6100),
    ]);
    expect(out).toEqual(['2400:stalled', '2400:reconnect', '3400:reconnect', '4400:reconnect', '5000:playing']);
    expect(watch.stalled).toBe(false);
  });

  it('watches nothing before the first media (connecting has its own limits)', () => {
    expect(run([tick(0), tick(5000), tick(60_000)]).out).toEqual([]);
  });

  it('does not call a paused live view stalled, nor right after it plays again', () => {
    expect(run([media(0), tick(1000, true), tick(9000, true), tick(9100), tick(10_100)]).out).toEqual([]);
    expect(run([media(0), tick(1000, true), tick(9000, true), tick(10_600)]).out).toEqual(['10600:stalled', '10600:reconnect']);
  });

  it('leaves an offline camera to the server (no reconnects) and plays on when its media returns', () => {
    const { out, watch } = run([media(0), tick(1500), offline(2000), tick(3000), tick(10_000), media(12_000), tick(12_100)]);
    expect(out).toEqual(['1500:stalled', '1500:reconnect', '12000:playing']);
    expect(watch.offline).toBe(false);
  });

  it('does not report every fragment, only the first one after a stall or an offline camera', () => {
    expect(run([media(0), media(200), media(400), tick(500)]).out).toEqual([]);
  });
});
