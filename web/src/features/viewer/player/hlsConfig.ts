import type { HlsConfig } from 'hls.js';

/** LL-HLS live: low-latency mode, playback held near the live edge and nudged back to it when it drifts. */
export const LIVE_HLS_CONFIG: Partial<HlsConfig> = {
  lowLatencyMode: true,
  liveSyncDurationCount: 1,
  liveMaxLatencyDurationCount: 5,
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
