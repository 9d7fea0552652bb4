// Small helpers of bench/live_latency.mjs: timing, percentiles, figure lines, a free loopback port.
import net from 'node:net';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const nowUs = () => Date.now() * 1000;

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}
export const fmt = (value) => (Number.isFinite(value) ? String(Math.round(value)) : 'n/a');

export function printStats(name, values, target = '') {
  const suffix = target ? `   (${target})` : '';
  console.log(`${name}.samples: ${values.length}`);
  console.log(`${name}.p50: ${fmt(percentile(values, 50))}${suffix}`);
  console.log(`${name}.p90: ${fmt(percentile(values, 90))}`);
  console.log(`${name}.max: ${fmt(values.length ? Math.max(...values) : NaN)}`);
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
