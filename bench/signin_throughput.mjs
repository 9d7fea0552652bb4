// Sign-in throughput and the cost of a session-checked call under sign-in load (issue 12), against `argusd --demo`
// (its cameras record meanwhile, as in production). Prints:
//   - sign-ins per second with one client (one sign-in at a time: about one core's argon2id) and with 8 clients, and the
//     latter per core of this machine;
//   - p50/p99 of GET /vision/user (session, CSRF-free read) from 16 clients, alone and while 8 clients sign in.
// Each sign-in comes from its own address (X-Forwarded-For through `--trusted-proxy 127.0.0.1/32`), so that the
// per-address throttle (docs/design/sessions.md) does not take the bench for an attack.
// Usage: node bench/signin_throughput.mjs [seconds_per_phase=5]   Env: ARGUSD_BIN (another build).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { killOnExit, startDemoServer, stopDemoServer } from './support/demo_server.mjs';
import { call as callAt, percentile, signIn as signInAt } from './support/http_calls.mjs';

const phaseMs = Number(process.argv[2] ?? 5) * 1000;
const SIGN_IN_CLIENTS = 8;
const READ_CLIENTS = 16;

let server = null;
killOnExit(() => server);

const call = (agent, method, urlPath, options) => callAt(Number(new URL(server.base).port), agent, method, urlPath, options);

let signIns = 0;
/** The next client address, 10.x.y.z: one per sign-in. */
const nextAddress = () => {
  const n = ++signIns;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** A sign-in from a fresh address; answers the sign-in's answer with the session cookie in `cookies`. */
async function signIn(agent, account) {
  const port = Number(new URL(server.base).port);
  const answer = await signInAt(port, agent, account.email, account.password, nextAddress());
  if (answer.status !== 200 || !JSON.parse(answer.body).success) throw new Error(`sign-in refused: ${answer.body}`);
  return answer;
}

/** `clients` loops signing in until the deadline; answers sign-ins per second. */
async function signInLoad(accounts, clients, deadline) {
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, index) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let n = 0; performance.now() < deadline; ++n) {
        await signIn(agent, accounts[(index + n) % accounts.length]);
        ++done;
      }
      agent.destroy();
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** READ_CLIENTS loops calling GET /vision/user with a session until the deadline; answers the latencies (ms). */
async function readLoad(session, deadline) {
  const latencies = [];
  await Promise.all(
    Array.from({ length: READ_CLIENTS }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (performance.now() < deadline) {
        const answer = await call(agent, 'GET', '/vision/user', { cookies: session });
        if (answer.status !== 200) throw new Error(`GET /vision/user answered ${answer.status}`);
        latencies.push(answer.ms);
      }
      agent.destroy();
    }),
  );
  return latencies;
}

try {
  server = await startDemoServer('argus-signin-throughput-', { extraArgs: ['--trusted-proxy', '127.0.0.1/32'] });
  const credentials = JSON.parse(readFileSync(path.join(server.dataDir, 'demo-credentials.json'), 'utf8'));
  // Accounts of one organization and without a second factor: the password is the whole sign-in.
  const accounts = ['writer@', 'viewer@', 'monitor@'].map((prefix) => credentials.find((c) => c.email.startsWith(prefix)));
  const session = (await signIn(new http.Agent(), accounts[1])).cookies.join('; ');

  const one = await signInLoad(accounts, 1, performance.now() + phaseMs);
  const many = await signInLoad(accounts, SIGN_IN_CLIENTS, performance.now() + phaseMs);
  const alone = await readLoad(session, performance.now() + phaseMs);
  const loadedDeadline = performance.now() + phaseMs;
  const [loaded, during] = await Promise.all([readLoad(session, loadedDeadline), signInLoad(accounts, SIGN_IN_CLIENTS, loadedDeadline)]);

  const cores = os.cpus().length;
  console.log(`signin_throughput.cores: ${cores} (${os.cpus()[0].model})`);
  console.log(`signin_throughput.one_client_per_s: ${one.toFixed(1)}`);
  console.log(`signin_throughput.${SIGN_IN_CLIENTS}_clients_per_s: ${many.toFixed(1)} (${(many / cores).toFixed(1)} per core)`);
  console.log(`signin_throughput.session_call.alone.p50_ms: ${percentile(alone, 50).toFixed(2)}`);
  console.log(`signin_throughput.session_call.alone.p99_ms: ${percentile(alone, 99).toFixed(2)} (${alone.length} calls)`);
  console.log(`signin_throughput.session_call.under_signins.p50_ms: ${percentile(loaded, 50).toFixed(2)}`);
  console.log(
    `signin_throughput.session_call.under_signins.p99_ms: ${percentile(loaded, 99).toFixed(2)} (${loaded.length} calls, ` +
      `${during.toFixed(1)} sign-ins/s meanwhile)`,
  );
} finally {
  if (server) await stopDemoServer(server);
  server = null;
}
