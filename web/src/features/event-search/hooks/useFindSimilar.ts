import { useCallback, useEffect, useRef } from 'react';
import type { Camera } from '../../../api/types';
import { useAppDispatch } from '../../../app/hooks';
import { jobFailure, runSimilarityJob, similarityRequest } from '../../similarity-search';
import { eventSearchActions } from '../eventSearchState';
import type { SearchPage } from '../pages';
import { type SimilarSource, similarSearchRange } from '../similarResults';

type Send = (action: ReturnType<(typeof eventSearchActions)[keyof typeof eventSearchActions]>) => void;

export interface FindSimilarControls {
  /** Starts (or retries) a similarity job for `source` over the cameras and the planned pages' range. */
  find: (source: SimilarSource, cameras: readonly Camera[], pages: readonly SearchPage[]) => void;
  /** Stops a running job and removes the similar results. */
  close: () => void;
}

/**
 * 'Find similar' of the event search (spec 03 §4): one similarity job at a time (a new one aborts the last, as does
 * leaving the page); its results or failure go to the page's state.
 */
export function useFindSimilar(send: Send): FindSimilarControls {
  const dispatch = useAppDispatch();
  const controller = useRef<AbortController | null>(null);
  const requestIds = useRef(0);
  useEffect(() => () => controller.current?.abort(), []);

  const find = useCallback(
    (source: SimilarSource, cameras: readonly Camera[], pages: readonly SearchPage[]) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      requestIds.current += 1;
      const requestId = requestIds.current;
      send(eventSearchActions.similarRequested({ requestId, source }));
      const range = similarSearchRange(pages, source);
      const body = similarityRequest(source.trackId, range.t0, range.t1, cameras.map((camera) => camera.serial));
      runSimilarityJob(dispatch, source.serial, body, own.signal).then(
        (tracks) => send(eventSearchActions.similarLoaded({ requestId, tracks })),
        (error: unknown) => {
          if (!own.signal.aborted) send(eventSearchActions.similarFailed({ requestId, error: jobFailure(error) }));
        },
      );
    },
    [dispatch, send],
  );

  const close = useCallback(() => {
    controller.current?.abort();
    send(eventSearchActions.similarClosed());
  }, [send]);

  return { find, close };
}
