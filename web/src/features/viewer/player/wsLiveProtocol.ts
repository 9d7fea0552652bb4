/**
 * The live WebSocket fMP4 protocol of argusd (docs/design/live.md, "WebSocket fMP4 transport"): text JSON control
 * messages and binary fMP4 (an init segment right after each `init` message, then moof+mdat fragments).
 */

import { isOfflineReason, type OfflineState } from '../../cameras/offlineReason';

/** `init`: the next binary message is the init segment; media times (tfdt/90 kHz) are UTC, `baseMs` the first one. */
export interface WsInitMessage {
  type: 'init';
  codec: string;
  width: number;
  height: number;
  baseMs: number;
}

export type WsControlMessage =
  | WsInitMessage
  /** The server dropped fragments for this slow client; the next one starts with a keyframe later in time. */
  | { type: 'gap' }
  /** The camera stream stopped (why and since when, as far as the server knows); a new `init` follows when it is back. */
  | ({ type: 'offline' } & OfflineState)
  /** A type this player does not know (ignored, for newer servers). */
  | { type: 'unknown'; name: string }
  | { type: 'invalid'; reason: string };

/** RFC 6381 codec strings as sent by argusd ('avc1.64001f', 'hvc1.1.6.L93.B0', 'mp4a.40.2'), comma separated. */
export const CODEC = /^[A-Za-z0-9]{4}(\.[A-Za-z0-9]+)*(, ?[A-Za-z0-9]{4}(\.[A-Za-z0-9]+)*)*$/;

/** The page's location as far as live socket URLs need it. */
export interface PageLocation {
  protocol: string;
  host: string;
}

/**
 * A live WebSocket URL for a live playlist URL: same origin (ws: or wss: as the page), the playlist's directory
 * (`/n{shard}/cameras/{id}/live/{stream}/`) + `route` (`ws` for fMP4, `frames` for access units).
 */
export function liveSocketUrl(playlistUrl: string, page: PageLocation, route: 'ws' | 'frames'): string {
  const path = playlistUrl.split(/[?#]/, 1)[0];
  const dir = path.slice(0, path.lastIndexOf('/') + 1) || '/';
  const absolute = new URL(dir, `${page.protocol}//${page.host}`);
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${absolute.host}${absolute.pathname}${route}`;
}

/** The fMP4 live WebSocket URL of a live playlist URL. */
export function wsLiveUrl(playlistUrl: string, page: PageLocation): string {
  return liveSocketUrl(playlistUrl, page, 'ws');
}

/** A JSON text message of a live socket: its fields, or why it is not one (not JSON, no `type`). */
export function parseJsonMessage(
  text: string,
): { ok: true; fields: Record<string, unknown> & { type: string } } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (typeof value !== 'object' || value === null || typeof (value as { type?: unknown }).type !== 'string') {
    return { ok: false, reason: 'no type' };
  }
  return { ok: true, fields: value as Record<string, unknown> & { type: string } };
}

/** The `offline` message's fields (both live routes send the same one); unknown reasons and bad times become null. */
export function parseOffline(message: Record<string, unknown>): { type: 'offline' } & OfflineState {
  const { reason, since_ms: sinceMs } = message;
  const validSince = typeof sinceMs === 'number' && Number.isFinite(sinceMs) && sinceMs >= 0;
  return { type: 'offline', reason: isOfflineReason(reason) ? reason : null, sinceMs: validSince ? sinceMs : null };
}

/** The MSE type of a codec string. */
export function mseMimeType(codec: string): string {
  return `video/mp4; codecs="${codec}"`;
}

/** Parses one text message of the server. */
export function parseWsMessage(text: string): WsControlMessage {
  const parsed = parseJsonMessage(text);
  if (!parsed.ok) return { type: 'invalid', reason: parsed.reason };
  const message = parsed.fields;
  switch (message.type) {
    case 'gap':
      return { type: 'gap' };
    case 'offline':
      return parseOffline(message);
    case 'init': {
      const { codec, width, height, base_ms: baseMs } = message;
      if (typeof codec !== 'string' || !CODEC.test(codec)) return { type: 'invalid', reason: 'init: bad codec' };
      if (typeof baseMs !== 'number' || !Number.isFinite(baseMs) || baseMs < 0) {
        return { type: 'invalid', reason: 'init: bad base_ms' };
      }
      const size = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0);
      return { type: 'init', codec, width: size(width), height: size(height), baseMs };
    }
    default:
      return { type: 'unknown', name: message.type };
  }
}
