import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { jobFailure, runSimilarityJob, type SimilarityJobErrorKind } from '../similarityJob';
import type { SimilarityRequest, SimilarTrack } from '../types';

export interface SimilarityJobState {
  /** idle: no request yet (e.g. the cameras are loading). */
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Best first. */
  results: SimilarTrack[];
  error: { kind: SimilarityJobErrorKind; messages: string[] } | null;
}

const IDLE: SimilarityJobState = { status: 'idle', results: [], error: null };

/**
 * Runs the similarity job of camera `serial` for `request` (POST, then polls every 3 s, at most 40) whenever the
 * request changes or `retry` is called; leaving aborts it. Null: nothing is asked.
 */
export function useSimilarityJob(serial: string, request: SimilarityRequest | null): SimilarityJobState & { retry: () => void } {
  const dispatch = useAppDispatch();
  const [attempt, setAttempt] = useState(0);
  const key = request ? `${serial}|${JSON.stringify(request)}|${attempt}` : null;
  const [job, setJob] = useState<{ key: string | null; state: SimilarityJobState }>({ key: null, state: IDLE });
  // The key stands for the serial and the request's content: a new object with the same content does not search again.
  const latest = useRef({ serial, request });
  latest.current = { serial, request };

  useEffect(() => {
    const current = latest.current;
    if (!current.request || key === null) return;
    const controller = new AbortController();
    runSimilarityJob(dispatch, current.serial, current.request, controller.signal).then(
      (results) => setJob({ key, state: { status: 'ready', results, error: null } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setJob({ key, state: { status: 'failed', results: [], error: jobFailure(error) } });
      },
    );
    return () => controller.abort();
  }, [key, dispatch]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  // Until the answer of the current request arrives, it is loading.
  const state = key === null ? IDLE : job.key === key ? job.state : { status: 'loading' as const, results: [], error: null };
  return { ...state, retry };
}
