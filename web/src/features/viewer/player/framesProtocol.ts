/**
 * The low-latency live "frames" protocol of argusd (docs/design/live.md, "Low-latency frames transport"): text JSON
 * control messages (`config`, `gap`, `offline`) and one binary message per access unit (16-byte header + AVCC data).
 */

import type { OfflineState } from '../../cameras/offlineReason';
import { liveSocketUrl, type PageLocation, parseJsonMessage, parseOffline } from './wsLiveProtocol';

/** `config`: how to configure the VideoDecoder; sent before the first frame and whenever the parameter sets change. */
export interface FramesConfigMessage {
  type: 'config';
  /** RFC 6381 codec string of the video ('avc1.64001f', 'hvc1.1.6.L93.B0'). */
  codec: string;
  /** Coded size, 0 when the server did not say. */
  codedWidth: number;
  codedHeight: number;
  /** avcC / hvcC record (the decoder's `description`: the frames are in AVCC form). */
  description: Uint8Array<ArrayBuffer>;
}

export type FramesControlMessage =
  | FramesConfigMessage
  /** The server dropped frames for this slow client; the next frame is a keyframe. */
  | { type: 'gap' }
  /** The camera stream stopped; a new `config` follows when it is back. */
  | ({ type: 'offline' } & OfflineState)
  /** A type this player does not know (ignored, for newer servers). */
  | { type: 'unknown'; name: string }
  | { type: 'invalid'; reason: string };

/** One access unit. */
export interface EncodedFrame {
  key: boolean;
  /** Presentation time, µs since the Unix epoch (the recording's wall-clock-anchored timeline). */
  timestampUs: number;
  /** 0 when unknown. */
  durationUs: number;
  /** The access unit in AVCC form (a view into the message, no copy). */
  data: Uint8Array<ArrayBuffer>;
}

/** `u8 flags` · `u8[3]` zero · `i64 timestamp_us` · `u32 duration_us`, big-endian. */
export const FRAME_HEADER_BYTES = 16;
const KEYFRAME_FLAG = 0x01;
/** One video codec (no list: the frames carry video only). */
const VIDEO_CODEC = /^(avc1|avc3|hvc1|hev1)(\.[A-Za-z0-9]+)+$/;

/** The frames WebSocket URL of a live playlist URL: its directory + `frames`, ws: or wss: as the page. */
export function framesLiveUrl(playlistUrl: string, page: PageLocation): string {
  return liveSocketUrl(playlistUrl, page, 'frames');
}

/** Standard base64 to bytes; null when it is not base64. */
export function base64Bytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function parseConfig(message: Record<string, unknown>): FramesConfigMessage | { type: 'invalid'; reason: string } {
  const { codec, coded_width: width, coded_height: height, description } = message;
  if (typeof codec !== 'string' || !VIDEO_CODEC.test(codec)) return { type: 'invalid', reason: 'config: bad codec' };
  const bytes = typeof description === 'string' ? base64Bytes(description) : null;
  if (!bytes || bytes.length === 0) return { type: 'invalid', reason: 'config: bad description' };
  const size = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 0);
  return { type: 'config', codec, codedWidth: size(width), codedHeight: size(height), description: bytes };
}

/** Parses one text message of the frames route. */
export function parseFramesMessage(text: string): FramesControlMessage {
  const parsed = parseJsonMessage(text);
  if (!parsed.ok) return { type: 'invalid', reason: parsed.reason };
  const message = parsed.fields;
  switch (message.type) {
    case 'config':
      return parseConfig(message);
    case 'gap':
      return { type: 'gap' };
    case 'offline':
      return parseOffline(message);
    default:
      return { type: 'unknown', name: message.type };
  }
}

/** Parses one binary message: the header and the access unit after it; null when it is too short or its time is bad. */
export function parseFrame(bytes: ArrayBuffer): EncodedFrame | null {
  if (bytes.byteLength <= FRAME_HEADER_BYTES) return null;
  const view = new DataView(bytes);
  const timestampUs = Number(view.getBigInt64(4));
  if (timestampUs < 0 || !Number.isSafeInteger(timestampUs)) return null;
  return {
    key: (view.getUint8(0) & KEYFRAME_FLAG) !== 0,
    timestampUs,
    durationUs: view.getUint32(12),
    data: new Uint8Array(bytes, FRAME_HEADER_BYTES),
  };
}

/** The VideoDecoder configuration of a `config` message: lowest latency, hardware or software as the browser likes. */
export function decoderConfig(config: FramesConfigMessage): VideoDecoderConfig {
  return {
    codec: config.codec,
    description: config.description,
    optimizeForLatency: true,
    hardwareAcceleration: 'no-preference',
    ...(config.codedWidth > 0 && config.codedHeight > 0
      ? { codedWidth: config.codedWidth, codedHeight: config.codedHeight }
      : {}),
  };
}
