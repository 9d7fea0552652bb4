// The demo session of bench/live_latency.mjs: sign in as the demo org admin and pick a camera that streams.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sleep } from './util.mjs';

/** Signs in as the demo org admin; returns the session cookies ({name, value}[]) and a Cookie header. */
export async function signIn(base, dataDir) {
  const jar = new Map();
  const keep = (response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  };
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const tokenAnswer = await fetch(`${base}/n1/csrf/token`);
  keep(tokenAnswer);
  const { csrf_token: token } = await tokenAnswer.json();
  const credentials = JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  const admin = credentials.find((entry) => entry.email.startsWith('admin@')) ?? credentials[0];
  const login = await fetch(`${base}/n1/login/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token, Cookie: header(), 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ email: admin.email, password: admin.password, remember: 0 }),
  });
  keep(login);
  if (!login.ok) throw new Error(`sign-in as ${admin.email} answered ${login.status}: ${await login.text()}`);
  return { cookies: [...jar].map(([name, value]) => ({ name, value })), cookieHeader: header() };
}

export async function apiGet(base, cookieHeader, apiPath) {
  const response = await fetch(`${base}/n1${apiPath}`, { headers: { Cookie: cookieHeader, 'X-Requested-With': 'XMLHttpRequest' } });
  if (!response.ok) throw new Error(`GET /n1${apiPath} answered ${response.status}`);
  return response.json();
}

/** The first active camera with a live path (Warehouse HQ first), once its live playlist answers 200. */
export async function pickCamera(base, cookieHeader) {
  const networks = await apiGet(base, cookieHeader, '/vision/networks');
  networks.sort((a, b) => Number(b.name === 'Warehouse HQ') - Number(a.name === 'Warehouse HQ'));
  const deadline = Date.now() + 30_000;
  for (;;) {
    for (const network of networks) {
      const cameras = await apiGet(base, cookieHeader, `/n/${network.id}/manage/vision/cameras`);
      const candidates = cameras
        .filter((camera) => camera.channel?.cloud_proxy_livestream_path)
        .sort((a, b) => a.id - b.id);
      for (const camera of candidates) {
        const livePath = camera.channel.cloud_proxy_livestream_path;
        const response = await fetch(`${base}${livePath}index.m3u8`, { headers: { Cookie: cookieHeader } });
        await response.arrayBuffer();
        if (response.ok) return { network, camera, livePath };
      }
    }
    if (Date.now() > deadline) throw new Error('no camera served a live playlist within 30 s');
    await sleep(500);
  }
}
