import type { AppDispatch } from '../../app/store';
import { motionSearchApi } from './motionSearchApi';
import type { MotionEvent, MotionSearchArg } from './types';

/**
 * One motion_search request through the store (base client, RTK Query), never cached nor joined to another request;
 * aborting `signal` aborts the fetch. Rejects with the ApiError on failure.
 */
export async function fetchMotionEvents(
  dispatch: AppDispatch,
  arg: MotionSearchArg,
  signal: AbortSignal,
): Promise<MotionEvent[]> {
  const request = dispatch(motionSearchApi.endpoints.searchMotion.initiate(arg, { subscribe: false, forceRefetch: true }));
  const abort = () => request.abort();
  if (signal.aborted) abort();
  signal.addEventListener('abort', abort);
  try {
    return (await request.unwrap()).subevents;
  } finally {
    signal.removeEventListener('abort', abort);
  }
}
