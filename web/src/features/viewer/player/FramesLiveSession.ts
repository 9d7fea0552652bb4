import type { OfflineState } from '../../cameras/offlineReason';
import { FRAMES_MAX_HELD_CHUNKS } from '../constants';
import { FrameSink } from './FrameSink';
import { type FrameGate, type FrameGateInput, type FrameGateStep, initialFrameGate, stepFrameGate } from './frameGate';
import {
  decoderConfig,
  type EncodedFrame,
  type FramesConfigMessage,
  parseFrame,
  parseFramesMessage,
} from './framesProtocol';
import { LiveSocket } from './LiveSocket';
import { browserSupport, type LiveFailure } from './transportChoice';
import type { PlayerEvent } from './types';

/** What the session reports to, and shows on: given at construction or by attach() (a prewarmed session). */
export interface FramesSessionView {
  /** null until attached: decoded frames wait (only the newest) for the element. */
  video: HTMLVideoElement | null;
  onEvent: (event: PlayerEvent) => void;
  /** The server's offline message: why and since when. */
  onOffline?: (state: OfflineState) => void;
  /** Live must go on over the next transport. */
  onFallback: (failure: LiveFailure) => void;
  /** A frame reached the screen: its wall-clock time (ms). */
  onFrameShown?: (wallMs: number) => void;
}

export interface FramesLiveSessionOptions extends FramesSessionView {
  /** ws:// or wss:// URL of the frames route (framesLiveUrl). */
  url: string;
  /** `?transport=frames`: failures show the error state instead of falling back. */
  forced: boolean;
}

/**
 * One live view over the low-latency frames transport: the socket (`LiveSocket`: reconnects, no-media limit, fallback
 * or error), a VideoDecoder configured from each `config`, the frame gate (frameGate.ts: keyframes after joins and
 * gaps, only the newest frame while catching up) and a FrameSink that puts the frames on the `<video>`. Frames are
 * shown the moment they are decoded; nothing is buffered or paced. A session may start before its `<video>` exists
 * (framesPrewarm.ts): it connects and decodes, keeps the newest decoded frame, and shows it when attach() gives the
 * element.
 */
export class FramesLiveSession {
  private readonly socket: LiveSocket;
  private decoder: VideoDecoder | null = null;
  private config: FramesConfigMessage | null = null;
  private sink: FrameSink | null = null;
  private gate: FrameGate = initialFrameGate();
  /** Frames that came while the browser was asked about a config (the join's keyframe among them). */
  private held: EncodedFrame[] | null = null;
  private configGeneration = 0;
  private shownWallMs: number | null = null;
  /** The newest frame decoded before a video was attached (prewarmed session). */
  private pendingFrame: VideoFrame | null = null;
  private started = false;
  private options: FramesLiveSessionOptions;
  /**
   * The session said 'waiting' (reconnecting) or 'offline'. The `<video>` of a MediaStream keeps "playing" through
   * that (no element events), so the next frame shown reports 'playing' from here.
   */
  private interrupted = false;

  constructor(options: FramesLiveSessionOptions) {
    this.options = options;
    this.socket = new LiveSocket({
      url: options.url,
      forced: options.forced,
      onText: (text) => this.onText(text),
      onBinary: (bytes) => this.onBinary(bytes),
      onEvent: (event) => {
        if (event === 'waiting') this.interrupted = true;
        this.options.onEvent(event);
      },
      onFallback: (failure) => this.options.onFallback(failure),
      onStop: () => this.release(),
    });
  }

  get url(): string {
    return this.options.url;
  }

  get forced(): boolean {
    return this.options.forced;
  }

  /** Gives the session its element and listeners (a prewarmed one); the newest frame decoded so far is shown now. */
  attach(view: FramesSessionView): void {
    this.options = { ...this.options, ...view };
    this.socket.restartNoMediaClock();
    const frame = this.pendingFrame;
    this.pendingFrame = null;
    if (!frame) return;
    this.step({ type: 'shown', timestampUs: frame.timestamp });
    this.showFrame(frame);
  }

  /** Connects (once). */
  start(): void {
    if (this.started) return;
    this.started = true;
    if (!browserSupport().webCodecs) {
      this.socket.fail('unsupported');
      return;
    }
    this.socket.start();
  }

  /** Wall-clock ms of the frame on screen, null before the first one. */
  wallMs(): number | null {
    return this.shownWallMs;
  }

  close(): void {
    this.socket.close();
  }

  private onText(text: string): void {
    const message = parseFramesMessage(text);
    switch (message.type) {
      case 'config':
        this.socket.streamStarted();
        void this.configure(message);
        return;
      case 'gap':
        this.step({ type: 'gap' });
        return;
      case 'offline':
        this.socket.offline();
        this.closeDecoder();
        this.options.onOffline?.({ reason: message.reason, sinceMs: message.sinceMs });
        this.interrupted = true;
        this.options.onEvent('offline');
        return;
      case 'invalid':
        return this.socket.fail('protocol');
      case 'unknown':
        return;
    }
  }

  private async configure(config: FramesConfigMessage): Promise<void> {
    const generation = ++this.configGeneration;
    this.closeDecoder();
    this.held = [];
    let supported = false;
    try {
      supported = (await VideoDecoder.isConfigSupported(decoderConfig(config))).supported === true;
    } catch {
      supported = false;
    }
    if (generation !== this.configGeneration) return;
    if (!supported) return this.socket.fail('codec');
    this.config = config;
    if (!this.openDecoder()) return;
    const held = this.held ?? [];
    this.held = null;
    for (const frame of held) this.decode(frame);
  }

  /** A decoder for the current config; false when the browser refused it (the session failed). */
  private openDecoder(): boolean {
    if (!this.config) return false;
    const decoder = new VideoDecoder({
      output: (frame) => this.onDecoded(decoder, frame),
      error: (error) => this.onDecoderError(decoder, error),
    });
    try {
      decoder.configure(decoderConfig(this.config));
    } catch {
      this.socket.fail('codec');
      return false;
    }
    this.decoder = decoder;
    this.gate = stepFrameGate(this.gate, { type: 'config' }).gate;
    return true;
  }

  private onBinary(bytes: ArrayBuffer): void {
    const frame = parseFrame(bytes);
    if (!frame) return this.socket.fail('protocol');
    if (this.held) {
      if (this.held.length < FRAMES_MAX_HELD_CHUNKS) this.held.push(frame);
      return;
    }
    this.decode(frame);
  }

  private decode(frame: EncodedFrame): void {
    const decoder = this.decoder;
    if (!decoder || decoder.state !== 'configured') return;
    if (this.step({ type: 'chunk', key: frame.key, queued: decoder.decodeQueueSize }) !== 'decode') return;
    try {
      decoder.decode(
        new EncodedVideoChunk({
          type: frame.key ? 'key' : 'delta',
          timestamp: frame.timestampUs,
          ...(frame.durationUs > 0 ? { duration: frame.durationUs } : {}),
          data: frame.data,
        }),
      );
    } catch (error) {
      this.onDecoderError(decoder, error);
    }
  }

  private onDecoded(decoder: VideoDecoder, frame: VideoFrame): void {
    if (decoder !== this.decoder) {
      frame.close();
      return;
    }
    const action = this.step({ type: 'output', timestampUs: frame.timestamp, queued: decoder.decodeQueueSize });
    // Not attached yet (prewarmed), showFrame keeps the newest decoded frame whatever the gate says: nothing is on
    // screen that a backlog could replay over, and on a busy page (a cold load) every output of the join still sees
    // newer chunks waiting, so the session would reach its player with nothing to show.
    if (action !== 'show' && this.options.video) {
      frame.close();
      return;
    }
    this.showFrame(frame);
  }

  private showFrame(frame: VideoFrame): void {
    const { video } = this.options;
    if (!video) {
      if (this.pendingFrame && this.pendingFrame.timestamp >= frame.timestamp) frame.close();
      else {
        this.pendingFrame?.close();
        this.pendingFrame = frame;
      }
      return;
    }
    this.sink ??= new FrameSink(video, this.onWritten, () => this.socket.fail('media'));
    this.sink.show(frame);
  }

  private readonly onWritten = (timestampUs: number) => {
    this.shownWallMs = Math.round(timestampUs / 1000);
    this.socket.mediaShown();
    this.options.onFrameShown?.(this.shownWallMs);
    if (this.interrupted) {
      this.interrupted = false;
      this.options.onEvent('playing');
    }
  };

  /**
   * Before anything was shown the transport cannot play here (fallback or error). After that a broken frame should not
   * end live: a new decoder for the same config waits for the next keyframe.
   */
  private onDecoderError(decoder: VideoDecoder, error: unknown): void {
    if (decoder !== this.decoder) return;
    if (!this.socket.showedMedia) return this.socket.fail('media');
    console.warn('live frames: decoder error, resuming at the next keyframe', error);
    this.closeDecoder();
    this.openDecoder();
  }

  private step(input: FrameGateInput): FrameGateStep['action'] {
    const step = stepFrameGate(this.gate, input);
    this.gate = step.gate;
    return step.action;
  }

  private closeDecoder(): void {
    const decoder = this.decoder;
    this.decoder = null;
    if (decoder && decoder.state !== 'closed') decoder.close();
  }

  private release(): void {
    this.configGeneration += 1;
    this.held = null;
    this.closeDecoder();
    this.pendingFrame?.close();
    this.pendingFrame = null;
    this.sink?.close();
    this.sink = null;
  }
}
