import type Hls from 'hls.js';
import type { BufferAppendingData, FragBufferedData } from 'hls.js';
import { aheadOfPlayhead, HLS_LIVE_TARGETS, liveLatencyDecision, lowWater, rangesOf } from './liveLatency';

type HlsEvents = (typeof import('hls.js'))['default']['Events'];

/**
 * Keeps LL-HLS live near the newest part hls.js appended (liveLatency.ts with HLS_LIVE_TARGETS), as the WebSocket path
 * does with its fragments: the distance to the buffered end is sampled right before each main-playlist append (its
 * low water) and the playhead is moved or sped up right after (FRAG_BUFFERED). hls.js's own live sync is off
 * (`maxLiveSyncPlaybackRate: 1` in hlsConfig.ts): it computes its start once, before the parts of the join came, and
 * speeds up only with more than a second of buffer, so a late start stayed late.
 */
export class HlsLiveLatency {
  private aheadSamples: number[] = [];

  constructor(
    private readonly hls: Hls,
    private readonly events: HlsEvents,
    private readonly video: HTMLVideoElement,
    private readonly isPaused: () => boolean,
  ) {
    hls.on(events.BUFFER_APPENDING, this.onAppending);
    hls.on(events.FRAG_BUFFERED, this.onBuffered);
  }

  close(): void {
    this.hls.off(this.events.BUFFER_APPENDING, this.onAppending);
    this.hls.off(this.events.FRAG_BUFFERED, this.onBuffered);
  }

  private readonly onAppending = (_event: unknown, data: BufferAppendingData) => {
    if (data.parent !== 'main' || data.type === 'audio') return;
    const ahead = aheadOfPlayhead(this.video.currentTime, rangesOf(this.video.buffered));
    if (ahead !== null) this.aheadSamples = [...this.aheadSamples.slice(-9), ahead];
  };

  private readonly onBuffered = (_event: unknown, data: FragBufferedData) => {
    if (data.frag.type !== 'main') return;
    const { video } = this;
    const decision = liveLatencyDecision(
      {
        currentTimeS: video.currentTime,
        ranges: rangesOf(video.buffered),
        paused: this.isPaused(),
        lowWaterS: lowWater(this.aheadSamples),
      },
      HLS_LIVE_TARGETS,
    );
    if (decision.seekToS !== null) {
      video.currentTime = decision.seekToS;
      this.aheadSamples = [];
    }
    if (video.playbackRate !== decision.playbackRate) video.playbackRate = decision.playbackRate;
  };
}
