/**
 * Which transport plays live video. `auto` (the default) uses the WebSocket/MSE transport where the browser has what it
 * needs and falls back to LL-HLS for the rest of the page's life once it failed; `?transport=hls|ws` on the camera page
 * forces one (tests, diagnostics). History is always HLS (VOD).
 */
export type TransportPreference = 'auto' | 'hls' | 'ws';
export type Transport = 'hls' | 'ws';

/** Why the WebSocket transport gave up. */
export type WsFailure =
  /** No MediaSource or WebSocket in this browser. */
  | 'unsupported'
  /** MediaSource.isTypeSupported is false for the stream's codec. */
  | 'codec'
  /** The socket closed (or never opened) before an init message. */
  | 'socket'
  /** No media fragment within WS_LIVE_NO_MEDIA_TIMEOUT_MS of connecting. */
  | 'no-media'
  /** MSE refused the data (addSourceBuffer, appendBuffer, decode error). */
  | 'media'
  /** The socket kept closing and could not be reopened. */
  | 'reconnect'
  /** A message the player does not understand. */
  | 'protocol';

export const TRANSPORT_PARAM = 'transport';

/** `?transport=hls|ws` from a query string; anything else (or nothing) is `auto`. */
export function transportFromQuery(search: string | URLSearchParams): TransportPreference {
  const value = (typeof search === 'string' ? new URLSearchParams(search) : search).get(TRANSPORT_PARAM);
  return value === 'hls' || value === 'ws' ? value : 'auto';
}

/** What the browser offers. */
export interface TransportSupport {
  mediaSource: boolean;
  webSocket: boolean;
}

export function browserSupport(): TransportSupport {
  return { mediaSource: typeof MediaSource !== 'undefined', webSocket: typeof WebSocket !== 'undefined' };
}

/** The live transport to start: forced by the preference, else WebSocket unless unsupported or failed on this page. */
export function chooseLiveTransport(
  preference: TransportPreference,
  support: TransportSupport,
  wsFailedOnPage: boolean,
): Transport {
  if (preference !== 'auto') return preference;
  return support.mediaSource && support.webSocket && !wsFailedOnPage ? 'ws' : 'hls';
}

/**
 * What a WebSocket failure leads to: back to LL-HLS when the transport was not forced and never showed media (the
 * browser, a proxy or the server cannot do it); the video error state when forced, or when media already played (a
 * broken stream, which LL-HLS would not fix).
 */
export function wsFailureOutcome(failure: WsFailure, forced: boolean, hadMedia: boolean): 'fallback' | 'error' {
  if (forced || hadMedia) return 'error';
  return failure === 'reconnect' ? 'error' : 'fallback';
}

/** Remembered for the page's life (a module of the loaded app): once WebSocket live failed, live uses LL-HLS. */
const pageState = { wsFailure: null as WsFailure | null };

export function wsFailedOnPage(): boolean {
  return pageState.wsFailure !== null;
}

export function rememberWsFailure(failure: WsFailure | null): void {
  pageState.wsFailure = failure;
}
