/** Business constants of the camera viewer (spec 02 §4, §5 and §9). */

/** Skip back/forward (j / l, skip buttons). */
export const SKIP_MS = 10_000;
/** One-frame step (comma / period, arrow keys). */
export const FRAME_STEP_MS = 100;
/** Speed menu; keys 1, 2, 3 pick 1x, 2x, 4x. */
export const PLAYBACK_SPEEDS = [0.25, 0.5, 1, 2, 4] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];
export const SPEED_KEYS: Readonly<Record<string, PlaybackSpeed>> = { '1': 1, '2': 2, '3': 4 };

/** In theater and fullscreen the controls hide after this long without mouse movement. */
export const CONTROLS_AUTO_HIDE_MS = 5000;
/** 'fetching metadata' shows only after the video has been waiting this long. */
export const WAITING_DEBOUNCE_MS = 500;
/** Status overlay fade. */
export const STATUS_FADE_MS = 200;
/** After the video's first frame (or its failure), secondary parts of the camera page (door marks) load this much later. */
export const SECONDARY_UI_DELAY_MS = 2000;

/** The video area never gets lower than this on the camera page (the page scrolls instead). */
export const MIN_STAGE_HEIGHT_PX = 180;

/** Volume slider step (volume is 0..1). */
export const VOLUME_STEP = 0.05;

/** Digital zoom: scale range and slider step. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 8;
export const ZOOM_STEP = 0.1;
/** Wheel: each notch changes the scale by this share of itself. */
export const WHEEL_ZOOM_FACTOR = 0.1;
/** Pinch: the change of finger distance is amplified by this factor. */
export const PINCH_ZOOM_FACTOR = 1.5;
/** Minimap canvas size (drawn scaled down). */
export const MINIMAP_WIDTH = 960;
export const MINIMAP_HEIGHT = 540;

/** Live quality: -1 auto, 0 low (sub-stream), 1 high (main stream) (spec §9). */
export type LiveQuality = -1 | 0 | 1;
export const QUALITY_AUTO: LiveQuality = -1;
export const QUALITY_LOW: LiveQuality = 0;
export const QUALITY_HIGH: LiveQuality = 1;
/** Auto picks the sub-stream when the video area is narrower than this (css px). */
export const AUTO_QUALITY_MIN_WIDTH_PX = 640;

/** History is loaded as a VOD playlist of this window around the seek time. */
export const HISTORY_BEFORE_MS = 60_000;
export const HISTORY_AFTER_MS = 30 * 60_000;
/** A seek this close to now (or later) goes live instead (seeking cannot go beyond now). */
export const LIVE_EDGE_MS = 1000;
/** A missing history playlist this close to now means 'Recent video is not yet available'. */
export const RECENT_VIDEO_MS = 120_000;

/** Screenshot JPEG quality and the time band's height as a share of the frame height. */
export const SCREENSHOT_JPEG_QUALITY = 0.92;
export const SCREENSHOT_BAND_RATIO = 0.06;

/** Live: while the server says the camera is offline (503), the player tries again this often. */
export const LIVE_OFFLINE_RETRY_MS = 3000;

/**
 * Live over WebSocket/MSE (player/WsMsePlayer, player/liveLatency.ts). Media arrives in ~200 ms fragments, so the
 * distance from the playhead to the buffered end is a saw tooth: highest right after a fragment is appended, lowest
 * ("low water") right before the next one. The low water is the real safety margin against stalls; the camera-to-screen
 * latency is about the distance right after an append.
 */
/** Where playback starts and lands after a jump: this far behind the buffered end (one fragment + margin). */
export const WS_LIVE_TARGET_BEHIND_S = 0.3;
/** Further behind than this right after an append: jump to WS_LIVE_TARGET_BEHIND_S. */
export const WS_LIVE_JUMP_BEHIND_S = 0.6;
/** A low water above this (more margin than needed) plays at WS_LIVE_CATCH_UP_RATE until it is gone. */
export const WS_LIVE_CATCH_UP_LOW_WATER_S = 0.15;
export const WS_LIVE_CATCH_UP_RATE = 1.1;
/**
 * Live over LL-HLS (player/HlsPlayer, player/hlsLiveLatency.ts): the same control on the parts hls.js appends. A part
 * needs a blocking playlist reload and then its own request, so the margin is larger than over the WebSocket; hls.js's
 * own live sync is off (it holds PART-HOLD-BACK behind an estimated edge and only speeds up with more than 1 s of
 * buffer, so a late start stayed late: 0.75–1.0 s camera-to-screen depending on where it started).
 */
export const HLS_LIVE_TARGET_BEHIND_S = 0.4;
export const HLS_LIVE_JUMP_BEHIND_S = 0.9;
/**
 * While joining (no low water yet: the first parts after the start or a jump), further behind than this jumps too: the
 * join's parts come back to back and the last of them may leave the playhead anywhere below the jump threshold, which
 * 1.1x would take seconds to make up.
 */
export const HLS_LIVE_JOIN_JUMP_BEHIND_S = 0.65;
export const HLS_LIVE_CATCH_UP_LOW_WATER_S = 0.25;
export const HLS_LIVE_CATCH_UP_RATE = 1.1;
/** Low water = the smallest of the distances seen before this many appends (~1 s of fragments). */
export const WS_LIVE_LOW_WATER_SAMPLES = 5;
/** Media older than this behind the playhead is removed (bounded memory) ... */
export const WS_LIVE_BACK_BUFFER_S = 30;
/** ... once this much more has accumulated, so removals are rare. */
export const WS_LIVE_TRIM_SLACK_S = 10;
/** When the buffer is full (QuotaExceededError), media up to this far behind the playhead is removed. */
export const WS_LIVE_QUOTA_KEEP_S = 1;
/** Without a media fragment this long after connecting, the WebSocket transport gives up (LL-HLS fallback). */
export const WS_LIVE_NO_MEDIA_TIMEOUT_MS = 5000;
/** A socket that closes after media played is reopened after this delay, at most this many times in a row. */
export const WS_LIVE_RECONNECT_MS = 1000;
export const WS_LIVE_MAX_RECONNECTS = 3;

/**
 * A live view without new media for this long is stalled: 'Reconnecting…' over the last frame. The sign must come
 * within 2 s of a stall (issue 17 item 2): this, a poll interval and a frame interval; 1.5 s measured up to 2.0 s.
 */
export const LIVE_STALL_MS = 1200;
/** A stalled live view reconnects at once and then at this cadence until media flows again. */
export const LIVE_STALL_RECONNECT_MS = 1000;
/** How often the stall watch looks at the video's buffered end and play position. */
export const LIVE_STALL_POLL_MS = 250;

/**
 * Live over the low-latency frames transport (player/FramesPlayer, player/frameGate.ts): each access unit is decoded by
 * WebCodecs and shown at once. This many chunks already waiting in the decoder when one arrives: the view is behind
 * (a message burst from a busy main thread, a slow decode) and skips decoded frames until the decoder caught up ...
 */
export const FRAMES_BEHIND_QUEUE = 4;
/** ... and this many while behind: the decoder cannot keep up, the rest of the GOP is dropped (next keyframe). */
export const FRAMES_MAX_DECODE_QUEUE = 30;
/** Frames kept while the browser is asked whether it can decode a new `config` (a join's GOP; more are dropped). */
export const FRAMES_MAX_HELD_CHUNKS = 300;
/**
 * A frames session started before its player (player/framesPrewarm.ts: a camera link pressed, the app starting on a
 * camera page) waits this long to be adopted; then it is closed. The app's start-up on a loaded 2-core machine takes
 * about a second.
 */
export const FRAMES_PREWARM_KEEP_MS = 5000;
/**
 * The boot preview (bootPreview/bootPreview.ts) must never hide what the page shows: it goes at the latest this long after
 * the app started without a viewer taking it (the camera page's chunk and camera list still load then)...
 */
export const BOOT_PREVIEW_CLAIM_MS = 3000;
/** ...and this long after the viewer mounted, whether or not the viewer plays by then. */
export const BOOT_PREVIEW_HANDOVER_MS = 1500;
/** localStorage: where the last camera page in a viewport of that size had its video box (the boot preview's place). */
export const BOOT_PREVIEW_STAGE_KEY = 'argus-live-boot-stage';
/** The boot preview's layer: the dark scheme's page background (what the app shows around its viewer). */
export const BOOT_PREVIEW_BACKGROUND = '#242424';

/**
 * Detected objects over historical video (detections/; spec 02 §4, §7, §9): asked for per bucket of the playhead, from
 * 5 s before the bucket to 30 s after it (three buckets and what interpolation needs at the first one's start) ...
 */
export const DETECTIONS_BUCKET_MS = 10_000;
export const DETECTIONS_BEFORE_MS = 5000;
export const DETECTIONS_FORWARD_MS = 30_000;
/** ... at most one request per this long (a failed one is asked again after it) ... */
export const DETECTIONS_THROTTLE_MS = 10_000;
/** ... and at most this many buckets kept, those nearest the playhead (10 min around it). */
export const DETECTIONS_MAX_BUCKETS = 60;
/** A track's box is drawn between its detections within this long of the playback time, else hidden. */
export const DETECTIONS_INTERPOLATION_MS = 750;
/** Boxes come on a 0–255 scale of the picture's width and height. */
export const DETECTIONS_BOX_SCALE = 255;
/** The overlay canvas's own size: square for a fisheye picture, else 16:9 (drawn in css px of the stage over it). */
export const DETECTIONS_CANVAS_FISHEYE = { width: 1000, height: 1000 } as const;
export const DETECTIONS_CANVAS = { width: 1920, height: 1080 } as const;
