// Figure lines of bench/live_latency.mjs (one per line, targets in parentheses).
import os from 'node:os';
import { FREEZE_MS } from './clock_stats.mjs';
import { fmt, percentile, printStats } from './util.mjs';

// Issue 18's targets for the low-latency path (a later step); the portal's current paths are printed against them.
const TARGET_P50_MS = 100;
const TARGET_P90_MS = 150;
const TARGET_CPU_FACTOR = 1.2; // x the WebRTC peer's Chromium CPU

/** The server-side figures (measureServer's result). */
export function printServerFigures({ rows, edgeAgesMs, info, allPartDurations }) {
  console.log(`live.part_target_s: ${info.partTarget}   part_hold_back_s: ${info.partHoldBack}`);
  console.log(`live.part_duration_ms.p50: ${fmt(percentile(allPartDurations, 50) * 1000)}`);
  console.log(`live.keyframe_part_samples.p50: ${fmt(percentile(rows.map((row) => row.samples), 50))}`);
  printStats('live.server_announce_ms', rows.map((row) => row.announceMs));
  printStats('live.server_latency_ms', rows.map((row) => row.receiveMs), 'target <= 250');
  console.log(`live.server_edge_age_ms.p50: ${fmt(percentile(edgeAgesMs, 50))}   (X-Argus-Edge-Age-Us, ${edgeAgesMs.length} playlists)`);
}

/**
 * One measured path. `reference`: the WebRTC peer's result (its Chromium CPU sets the CPU target), or null when this
 * is the peer or it was not measured. `cameraFps`: what the clock camera sends.
 */
export function printPathFigures(name, { figures, cpuPct, loadAverage, reader, info }, { reference, cameraFps, seconds }) {
  const prefix = `live.${name}`;
  const isReference = name === 'janus';
  const target = (text) => (isReference ? '   (reference peer)' : `   (${text})`);
  const details = [
    reader.transport && `transport ${reader.transport}`,
    `video ${reader.size}`,
    `read by ${reader.method || 'nothing'}`,
    info.offerCodecs && `offer ${info.offerCodecs}`,
  ].filter(Boolean);
  console.log(`${prefix}.page: ${details.join(', ')}`);
  console.log(`${prefix}.camera_to_screen_ms.samples: ${figures.samples}   (${seconds} s)`);
  console.log(`${prefix}.camera_to_screen_ms.p50: ${fmt(figures.p50)}${target(`target <= ${TARGET_P50_MS}`)}`);
  console.log(`${prefix}.camera_to_screen_ms.p90: ${fmt(figures.p90)}${target(`target <= ${TARGET_P90_MS}`)}`);
  console.log(`${prefix}.camera_to_screen_ms.max: ${fmt(figures.max)}`);
  console.log(
    `${prefix}.freezes_over_${FREEZE_MS}ms: ${figures.freezes}   longest_ms: ${fmt(figures.longestFreezeMs)}${target(`target: none over ${FREEZE_MS} ms in 10 min`)}`,
  );
  console.log(
    `${prefix}.frames_shown_per_s: ${figures.framesPerS.toFixed(1)}   (camera ${cameraFps}; never shown ${figures.skipped}, unreadable reads ${reader.unreadable}, not playing ${reader.notPlaying})`,
  );
  const cpuTarget = reference ? `target <= ${TARGET_CPU_FACTOR} x janus = ${(reference.cpuPct.chromium * TARGET_CPU_FACTOR).toFixed(1)}` : 'no janus figure to compare';
  console.log(`${prefix}.chromium_cpu_pct: ${cpuPct.chromium.toFixed(1)}${target(cpuTarget)}`);
  for (const [label, pct] of Object.entries(cpuPct)) {
    if (label !== 'chromium') console.log(`${prefix}.${label}_cpu_pct: ${pct.toFixed(1)}`);
  }
  console.log(`${prefix}.load_average_1m: ${loadAverage.toFixed(1)}   (${os.cpus().length} cores; above that, other work skews the figures)`);
  if (reader.errors?.length) console.error(`${prefix}: reader notes: ${reader.errors.join(' | ')}`);
}
