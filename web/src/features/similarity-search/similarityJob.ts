import { errorMessages, isApiError } from '../../api/apiError';
import type { AppDispatch } from '../../app/store';
import { MAX_POLLS, SIMILARITY_POLL_MS } from './constants';
import { similarityApi } from './similarityApi';
import type { SimilarityJob, SimilarityRequest, SimilarTrack } from './types';

/** Why a job gave no results: it failed, it was still not done after the last poll, or a call failed. */
export type SimilarityJobErrorKind = 'job-failed' | 'max-retries' | 'request';

export class SimilarityJobError extends Error {
  constructor(
    readonly kind: SimilarityJobErrorKind,
    readonly messages: string[] = [],
  ) {
    super(messages[0] ?? kind);
    this.name = 'SimilarityJobError';
  }
}

/** Why a job gave no results, from what it rejected with: its kind and the server's messages. */
export function jobFailure(error: unknown): { kind: SimilarityJobErrorKind; messages: string[] } {
  if (error instanceof SimilarityJobError) return { kind: error.kind, messages: error.messages };
  return { kind: 'request', messages: errorMessages(error) };
}

/**
 * What a job's status means (spec 03 §4 "Similarity search job"): new, running and ready are polled again, failed is
 * an error, completed ends the polling with its results (docs/api/openapi.yaml SimilarityJob).
 */
export function jobStep(status: SimilarityJob['status']): 'poll' | 'done' | 'failed' {
  if (status === 'completed') return 'done';
  if (status === 'failed') return 'failed';
  return 'poll';
}

function abortError(): DOMException {
  return new DOMException('The similarity search was aborted', 'AbortError');
}

/** Resolves after `ms`, or rejects with an AbortError as soon as `signal` aborts. */
export function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError());
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A request through the store that `signal` aborts; a failed call becomes a 'request' SimilarityJobError. */
async function call<T>(request: { abort(): void; unwrap(): Promise<T> }, signal: AbortSignal): Promise<T> {
  const abort = () => request.abort();
  if (signal.aborted) abort();
  signal.addEventListener('abort', abort);
  try {
    return await request.unwrap();
  } catch (error) {
    if (signal.aborted) throw abortError();
    throw new SimilarityJobError('request', isApiError(error) ? error.messages : errorMessages(error));
  } finally {
    signal.removeEventListener('abort', abort);
  }
}

export interface JobOptions {
  pollMs?: number;
  maxPolls?: number;
}

/**
 * Runs a similarity job of camera `serial` (spec 03 §7): POST, then a poll every 3 s while it is new or running, at
 * most 40 polls. Resolves with its results (best first); rejects with a SimilarityJobError (job failed, max retries
 * exceeded, a call failed) or, once `signal` aborts, with an AbortError.
 */
export async function runSimilarityJob(
  dispatch: AppDispatch,
  serial: string,
  body: SimilarityRequest,
  signal: AbortSignal,
  { pollMs = SIMILARITY_POLL_MS, maxPolls = MAX_POLLS }: JobOptions = {},
): Promise<SimilarTrack[]> {
  let job = await call(dispatch(similarityApi.endpoints.startSimilaritySearch.initiate({ serial, body })), signal);
  for (let polls = 0; ; polls += 1) {
    const step = jobStep(job.status);
    if (step === 'done') return job.results;
    if (step === 'failed') throw new SimilarityJobError('job-failed', job.error ? [job.error] : []);
    if (polls >= maxPolls) throw new SimilarityJobError('max-retries');
    await wait(pollMs, signal);
    job = await call(
      dispatch(
        similarityApi.endpoints.similarityJob.initiate(
          { serial, requestId: job.requestId },
          { subscribe: false, forceRefetch: true },
        ),
      ),
      signal,
    );
  }
}
