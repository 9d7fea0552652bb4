import type { OfflineState } from '../../cameras/offlineReason';
import { LiveSocket } from './LiveSocket';
import { MseLivePipeline } from './MseLivePipeline';
import { browserSupport, type LiveFailure } from './transportChoice';
import type { PlayerEvent } from './types';
import { mseMimeType, parseWsMessage, type WsInitMessage } from './wsLiveProtocol';

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
  onFallback: (failure: LiveFailure) => void;
  /** A new `init`: wall-clock ms of media time 0 (or null when the pipeline is gone). */
  onBaseMs?: (baseMs: number | null) => void;
}

/**
 * One live view over the WebSocket fMP4 transport: the socket (`LiveSocket`: reconnects, no-media limit, fallback or
 * error), its messages, and an MseLivePipeline per `init`. Reports 'offline' when the server says the camera stopped.
 */
export class WsLiveSession {
  private readonly socket: LiveSocket;
  private pipeline: MseLivePipeline | null = null;
  /** The `init` whose init segment (the next binary message) is awaited. */
  private awaitingSegment: WsInitMessage | null = null;

  constructor(private readonly options: WsLiveSessionOptions) {
    this.socket = new LiveSocket({
      url: options.url,
      forced: options.forced,
      onText: (text) => this.onText(text),
      onBinary: (bytes) => this.onBinary(bytes),
      onEvent: options.onEvent,
      onFallback: options.onFallback,
      onStop: () => this.dropPipeline(),
    });
  }

  start(): void {
    const support = browserSupport();
    if (!support.mediaSource || !support.webSocket) {
      this.socket.fail('unsupported');
      return;
    }
    this.socket.start();
  }

  /** Wall-clock ms of the frame on screen, null before the first `init`. */
  wallMs(): number | null {
    return this.pipeline ? this.pipeline.wallMs(this.options.video.currentTime) : null;
  }

  close(): void {
    this.socket.close();
  }

  private onText(text: string): void {
    const message = parseWsMessage(text);
    switch (message.type) {
      case 'init':
        if (!MediaSource.isTypeSupported(mseMimeType(message.codec))) return this.socket.fail('codec');
        this.awaitingSegment = message;
        // What the media carries (audio or not) for the viewer's sound controls.
        this.options.video.dataset.codecs = message.codec;
        this.socket.streamStarted();
        return;
      case 'gap':
        this.pipeline?.noteGap();
        return;
      case 'offline':
        this.socket.offline();
        this.awaitingSegment = null;
        this.dropPipeline();
        this.options.onOffline?.({ reason: message.reason, sinceMs: message.sinceMs });
        this.options.onEvent('offline');
        return;
      case 'invalid':
        return this.socket.fail('protocol');
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
        onMediaAppended: () => this.socket.mediaShown(),
        onFatal: () => this.socket.fail('media'),
      });
      this.options.onBaseMs?.(init.baseMs);
    } else {
      // Media before any init cannot be decoded: wait for the next init.
      this.pipeline?.appendMedia(bytes);
    }
  }

  private dropPipeline(): void {
    if (!this.pipeline) return;
    this.pipeline.close();
    this.pipeline = null;
    this.options.onBaseMs?.(null);
  }
}
