// The WebRTC reference peer of bench/live_latency.mjs: Debian's `janus` with its streaming plugin, configured in a
// temporary directory (HTTP REST transport only, one RTP mountpoint: H.264, pt 96) and fed RTP by `ffmpeg -c copy`
// from the same camsim clock camera (no transcoding). Chromium gathers no loopback ICE candidates, so janus's HTTP API
// and ICE run on the machine's first non-loopback IPv4 address.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import dgram from 'node:dgram';
import os from 'node:os';
import path from 'node:path';
import { startProcess, stopProcess } from './processes.mjs';
import { freePort, sleep } from './util.mjs';

export const JANUS_BIN = process.env.JANUS_BIN ?? '/usr/bin/janus';
const FFMPEG_BIN = process.env.FFMPEG_BIN ?? '/usr/bin/ffmpeg';
const JANUS_LIB_DIR = process.env.JANUS_LIB_DIR ?? '/usr/lib/x86_64-linux-gnu/janus';
export const MOUNTPOINT_ID = 1;

/** Why the peer cannot run here, or null. */
export function janusMissing() {
  if (!existsSync(JANUS_BIN)) return `janus not found at ${JANUS_BIN} (Debian: apt-get install janus; or set JANUS_BIN)`;
  if (!existsSync(path.join(JANUS_LIB_DIR, 'plugins', 'libjanus_streaming.so'))) return `no janus streaming plugin in ${JANUS_LIB_DIR}/plugins (set JANUS_LIB_DIR)`;
  if (!existsSync(FFMPEG_BIN)) return `ffmpeg not found at ${FFMPEG_BIN} (set FFMPEG_BIN)`;
  if (!nonLoopbackAddress()) return 'no non-loopback IPv4 address (Chromium gathers no loopback ICE candidates)';
  return null;
}

/** The first non-internal IPv4 address of this machine (what `ip -4 addr` lists besides 127.0.0.1), or null. */
export function nonLoopbackAddress() {
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address;
    }
  }
  return null;
}

async function freeUdpPort() {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.on('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

function writeConfig(dir, { address, httpPort, rtpPort }) {
  const plugins = ['audiobridge', 'duktape', 'echotest', 'lua', 'nosip', 'recordplay', 'sip', 'textroom', 'videocall', 'videoroom', 'voicemail'];
  const transports = ['mqtt', 'nanomsg', 'pfunix', 'rabbitmq', 'websockets'];
  writeFileSync(
    path.join(dir, 'janus.jcfg'),
    `general: {
  configs_folder = "${dir}"
  plugins_folder = "${JANUS_LIB_DIR}/plugins"
  transports_folder = "${JANUS_LIB_DIR}/transports"
  events_folder = "${JANUS_LIB_DIR}/events"
  loggers_folder = "${JANUS_LIB_DIR}/loggers"
  debug_level = 4
  session_timeout = 60
}
media: {
  rtp_port_range = "20000-40000"
}
nat: {
  nice_debug = false
  ice_enforce_list = "${address}"
}
plugins: {
  disable = "${plugins.map((name) => `libjanus_${name}.so`).join(',')}"
}
transports: {
  disable = "${transports.map((name) => `libjanus_${name}.so`).join(',')}"
}
events: {
  broadcast = false
}
`,
  );
  writeFileSync(
    path.join(dir, 'janus.transport.http.jcfg'),
    `general: {
  json = "plain"
  base_path = "/janus"
  http = true
  port = ${httpPort}
  ip = "${address}"
  https = false
}
admin: {
  admin_http = false
}
`,
  );
  writeFileSync(
    path.join(dir, 'janus.plugin.streaming.jcfg'),
    `general: {
  events = false
}
clock: {
  type = "rtp"
  id = ${MOUNTPOINT_ID}
  description = "camsim clock camera"
  media = (
    {
      type = "video"
      mid = "v"
      port = ${rtpPort}
      pt = 96
      codec = "h264"
      fmtp = "profile-level-id=42e01f;packetization-mode=1"
    }
  )
}
`,
  );
}

/**
 * Starts janus and the relay `rtspUrl` (a camsim clock stream) -> RTP to the mountpoint. Returns
 * { base: 'http://ADDRESS:PORT', address, janus, relay, stop() }; janus and relay are startProcess() records.
 */
export async function startJanusPeer(rtspUrl) {
  const address = nonLoopbackAddress();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'argus-janus-'));
  const httpPort = await freePort();
  const rtpPort = await freeUdpPort();
  writeConfig(dir, { address, httpPort, rtpPort });
  const peer = { base: `http://${address}:${httpPort}`, address, janus: null, relay: null };
  peer.stop = async () => {
    await stopProcess(peer.relay);
    await stopProcess(peer.janus);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    peer.janus = await startProcess('janus', JANUS_BIN, ['-C', path.join(dir, 'janus.jcfg'), '-F', dir, '-o'], {
      ready: /HTTP webserver started/,
    });
    await waitForMountpoint(peer.base);
    peer.relay = await startProcess('ffmpeg relay', FFMPEG_BIN, [
      '-nostdin', '-hide_banner', '-loglevel', 'error',
      '-rtsp_transport', 'tcp', '-fflags', 'nobuffer', '-flags', 'low_delay', '-i', rtspUrl,
      '-map', '0:v', '-c', 'copy', '-f', 'rtp', '-payload_type', '96', `udp://127.0.0.1:${rtpPort}?pkt_size=1200&bitrate=100000000&burst_bits=100000`,
    ]);
    return peer;
  } catch (error) {
    await peer.stop();
    throw error;
  }
}

async function janusPost(url, body) {
  const response = await fetch(url, { method: 'POST', body: JSON.stringify({ ...body, transaction: String(Math.random()) }) });
  return response.json();
}

// The streaming plugin answers a `list` with our mountpoint once it is loaded.
async function waitForMountpoint(base) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const session = await janusPost(`${base}/janus`, { janus: 'create' });
      const handle = await janusPost(`${base}/janus/${session.data.id}`, { janus: 'attach', plugin: 'janus.plugin.streaming' });
      const list = await janusPost(`${base}/janus/${session.data.id}/${handle.data.id}`, { janus: 'message', body: { request: 'list' } });
      await janusPost(`${base}/janus/${session.data.id}`, { janus: 'destroy' });
      if (list.plugindata?.data?.list?.some((mountpoint) => mountpoint.id === MOUNTPOINT_ID)) return;
    } catch {
      // Not answering yet.
    }
    if (Date.now() > deadline) throw new Error(`janus at ${base} has no streaming mountpoint ${MOUNTPOINT_ID} after 10 s`);
    await sleep(200);
  }
}
