// The demo session of bench/live_latency.mjs: sign in as the demo org admin, pick a camera that streams, add the
// clock camera and remove the others (administrator calls of docs/api/openapi.yaml).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sleep } from './util.mjs';

/** Signs in as the demo org admin; returns the session cookies ({name, value}[]), a Cookie header and the session's CSRF token. */
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
  let answer = await login.json();
  if (answer.mode === 'org_choose') {
    // The demo admin belongs to two organizations: the one with the lowest id (the demo's Northwind).
    const [first] = [...answer.orgs].sort((a, b) => a.id - b.id);
    const chosen = await fetch(`${base}/n1/login/org_choose`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token, Cookie: header(), 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ eid: first.eid }),
    });
    keep(chosen);
    if (!chosen.ok) throw new Error(`org choice of ${admin.email} answered ${chosen.status}: ${await chosen.text()}`);
    answer = await chosen.json();
  }
  // The token is bound to the session: the sign-in answer carries the new one (docs/design/sessions.md).
  const { csrf_token: sessionToken } = answer;
  if (!sessionToken) throw new Error('the sign-in answer carries no csrf_token');
  return { cookies: [...jar].map(([name, value]) => ({ name, value })), cookieHeader: header(), csrfToken: sessionToken };
}

export async function apiGet(base, cookieHeader, apiPath) {
  const response = await fetch(`${base}/n1${apiPath}`, { headers: { Cookie: cookieHeader, 'X-Requested-With': 'XMLHttpRequest' } });
  if (!response.ok) throw new Error(`GET /n1${apiPath} answered ${response.status}`);
  return response.json();
}

/** A write call (POST, PUT, DELETE) with the session's CSRF token; the parsed JSON answer, or null for 204. */
export async function apiSend(base, session, method, apiPath, body = undefined) {
  const response = await fetch(`${base}/n1${apiPath}`, {
    method,
    headers: {
      Cookie: session.cookieHeader,
      'X-Requested-With': 'XMLHttpRequest',
      'X-CSRF-Token': session.csrfToken,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /n1${apiPath} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Makes the clock camera (camsim camera 0 at rtspBaseUrl) the only camera of the demo fleet: adds it to `network` and
 * removes every other camera, so that argusd's CPU figure is one camera's ingest, recording, motion analysis and live
 * serving. Returns the new camera.
 */
export async function useOnlyClockCamera(base, session, network, rtspBaseUrl) {
  const camera = await apiSend(base, session, 'POST', `/n/${network.id}/manage/vision/cameras`, {
    name: 'Clock camera (bench)',
    main_rtsp_url: `${rtspBaseUrl}/cam0/main`,
    sub_rtsp_url: `${rtspBaseUrl}/cam0/sub`,
  });
  for (const { id: networkId } of await apiGet(base, session.cookieHeader, '/vision/networks')) {
    const cameras = await apiGet(base, session.cookieHeader, `/n/${networkId}/manage/vision/cameras`);
    for (const other of cameras.filter(({ id }) => id !== camera.id)) {
      await apiSend(base, session, 'DELETE', `/n/${networkId}/manage/vision/cameras/${other.id}`);
    }
  }
  return camera;
}

/** Resolves once the camera's live playlist answers 200 (argusd has a complete segment), at most 30 s. */
export async function waitForLive(base, cookieHeader, livePath) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await fetch(`${base}${livePath}index.m3u8`, { headers: { Cookie: cookieHeader } });
    await response.arrayBuffer();
    if (response.ok) return;
    if (Date.now() > deadline) throw new Error(`${livePath}index.m3u8 still answers ${response.status} after 30 s`);
    await sleep(500);
  }
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
