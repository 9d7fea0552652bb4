/**
 * Which transport plays live video. `auto` (the default) takes the fastest one the browser has — the low-latency
 * `frames` transport (WebCodecs), else WebSocket/MSE (`ws`), else LL-HLS — and once one failed before showing media it
 * is skipped for the rest of the page's life; `?transport=frames|ws|hls` on the camera page forces one (tests,
 * diagnostics; a forced transport never falls back). `frames` carries video only: an unmuted camera with audio plays
 * over `ws`. History is always HLS (VOD).
 */
export type TransportPreference = 'auto' | 'hls' | 'ws' | 'frames';
export type Transport = 'hls' | 'ws' | 'frames';
/** The transports that can fail and fall back. */
export type SocketTransport = 'ws' | 'frames';

/** Why a WebSocket transport (`ws` or `frames`) gave up. */
export type LiveFailure =
  /** The browser lacks what the transport needs. */
  | 'unsupported'
  /** The browser cannot decode the stream's codec (MediaSource.isTypeSupported / VideoDecoder.isConfigSupported). */
  | 'codec'
  /** The socket closed (or never opened) before the stream started (init / config). */
  | 'socket'
  /** No media within WS_LIVE_NO_MEDIA_TIMEOUT_MS of connecting. */
  | 'no-media'
  /** MSE or the decoder refused the data. */
  | 'media'
  /** The socket kept closing and could not be reopened. */
  | 'reconnect'
  /** A message the player does not understand. */
  | 'protocol';

export const TRANSPORT_PARAM = 'transport';
const PREFERENCES: readonly TransportPreference[] = ['hls', 'ws', 'frames'];

/** `?transport=hls|ws|frames` from a query string; anything else (or nothing) is `auto`. */
export function transportFromQuery(search: string | URLSearchParams): TransportPreference {
  const value = (typeof search === 'string' ? new URLSearchParams(search) : search).get(TRANSPORT_PARAM);
  return PREFERENCES.find((preference) => preference === value) ?? 'auto';
}

/**
 * The query string that keeps a forced transport on a link to another camera page (`?transport=hls`), '' for auto:
 * someone diagnosing one transport keeps it while moving between cameras.
 */
export function transportSearch(search: string | URLSearchParams): string {
  const preference = transportFromQuery(search);
  return preference === 'auto' ? '' : `?${TRANSPORT_PARAM}=${preference}`;
}

/** What the browser offers. */
export interface TransportSupport {
  mediaSource: boolean;
  webSocket: boolean;
  /** VideoDecoder and MediaStreamTrackGenerator, which Chromium offers only in a secure context (HTTPS, localhost). */
  webCodecs: boolean;
}

export function browserSupport(): TransportSupport {
  const webSocket = typeof WebSocket !== 'undefined';
  return {
    mediaSource: typeof MediaSource !== 'undefined',
    webSocket,
    webCodecs:
      webSocket &&
      globalThis.isSecureContext === true &&
      typeof VideoDecoder !== 'undefined' &&
      typeof MediaStreamTrackGenerator !== 'undefined',
  };
}

/** What the choice depends on besides the browser. */
export interface LiveChoiceContext {
  /** Transports that failed on this page before showing media. */
  failed: ReadonlySet<SocketTransport>;
  /** The played stream has sound and the user wants to hear it: `frames` carries no audio. */
  audible: boolean;
}

/** The live transport to start: forced by the preference, else the fastest the browser has that did not fail. */
export function chooseLiveTransport(
  preference: TransportPreference,
  support: TransportSupport,
  context: LiveChoiceContext,
): Transport {
  if (preference !== 'auto') return preference;
  if (support.webCodecs && !context.failed.has('frames') && !context.audible) return 'frames';
  if (support.mediaSource && support.webSocket && !context.failed.has('ws')) return 'ws';
  return 'hls';
}

/**
 * What a failure leads to: the next transport when this one was not forced and never showed media (the browser, a
 * proxy or the server cannot do it); the video error state when forced, or when media already played (a broken
 * stream, which another transport would not fix).
 */
export function liveFailureOutcome(failure: LiveFailure, forced: boolean, hadMedia: boolean): 'fallback' | 'error' {
  if (forced || hadMedia) return 'error';
  return failure === 'reconnect' ? 'error' : 'fallback';
}

/** Remembered for the page's life (a module of the loaded app): a transport that failed is not tried again. */
const pageState = { failed: new Set<SocketTransport>() };

export function failedOnPage(): ReadonlySet<SocketTransport> {
  return pageState.failed;
}

/** Notes that `transport` failed on this page; `null` forgets every failure (tests). */
export function rememberFailure(transport: SocketTransport | null): void {
  if (transport === null) pageState.failed = new Set();
  else pageState.failed = new Set([...pageState.failed, transport]);
}

/**
 * Whether the camera page would play live over frames with this query (`?transport=`): forced, or the automatic
 * choice (a muted viewer, as every viewer starts); null when it would not.
 */
export function framesPreference(search: string): { forced: boolean } | null {
  const preference = transportFromQuery(search);
  const chosen = chooseLiveTransport(preference, browserSupport(), { failed: failedOnPage(), audible: false });
  return chosen === 'frames' ? { forced: preference === 'frames' } : null;
}
