import { backBufferTrim, quotaTrim } from './backBuffer';
import { aheadOfPlayhead, liveLatencyDecision, lowWater, rangesOf } from './liveLatency';
import { SourceBufferQueue } from './SourceBufferQueue';
import { mseMimeType } from './wsLiveProtocol';

export interface MseLivePipelineOptions {
  video: HTMLVideoElement;
  codec: string;
  /** UTC ms of media time 0 (the `init` message's base_ms): the fragments' tfdt are UTC. */
  baseMs: number;
  initSegment: ArrayBuffer;
  /** The user paused live. */
  isPaused: () => boolean;
  /** A media fragment is in the buffer. */
  onMediaAppended: () => void;
  /** MSE refused the stream. */
  onFatal: (error: unknown) => void;
}

/**
 * One MediaSource + SourceBuffer for one `init` of the live WebSocket stream, attached to the video element: appends
 * through a queue, keeps the playhead near the live edge (liveLatency.ts) and drops old media (backBuffer.ts). A new
 * `init` (camera back after offline, new codec or size) gets a new pipeline.
 */
export class MseLivePipeline {
  readonly baseMs: number;
  private readonly mediaSource = new MediaSource();
  private objectUrl: string | null;
  private queue: SourceBufferQueue | null = null;
  private buffer: SourceBuffer | null = null;
  /** Fragments that arrived before `sourceopen`. */
  private readonly early: ArrayBuffer[] = [];
  /** Distances to the buffered end seen right before appends (low-water samples). */
  private aheadSamples: number[] = [];
  private closed = false;

  constructor(private readonly options: MseLivePipelineOptions) {
    this.baseMs = options.baseMs;
    this.objectUrl = URL.createObjectURL(this.mediaSource);
    this.mediaSource.addEventListener('sourceopen', this.onSourceOpen, { once: true });
    options.video.addEventListener('error', this.onVideoError);
    options.video.src = this.objectUrl;
  }

  /** Wall-clock ms of media time `mediaS`. */
  wallMs(mediaS: number): number {
    return Math.round(this.baseMs + mediaS * 1000);
  }

  appendMedia(bytes: ArrayBuffer): void {
    if (this.closed) return;
    if (!this.queue || !this.buffer) {
      this.early.push(bytes);
      return;
    }
    if (!this.options.isPaused() && this.queue.pending === 0) {
      const ahead = aheadOfPlayhead(this.options.video.currentTime, this.ranges());
      if (ahead !== null) this.aheadSamples = [...this.aheadSamples.slice(-9), ahead];
    }
    this.queue.append(bytes, true);
  }

  /** The server dropped fragments: the next one starts later (latency samples across the hole mean nothing). */
  noteGap(): void {
    this.aheadSamples = [];
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue?.close();
    this.options.video.removeEventListener('error', this.onVideoError);
    this.mediaSource.removeEventListener('sourceopen', this.onSourceOpen);
    this.revokeUrl();
  }

  private ranges() {
    return this.buffer ? rangesOf(this.buffer.buffered) : [];
  }

  private revokeUrl(): void {
    if (this.objectUrl) URL.revokeObjectURL(this.objectUrl);
    this.objectUrl = null;
  }

  private readonly onSourceOpen = () => {
    this.revokeUrl();
    if (this.closed) return;
    try {
      this.buffer = this.mediaSource.addSourceBuffer(mseMimeType(this.options.codec));
      this.buffer.timestampOffset = -this.baseMs / 1000;
    } catch (error) {
      this.fatal(error);
      return;
    }
    this.queue = new SourceBufferQueue(this.buffer, {
      onAppended: this.onAppended,
      onQuotaExceeded: () => quotaTrim(this.options.video.currentTime, this.ranges(), this.options.isPaused()),
      onError: (error) => this.fatal(error),
    });
    this.queue.append(this.options.initSegment, false);
    for (const bytes of this.early.splice(0)) this.queue.append(bytes, true);
  };

  private readonly onAppended = (media: boolean) => {
    if (!media || this.closed) return;
    const { video, isPaused } = this.options;
    const ranges = this.ranges();
    const decision = liveLatencyDecision({
      currentTimeS: video.currentTime,
      ranges,
      paused: isPaused(),
      lowWaterS: lowWater(this.aheadSamples),
    });
    if (decision.seekToS !== null) {
      video.currentTime = decision.seekToS;
      this.aheadSamples = [];
    }
    if (video.playbackRate !== decision.playbackRate) video.playbackRate = decision.playbackRate;
    const trim = backBufferTrim(video.currentTime, ranges, isPaused());
    if (trim) this.queue?.remove(trim);
    this.options.onMediaAppended();
  };

  private readonly onVideoError = () => this.fatal(this.options.video.error ?? new Error('media error'));

  private fatal(error: unknown): void {
    if (this.closed) return;
    this.close();
    this.options.onFatal(error);
  }
}
