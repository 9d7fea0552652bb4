import { WS_LIVE_MAX_RECONNECTS, WS_LIVE_NO_MEDIA_TIMEOUT_MS, WS_LIVE_RECONNECT_MS } from '../constants';
import { MseLivePipeline } from './MseLivePipeline';
import { browserSupport, type WsFailure, wsFailureOutcome } from './transportChoice';
import type { PlayerEvent } from './types';
import { mseMimeType, parseWsMessage, type WsInitMessage } from './wsLiveProtocol';
import type { OfflineState } from '../../cameras/offlineReason';

/** binaryType is 'arraybuffer' (checked by tag: a buffer from another realm fails instanceof). */
function isArrayBuffer(data: unknown): data is ArrayBuffer {
  return Object.prototype.toString.call(data) === '[object ArrayBuffer]';
}

export interface WsLiveSessionOptions {
  /** ws:// or wss:// URL of the live stream (wsLiveUrl). */
  url: string;
  video: HTMLVideoElement;
  /** `?transport=ws`: failures show the error state instead of falling back to LL-HLS. */
  forced: boolean;
  isPaused: () => boolean;
  onEvent: (event: PlayerEvent) => void;
  /** The server's offline message: why and since when. */
  onOffline?: (state: OfflineState) => void;
  /** Live must go on over LL-HLS. */
  onFallback: (failure: WsFailure) => void;
  /** A new `init`: wall-clock ms of media time 0 (or null when the pipeline is gone). */
  onBaseMs?: (baseMs: number | null) => void;
}

/**
 * One live view over the WebSocket fMP4 transport: the socket, its messages, and an MseLivePipeline per `init`.
 * Reports 'offline' when the server says the camera stopped, reopens a socket that closes after media played (up to
 * WS_LIVE_MAX_RECONNECTS times in a row), and gives up through `wsFailureOutcome` (LL-HLS fallback or 'error').
 */
export class WsLiveSession {
  private socket: WebSocket | null = null;
  private pipeline: MseLivePipeline | null = null;
  /** The `init` whose init segment (the next binary message) is awaited. */
  private awaitingSegment: WsInitMessage | null = null;
  private hadInit = false;
  private hadMedia = false;
  private reconnects = 0;
  private noMediaTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(private readonly options: WsLiveSessionOptions) {}

  start(): void {
    const support = browserSupport();
    if (!support.mediaSource || !support.webSocket) {
      this.fail('unsupported');
      return;
    }
    this.noMediaTimer = setTimeout(() => this.fail('no-media'), WS_LIVE_NO_MEDIA_TIMEOUT_MS);
    this.connect();
  }

  /** Wall-clock ms of the frame on screen, null before the first `init`. */
  wallMs(): number | null {
    return this.pipeline ? this.pipeline.wallMs(this.options.video.currentTime) : null;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.clearTimers();
    this.closeSocket();
    this.dropPipeline();
  }

  private connect(): void {
    const socket = new WebSocket(this.options.url);
    socket.binaryType = 'arraybuffer';
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      const data: unknown = event.data;
      if (typeof data === 'string') this.onText(data);
      else if (isArrayBuffer(data)) this.onBinary(data);
    };
    socket.onclose = () => {
      if (this.socket === socket) this.onSocketClosed();
    };
    this.socket = socket;
  }

  private onText(text: string): void {
    const message = parseWsMessage(text);
    switch (message.type) {
      case 'init':
        if (!MediaSource.isTypeSupported(mseMimeType(message.codec))) return this.fail('codec');
        this.awaitingSegment = message;
        // What the media carries (audio or not) for the viewer's sound controls.
        this.options.video.dataset.codecs = message.codec;
        this.hadInit = true;
        this.reconnects = 0;
        return;
      case 'gap':
        this.pipeline?.noteGap();
        return;
      case 'offline':
        this.clearNoMediaTimer();
        this.awaitingSegment = null;
        this.dropPipeline();
        this.options.onOffline?.({ reason: message.reason, sinceMs: message.sinceMs });
        this.options.onEvent('offline');
        return;
      case 'invalid':
        return this.fail('protocol');
      case 'unknown':
        return;
    }
  }

  private onBinary(bytes: ArrayBuffer): void {
    const init = this.awaitingSegment;
    if (init) {
      this.awaitingSegment = null;
      this.dropPipeline();
      this.pipeline = new MseLivePipeline({
        video: this.options.video,
        codec: init.codec,
        baseMs: init.baseMs,
        initSegment: bytes,
        isPaused: this.options.isPaused,
        onMediaAppended: this.onMediaAppended,
        onFatal: () => this.fail('media'),
      });
      this.options.onBaseMs?.(init.baseMs);
    } else {
      // Media before any init cannot be decoded: wait for the next init.
      this.pipeline?.appendMedia(bytes);
    }
  }

  private readonly onMediaAppended = () => {
    if (this.hadMedia) return;
    this.hadMedia = true;
    this.clearNoMediaTimer();
  };

  private onSocketClosed(): void {
    this.socket = null;
    if (this.closed) return;
    if (!this.hadInit) return this.fail('socket');
    if (this.reconnects >= WS_LIVE_MAX_RECONNECTS) return this.fail('reconnect');
    this.reconnects += 1;
    this.options.onEvent('waiting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.closed) this.connect();
    }, WS_LIVE_RECONNECT_MS);
  }

  private fail(failure: WsFailure): void {
    if (this.closed) return;
    const hadMedia = this.hadMedia;
    this.close();
    if (wsFailureOutcome(failure, this.options.forced, hadMedia) === 'fallback') this.options.onFallback(failure);
    else this.options.onEvent('error');
  }

  private dropPipeline(): void {
    if (!this.pipeline) return;
    this.pipeline.close();
    this.pipeline = null;
    this.options.onBaseMs?.(null);
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onmessage = null;
    socket.onclose = null;
    if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close();
  }

  private clearNoMediaTimer(): void {
    if (this.noMediaTimer !== null) clearTimeout(this.noMediaTimer);
    this.noMediaTimer = null;
  }

  private clearTimers(): void {
    this.clearNoMediaTimer();
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }
}
