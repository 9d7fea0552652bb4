// Command line of bench/live_latency.mjs, checked before anything starts (a bad value is a one-line error, exit 2).
import { parseArgs } from 'node:util';

/** The portal paths: the camera page forced to one live transport (?transport=…). */
export const PORTAL_TRANSPORTS = { portal_ws: 'ws', portal_hls: 'hls', portal_frames: 'frames' };

/** A number option within [min, max]. */
function numberOption(values, name, min, max) {
  const value = Number(values[name]);
  if (values[name] === '' || !Number.isFinite(value) || value < min || value > max) {
    throw new Error(`--${name} ${values[name]}: expected a number from ${min} to ${max}`);
  }
  return value;
}

/** --page NAME=URL@SELECTOR -> { name, url, selector } */
function customPage(spec) {
  const match = /^([\w-]+)=(\/.*)@([^@]+)$/.exec(spec);
  if (!match) throw new Error(`--page ${spec}: expected NAME=URL@SELECTOR (URL from /)`);
  return { name: match[1], url: match[2], selector: match[3] };
}

/** The options of `args` (process.argv.slice(2)); throws an Error whose message says what is wrong. */
export function readOptions(args) {
  const { values } = parseArgs({
    args,
    options: {
      seconds: { type: 'string', default: '60' },
      'warmup-seconds': { type: 'string', default: '4' },
      'server-seconds': { type: 'string', default: '10' },
      paths: { type: 'string', default: 'janus,portal_ws,portal_hls,portal_frames' },
      page: { type: 'string', multiple: true, default: [] },
      'clock-size': { type: 'string', default: '1920x1080' },
      'clock-fps': { type: 'string', default: '25' },
      'clock-bitrate-kbps': { type: 'string', default: '4000' },
    },
  });
  const pathNames = values.paths.split(',').filter(Boolean);
  for (const name of pathNames) {
    if (name !== 'janus' && !PORTAL_TRANSPORTS[name]) {
      throw new Error(`--paths: unknown path ${name} (janus, ${Object.keys(PORTAL_TRANSPORTS).join(', ')}; others with --page)`);
    }
  }
  if (!/^\d+x\d+$/.test(values['clock-size'])) throw new Error(`--clock-size ${values['clock-size']}: expected WIDTHxHEIGHT`);
  return {
    seconds: numberOption(values, 'seconds', 1, 3600),
    warmupSeconds: numberOption(values, 'warmup-seconds', 0, 600),
    serverSeconds: numberOption(values, 'server-seconds', 0, 3600),
    pathNames,
    pages: values.page.map(customPage),
    clockSize: values['clock-size'],
    clockFps: numberOption(values, 'clock-fps', 1, 120),
    clockBitrateKbps: numberOption(values, 'clock-bitrate-kbps', 50, 100_000),
  };
}
