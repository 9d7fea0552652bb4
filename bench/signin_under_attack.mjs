// Sign-in under attack: 30 concurrent attackers guess passwords of account A (the demo viewer) from 6 addresses
// while a legitimate user signs in to A with the right password from a new address and to B (the demo admin), twice
// a second each. Prints p50/p90 of the legitimate sign-ins, how many succeeded, and the attackers' 429 ratio.
// Addresses are simulated with X-Forwarded-For through `--trusted-proxy 127.0.0.1/32` (docs/design/sessions.md).
// Usage: node bench/signin_under_attack.mjs [duration_s=10]   Env: ARGUSD_BIN (another build).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { call as callAt, percentile, signIn as signInAt } from './support/http_calls.mjs';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argusd = process.env.ARGUSD_BIN ?? join(root, 'build/bin/argusd');
const durationMs = Number(process.argv[2] ?? 10) * 1000;
const attackers = 30;
const attackerAddresses = 6;

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const dataDir = mkdtempSync(join(tmpdir(), 'argus-signin-bench-'));
const port = await freePort();
const server = spawn(
  argusd,
  ['--data-dir', dataDir, '--listen', `127.0.0.1:${port}`, '--demo', '--log-level', 'warn', '--trusted-proxy', '127.0.0.1/32'],
  { stdio: 'ignore' },
);
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

const call = (agent, method, path, options) => callAt(port, agent, method, path, options);
const signIn = (agent, email, password, address) => signInAt(port, agent, email, password, address);

try {
  const probe = new http.Agent();
  for (let i = 0; ; ++i) {
    try {
      if ((await call(probe, 'GET', '/csrf/token')).status === 200) break;
    } catch {
      if (i > 100) throw new Error('argusd did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const credentials = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8'));
  const accountA = credentials.find((c) => c.email.startsWith('viewer@'));
  const accountB = credentials.find((c) => c.email.startsWith('admin@'));

  const deadline = performance.now() + durationMs;
  const attackerStatuses = [];
  const attack = async (index) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let guess = 0; performance.now() < deadline; ++guess) {
      const answer = await signIn(agent, accountA.email, `guess-${index}-${guess}`, `203.0.113.${(index % attackerAddresses) + 1}`);
      attackerStatuses.push(answer.status);
    }
    agent.destroy();
  };

  const legitimate = { A: [], B: [] };
  const legitimateUser = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let n = 1; performance.now() < deadline; ++n) {
      for (const [name, account] of [['A', accountA], ['B', accountB]]) {
        const answer = await signIn(agent, account.email, account.password, `192.0.2.${n % 250}`);
        legitimate[name].push(answer);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    agent.destroy();
  };

  await Promise.all([...Array.from({ length: attackers }, (_, i) => attack(i)), legitimateUser()]);

  for (const [name, answers] of Object.entries(legitimate)) {
    const ms = answers.map((a) => a.ms);
    const ok = answers.filter((a) => a.status === 200).length;
    const label = name === 'A' ? 'attacked_account' : 'other_account';
    console.log(`signin_under_attack.${label}.p50_ms: ${percentile(ms, 50).toFixed(1)}`);
    console.log(`signin_under_attack.${label}.p90_ms: ${percentile(ms, 90).toFixed(1)}`);
    console.log(`signin_under_attack.${label}.succeeded: ${ok}/${answers.length}`);
  }
  const refused = attackerStatuses.filter((s) => s === 429).length;
  const checked = attackerStatuses.filter((s) => s === 401).length;
  console.log(`signin_under_attack.attackers: ${attackers} from ${attackerAddresses} addresses, ${durationMs / 1000} s`);
  console.log(`signin_under_attack.attacker_attempts: ${attackerStatuses.length}`);
  console.log(`signin_under_attack.attacker_429_ratio: ${(refused / Math.max(1, attackerStatuses.length)).toFixed(3)}`);
  console.log(`signin_under_attack.attacker_passwords_checked: ${checked}`);
} finally {
  stop();
}
