import { WS_LIVE_MAX_RECONNECTS, WS_LIVE_NO_MEDIA_TIMEOUT_MS, WS_LIVE_RECONNECT_MS } from '../constants';
import { openWhenSlotFree } from './socketOpenings';
import { type LiveFailure, liveFailureOutcome } from './transportChoice';
import type { PlayerEvent } from './types';

/** binaryType is 'arraybuffer' (checked by tag: a buffer from another realm fails instanceof). */
function isArrayBuffer(data: unknown): data is ArrayBuffer {
  return Object.prototype.toString.call(data) === '[object ArrayBuffer]';
}

export interface LiveSocketOptions {
  /** ws:// or wss:// URL of the live route. */
  url: string;
  /** `?transport=…` forced this transport: failures show the error state instead of falling back. */
  forced: boolean;
  onText: (text: string) => void;
  onBinary: (bytes: ArrayBuffer) => void;
  onEvent: (event: PlayerEvent) => void;
  /** The transport cannot play here: the player switches to the next one. */
  onFallback: (failure: LiveFailure) => void;
  /** The socket is gone for good (failure or close): release what the media needs. */
  onStop: () => void;
}

/**
 * The life of a live WebSocket shared by the fMP4 (`ws`) and the `frames` transports: connect, reopen a socket that
 * closes after the stream started (after WS_LIVE_RECONNECT_MS, at most WS_LIVE_MAX_RECONNECTS times in a row; a new
 * stream start resets the count), give up without media within WS_LIVE_NO_MEDIA_TIMEOUT_MS (an offline camera stops
 * that clock), and on failure fall back or show the error (`liveFailureOutcome`). The transport parses the messages
 * and tells it `streamStarted` (init / config), `mediaShown` and `offline`.
 */
export class LiveSocket {
  private socket: WebSocket | null = null;
  /** Gives up the socket's turn to open (socketOpenings.ts): set from connect() until the socket is closed. */
  private cancelOpening: (() => void) | null = null;
  private hadStreamStart = false;
  private hadMedia = false;
  private reconnects = 0;
  private noMediaTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(private readonly options: LiveSocketOptions) {}

  start(): void {
    this.noMediaTimer = setTimeout(() => this.fail('no-media'), WS_LIVE_NO_MEDIA_TIMEOUT_MS);
    this.connect();
  }

  /** The server announced a stream (init / config): a later close is a reconnect, not a refusal. */
  streamStarted(): void {
    this.hadStreamStart = true;
    this.reconnects = 0;
  }

  /** Media reached the screen (or the buffer). */
  mediaShown(): void {
    if (this.hadMedia) return;
    this.hadMedia = true;
    this.clearNoMediaTimer();
  }

  /** A player took this socket over (a prewarmed session): its no-media limit counts from now. */
  restartNoMediaClock(): void {
    if (this.noMediaTimer === null || this.closed) return;
    clearTimeout(this.noMediaTimer);
    this.noMediaTimer = setTimeout(() => this.fail('no-media'), WS_LIVE_NO_MEDIA_TIMEOUT_MS);
  }

  /** The server says the camera is offline: no media is to be expected. */
  offline(): void {
    this.clearNoMediaTimer();
  }

  get showedMedia(): boolean {
    return this.hadMedia;
  }

  /** Gives up: closes, then falls back to the next transport or shows the error. */
  fail(failure: LiveFailure): void {
    if (this.closed) return;
    const hadMedia = this.hadMedia;
    this.close();
    if (liveFailureOutcome(failure, this.options.forced, hadMedia) === 'fallback') this.options.onFallback(failure);
    else this.options.onEvent('error');
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.clearNoMediaTimer();
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.closeSocket();
    this.options.onStop();
  }

  /** Opens the socket when the page's opening handshakes allow (a wall opens 16 at once: socketOpenings.ts). */
  private connect(): void {
    this.cancelOpening = openWhenSlotFree(() => this.openSocket());
  }

  private openSocket(): WebSocket {
    const socket = new WebSocket(this.options.url);
    socket.binaryType = 'arraybuffer';
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      const data: unknown = event.data;
      if (typeof data === 'string') this.options.onText(data);
      else if (isArrayBuffer(data)) this.options.onBinary(data);
    };
    socket.onclose = () => {
      if (this.socket === socket) this.onSocketClosed();
    };
    this.socket = socket;
    return socket;
  }

  private onSocketClosed(): void {
    this.socket = null;
    if (this.closed) return;
    if (!this.hadStreamStart) return this.fail('socket');
    if (this.reconnects >= WS_LIVE_MAX_RECONNECTS) return this.fail('reconnect');
    this.reconnects += 1;
    this.options.onEvent('waiting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.closed) this.connect();
    }, WS_LIVE_RECONNECT_MS);
  }

  private closeSocket(): void {
    this.cancelOpening?.();
    this.cancelOpening = null;
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
}
