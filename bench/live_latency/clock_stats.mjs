// Figures of one measured live path from the clock reader's samples ([shown at ms, capture ms, sequence], one per new
// frame on screen) over a window [startMs, endMs] (wall clock).
import { percentile } from './util.mjs';

export const FREEZE_MS = 300;

export function clockFigures(samples, startMs, endMs) {
  const inWindow = samples.filter(([shownMs]) => shownMs >= startMs && shownMs <= endMs);
  const latencies = inWindow.map(([shownMs, captureMs]) => shownMs - captureMs);
  // Freezes: no new frame for more than FREEZE_MS, including before the first and after the last one of the window.
  const times = [startMs, ...inWindow.map(([shownMs]) => shownMs), endMs];
  const gaps = times.slice(1).map((time, i) => time - times[i]);
  const freezes = gaps.filter((gap) => gap > FREEZE_MS);
  // Frames the camera sent that never reached the screen (sequence numbers are frame numbers mod 256).
  let skipped = 0;
  for (let i = 1; i < inWindow.length; i += 1) skipped += (inWindow[i][2] - inWindow[i - 1][2] + 255) % 256;
  return {
    samples: inWindow.length,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    max: latencies.length ? Math.max(...latencies) : NaN,
    min: latencies.length ? Math.min(...latencies) : NaN,
    freezes: freezes.length,
    longestFreezeMs: freezes.length ? Math.max(...freezes) : 0,
    framesPerS: inWindow.length / ((endMs - startMs) / 1000),
    skipped,
  };
}
