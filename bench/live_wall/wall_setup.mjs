// Setting up bench/live_wall.mjs: the temporary web root (the built portal plus the bench-only wall page, built from
// web/bench/live-wall with its own Vite config) and the cameras of the wall on argusd --demo.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiGet, apiSend, waitForLive } from '../live_latency/demo_session.mjs';
import { ROOT, WEB_ROOT } from '../support/demo_server.mjs';

/** Where the wall page is served from, under the temporary web root. */
export const WALL_PATH = '/bench-live-wall/index.html';

/** A temporary web root: a copy of the built portal and the wall page under /bench-live-wall/. Returns its path. */
export function buildWebRoot() {
  if (!existsSync(path.join(WEB_ROOT, 'index.html'))) throw new Error(`build the portal first: ${WEB_ROOT}/index.html is missing`);
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'argus-live-wall-web-'));
  cpSync(WEB_ROOT, webRoot, { recursive: true });
  const web = path.join(ROOT, 'web');
  const built = spawnSync(process.execPath, [path.join(web, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'bench/live-wall/vite.config.ts'], {
    cwd: web,
    env: { ...process.env, ARGUS_WALL_OUT_DIR: path.join(webRoot, 'bench-live-wall') },
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`building the wall page failed:\n${built.stdout}\n${built.stderr}`);
  return webRoot;
}

/** The demo camsim's RTSP base URL, from argusd's start-up log (info level). */
export function demoRtspBase(log) {
  const match = /demo: camsim serves (\d+) cameras at (rtsp:\/\/\S+),/.exec(log);
  if (!match) throw new Error(`argusd did not log the demo camsim (is build/bin/camsim built?):\n${log}`);
  return { count: Number(match[1]), rtspBase: match[2] };
}

const livePathOf = (camera, stream) =>
  stream === 'sub' ? camera.channel?.local_lan_livestream_path : camera.channel?.cloud_proxy_livestream_path;

async function liveCameras(base, cookieHeader, stream) {
  const all = [];
  for (const network of await apiGet(base, cookieHeader, '/vision/networks')) {
    const cameras = await apiGet(base, cookieHeader, `/n/${network.id}/manage/vision/cameras`);
    all.push(...cameras.filter((camera) => livePathOf(camera, stream)).map((camera) => ({ ...camera, network })));
  }
  return all.sort((a, b) => a.id - b.id);
}

/**
 * `tiles` cameras that serve `stream` live: the demo's streaming cameras, and as many more as needed added to the first
 * network through the admin API on the demo camsim's streams (each an argus camera of its own: its own ingest,
 * recording and live hub stream, as a 16-camera site has). Returns { cameras, added }.
 */
export async function wallCameras(base, session, log, tiles, stream) {
  const { count, rtspBase } = demoRtspBase(log);
  const existing = await liveCameras(base, session.cookieHeader, stream);
  const networks = await apiGet(base, session.cookieHeader, '/vision/networks');
  let added = 0;
  for (let i = existing.length; i < tiles; i += 1) {
    const cam = i % count;
    await apiSend(base, session, 'POST', `/n/${networks[0].id}/manage/vision/cameras`, {
      name: `Wall bench ${i + 1}`,
      main_rtsp_url: `${rtspBase}/cam${cam}/main`,
      sub_rtsp_url: `${rtspBase}/cam${cam}/sub`,
    });
    added += 1;
  }
  const cameras = (await liveCameras(base, session.cookieHeader, stream)).slice(0, tiles);
  if (cameras.length < tiles) throw new Error(`only ${cameras.length} cameras serve ${stream} live, ${tiles} wanted`);
  for (const camera of cameras) await waitForLive(base, session.cookieHeader, livePathOf(camera, stream));
  return { cameras, added };
}
