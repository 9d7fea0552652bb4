import type { HlsConfig } from 'hls.js';

/**
 * LL-HLS live: low-latency mode, playback held near the live edge and nudged back to it when it drifts. No
 * liveSyncDuration(Count) here on purpose: setting either makes hls.js ignore the playlist's PART-HOLD-BACK (0.6 s
 * from argusd) and hold back whole segments (2 s) instead.
 */
export const LIVE_HLS_CONFIG: Partial<HlsConfig> = {
  lowLatencyMode: true,
  maxLiveSyncPlaybackRate: 1.5,
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
