// Server-side live latency of bench/live_latency.mjs on a demo camera (camsim's timestamp SEI on keyframes): follows
// the LL-HLS playlist with blocking reloads (_HLS_msn/_HLS_part from the preload hint) and fetches every newly announced
// INDEPENDENT=YES part at once, as a player would, reading the SEI send time from its mdat.
import { parsePart } from './fmp4_sei.mjs';
import { nowUs } from './util.mjs';

function parsePlaylist(text) {
  const parts = [];
  let hint = null;
  let partTarget = NaN;
  let partHoldBack = NaN;
  for (const line of text.split('\n')) {
    if (line.startsWith('#EXT-X-PART:')) {
      const uri = /URI="([^"]+)"/.exec(line)?.[1];
      const duration = Number(/DURATION=([\d.]+)/.exec(line)?.[1]);
      parts.push({ uri, duration, independent: /INDEPENDENT=YES/.test(line) });
    } else if (line.startsWith('#EXT-X-PRELOAD-HINT:')) {
      hint = /URI="([^"]+)"/.exec(line)?.[1] ?? null;
    } else if (line.startsWith('#EXT-X-PART-INF:')) {
      partTarget = Number(/PART-TARGET=([\d.]+)/.exec(line)?.[1]);
    } else if (line.startsWith('#EXT-X-SERVER-CONTROL:')) {
      partHoldBack = Number(/PART-HOLD-BACK=([\d.]+)/.exec(line)?.[1]);
    }
  }
  return { parts, hint, partTarget, partHoldBack };
}

export async function measureServer(base, cookieHeader, livePath, seconds) {
  const playlistUrl = `${base}${livePath}index.m3u8`;
  const headers = { Cookie: cookieHeader };
  const seen = new Set();
  const edgeAgesMs = [];
  const rows = []; // { uri, sendUs, announceMs, receiveMs, samples, durationS }
  const fetches = [];
  const allPartDurations = [];
  let info = {};
  let query = '';
  let first = true;
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const response = await fetch(`${playlistUrl}${query}`, { headers });
    const text = await response.text();
    const answeredUs = nowUs();
    if (!response.ok) throw new Error(`live playlist answered ${response.status}: ${text}`);
    const edgeAge = response.headers.get('x-argus-edge-age-us');
    if (edgeAge !== null) edgeAgesMs.push(Number(edgeAge) / 1000);
    const playlist = parsePlaylist(text);
    info = { partTarget: playlist.partTarget, partHoldBack: playlist.partHoldBack };
    for (const part of playlist.parts) {
      if (seen.has(part.uri)) continue;
      seen.add(part.uri);
      if (first) continue; // announced before we started listening: its age says nothing
      allPartDurations.push(part.duration);
      if (!part.independent) continue;
      // Fetched concurrently so the next blocking reload goes out at once, as a player's would.
      fetches.push(
        (async () => {
          const partResponse = await fetch(new URL(part.uri, playlistUrl), { headers });
          const bytes = Buffer.from(await partResponse.arrayBuffer());
          const receivedUs = nowUs();
          const { sendUs, samples } = parsePart(bytes);
          if (sendUs === null) return;
          rows.push({
            uri: part.uri,
            sendUs,
            announceMs: (answeredUs - sendUs) / 1000,
            receiveMs: (receivedUs - sendUs) / 1000,
            samples,
            durationS: part.duration,
          });
        })(),
      );
    }
    first = false;
    const hint = /part(\d+)\.(\d+)\.m4s/.exec(playlist.hint ?? '');
    if (!hint) throw new Error(`the live playlist has no usable PRELOAD-HINT:\n${text}`);
    query = `?_HLS_msn=${hint[1]}&_HLS_part=${hint[2]}`;
  }
  await Promise.all(fetches);
  rows.sort((a, b) => a.sendUs - b.sendUs);
  return { rows, edgeAgesMs, info, allPartDurations };
}
