/** Business constants of similarity search (spec 03 §5 "Similarity", "Motion and event search", §7, §9). */

/** The timeframe searched: this long before and after the track's time (capped at now). */
export const SIMILARITY_WINDOW_MS = 60 * 60 * 1000;

/** The job as asked: timeout (s), at most this many results, the server's least similarity (a fraction). */
export const JOB_TIMEOUT_S = 20;
export const JOB_RESULTS = 10;
export const JOB_THRESHOLD = 0.1;

/** The page's threshold slider: whole percentages of similarity; results below it are not shown. */
export const THRESHOLD_MIN = 90;
export const THRESHOLD_MAX = 100;
export const DEFAULT_THRESHOLD = 96;

/** The event search's similarity tolerance slider (shown inverted: a result counts at 100 - tolerance % and above). */
export const TOLERANCE_MAX = 70;
export const DEFAULT_TOLERANCE = 15;

/** The same object (camera and track id) matches an event within this many seconds of it. */
export const MATCH_WINDOW_S = 300;

/** A similarity job is polled this often, at most this many times (a tracks job: every 6 s, 40 times). */
export const SIMILARITY_POLL_MS = 3000;
export const TRACKS_POLL_MS = 6000;
export const MAX_POLLS = 40;

/** Result thumbnail sizes of the similarity screen, CSS px. */
export const SIMILARITY_THUMBNAILS = {
  small: { width: 120, height: 90 },
  medium: { width: 240, height: 120 },
  large: { width: 480, height: 240 },
} as const;
export type SimilarityThumbnailSize = keyof typeof SIMILARITY_THUMBNAILS;
export const DEFAULT_SIMILARITY_THUMBNAIL: SimilarityThumbnailSize = 'medium';

/** Oldest first by default (spec 03 §1 query settings). */
export type SimilaritySortOrder = 'ascending' | 'descending';
export const DEFAULT_SIMILARITY_SORT: SimilaritySortOrder = 'ascending';

/** A thumbnail track query failing with this text is asked again (spec 03 §7), at most this many more times. */
export const CAMERA_UNREACHABLE_TEXT = 'Unable to contact camera';
export const THUMBNAIL_REFETCHES = 3;

/** The person of interest is looked up among the tracks of the second of its time, with a second either side. */
export const TRACK_LOOKUP_MARGIN_MS = 1000;

/** A result's clip lasts from its first to its last sighting, at least this long (ms), as a shown duration (spec 03 §5). */
export const MIN_CLIP_MS = 1000;
