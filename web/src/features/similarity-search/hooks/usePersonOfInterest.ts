import { TRACK_LOOKUP_MARGIN_MS } from '../constants';
import { useThumbnailTracksQuery } from '../similarityApi';
import type { ThumbnailTrack } from '../types';

export interface PersonOfInterest {
  /** The track, once found; undefined while loading, after an error, or when the camera has no such track there. */
  track: ThumbnailTrack | undefined;
  isLoading: boolean;
  isError: boolean;
}

/**
 * The searched track with its image: the thumbnail track query of camera `serial` over the second of `tsS` (its first
 * sighting) with a second either side, then the track of that id.
 */
export function usePersonOfInterest(serial: string, trackId: string, tsS: number): PersonOfInterest {
  const { data, isLoading, isError } = useThumbnailTracksQuery({
    serial,
    t0: tsS * 1000 - TRACK_LOOKUP_MARGIN_MS,
    t1: (tsS + 1) * 1000 + TRACK_LOOKUP_MARGIN_MS,
  });
  return { track: data?.find((track) => track.trackId === trackId), isLoading, isError };
}
