import { http } from 'msw';
import { apiPath, json } from '../../../test/server';
import type { SimilarityJob, SimilarityRequest, SimilarTrack, ThumbnailTrack } from '../types';

export const startPath = apiPath('/api/v1/devices/:serial/camera/liveTools/similaritySearch');
export const pollPath = apiPath('/api/v1/devices/:serial/camera/liveTools/similaritySearch/:requestId');
export const thumbnailTracksPath = apiPath('/api/v1/devices/:serial/camera/analytics/thumbnailTracks');

/** A tiny base64 "JPEG" whose text names the track (the tests only compare addresses). */
export const image = (name: string) => btoa(`jpeg-${name}`);

export function makeTrack(trackId: string, t0Ms: number, overrides: Partial<SimilarTrack> = {}): SimilarTrack {
  return {
    trackId,
    serial: 'Q2XX-0000-1001',
    cameraId: 1001,
    objectClass: 'person',
    t0: t0Ms,
    t1: t0Ms + 4000,
    b64Image: image(trackId),
    similarityPercent: 97,
    ...overrides,
  };
}

export function makeThumbnailTrack(trackId: string, t0Ms: number, overrides: Partial<ThumbnailTrack> = {}): ThumbnailTrack {
  return { trackId, objectClass: 'person', data: { t0: t0Ms, t1: t0Ms + 4000, b64Image: image(trackId) }, ...overrides };
}

export function job(results: SimilarTrack[], status: SimilarityJob['status'] = 'completed', requestId = 'job-1'): SimilarityJob {
  return { requestId, status, results };
}

export interface SimilarityCall {
  serial: string;
  body: SimilarityRequest;
}

/** POST answers `answer(call)` (a job, or a response such as an error); every call is logged. */
export function startHandler(answer: (call: SimilarityCall) => SimilarityJob | Response, log: SimilarityCall[] = []) {
  return http.post(startPath, async ({ request }) => {
    const serial = decodeURIComponent(/devices\/([^/]+)\//.exec(request.url)?.[1] ?? '');
    const call = { serial, body: (await request.json()) as SimilarityRequest };
    log.push(call);
    const answered = answer(call);
    return answered instanceof Response ? answered : json(answered);
  });
}

/** The thumbnail track query answering `tracks` (those overlapping [t0, t1)); each call's query is logged. */
export function thumbnailTracksHandler(tracks: ThumbnailTrack[], log: URLSearchParams[] = []) {
  return http.get(thumbnailTracksPath, ({ request }) => {
    const params = new URL(request.url).searchParams;
    log.push(params);
    const t0 = Number(params.get('t0'));
    const t1 = Number(params.get('t1'));
    return json({ results: tracks.filter((track) => track.data.t0 < t1 && track.data.t1 >= t0) });
  });
}
