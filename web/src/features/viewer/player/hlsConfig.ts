import type { HlsConfig } from 'hls.js';

/**
 * LL-HLS live: low-latency mode (parts, blocking playlist reloads). hls.js's own live sync is off
 * (`maxLiveSyncPlaybackRate: 1`): it only speeds up with more than a second of buffer, which a part-by-part live view
 * never has, and its start position is computed once before the join's parts arrived, so a late start stayed late.
 * HlsLiveLatency keeps the playhead near the newest part instead. No liveSyncDuration(Count) either: hls.js's start
 * then follows the playlist's PART-HOLD-BACK (0.6 s from argusd) rather than whole segments.
 */
export const LIVE_HLS_CONFIG: Partial<HlsConfig> = {
  lowLatencyMode: true,
  maxLiveSyncPlaybackRate: 1,
  backBufferLength: 30,
  enableWorker: true,
};

/** History VOD: a modest forward buffer (chunks are byte ranges of recorded files). */
export const HISTORY_HLS_CONFIG: Partial<HlsConfig> = {
  lowLatencyMode: false,
  maxBufferLength: 30,
  backBufferLength: 60,
  enableWorker: true,
};
