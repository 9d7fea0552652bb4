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
/** Height of the sub-stream. */
export const SUB_STREAM_HEIGHT = 360;
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
