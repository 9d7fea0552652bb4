import type { components } from '../../api/schema.gen';

type Schemas = components['schemas'];

/** A similarity (or tracks) job: requestId, status new | running | ready | failed, results best first. */
export type SimilarityJob = Schemas['SimilarityJob'];
/** A found track (spec 03 §3 "Track (thumbnail)"): trackId, serial, cameraId, objectClass, t0, t1 (ms), b64Image, percent. */
export type SimilarTrack = Schemas['SimilarTrack'];
export type ObjectClass = SimilarTrack['objectClass'];

/** Body of `POST /api/v1/devices/{serial}/camera/liveTools/similaritySearch`. */
export interface SimilarityRequest {
  trackId: string;
  /** UTC ms; at most 7 days apart. */
  t0: number;
  t1: number;
  /** Camera serials searched. */
  cameras?: string[];
  timeout: number;
  results: number;
  /** The server's least similarity, a fraction. */
  threshold: number;
  includeThumbnails: boolean;
  includeEmbedding: boolean;
}

/** One track of the thumbnail track query (`GET .../analytics/thumbnailTracks?t0&t1`). */
export interface ThumbnailTrack {
  trackId: string;
  objectClass: ObjectClass;
  data: { t0: number; t1: number; b64Image: string | null };
}

export interface ThumbnailTracksArg {
  serial: string;
  /** UTC ms, t0 < t1, at most 24 h apart. */
  t0: number;
  t1: number;
}
