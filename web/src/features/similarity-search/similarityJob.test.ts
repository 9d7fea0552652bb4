import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { apiErrors, json, server } from '../../test/server';
import { similarityApi } from './similarityApi';
import { jobFailure, jobStep, runSimilarityJob, SimilarityJobError } from './similarityJob';
import { similarityRequest } from './similaritySettings';
import { job, makeThumbnailTrack, makeTrack, pollPath, type SimilarityCall, startHandler, thumbnailTracksPath } from './test/similarityFixtures';

const body = similarityRequest('42', 1_000_000, 2_000_000, ['Q2XX-0000-1001']);
const fast = { pollMs: 0, maxPolls: 3 };

function pollHandler(statuses: ('new' | 'running' | 'ready' | 'completed' | 'failed')[], log: string[] = []) {
  return http.get(pollPath, ({ request }) => {
    log.push(new URL(request.url).pathname);
    const status = statuses[Math.min(log.length - 1, statuses.length - 1)];
    return json({ ...job(status === 'completed' ? [makeTrack('7', 1_500_000)] : [], status), ...(status === 'failed' && { error: 'index gone' }) });
  });
}

describe('similarity job', () => {
  it('new and running keep polling, ready is done, failed is an error', () => {
    expect(['new', 'running', 'ready', 'completed', 'failed'].map((status) => jobStep(status as 'new'))).toEqual([
      'poll',
      'poll',
      'poll',
      'done',
      'failed',
    ]);
  });

  it('posts the spec’s job (20 s, 10 results, threshold 0.1, thumbnails) and takes a ready answer without polling', async () => {
    const calls: SimilarityCall[] = [];
    const polls: string[] = [];
    server.use(startHandler(() => job([makeTrack('7', 1_500_000)]), calls), pollHandler(['completed'], polls));
    const { dispatch } = makeStore();
    const results = await runSimilarityJob(dispatch, 'Q2XX-0000-1001', body, new AbortController().signal, fast);
    expect(results.map((track) => track.trackId)).toEqual(['7']);
    expect(calls).toEqual([
      {
        serial: 'Q2XX-0000-1001',
        body: {
          trackId: '42',
          t0: 1_000_000,
          t1: 2_000_000,
          cameras: ['Q2XX-0000-1001'],
          timeout: 20,
          results: 10,
          threshold: 0.1,
          includeThumbnails: true,
          includeEmbedding: false,
        },
      },
    ]);
    expect(polls).toHaveLength(0);
  });

  it('polls a new job through running and ready until it is completed', async () => {
    const polls: string[] = [];
    server.use(startHandler(() => job([], 'new')), pollHandler(['running', 'ready', 'completed'], polls));
    const { dispatch } = makeStore();
    const results = await runSimilarityJob(dispatch, 'Q2XX-0000-1001', body, new AbortController().signal, fast);
    expect(results).toHaveLength(1);
    expect(polls).toEqual([
      '/n1/api/v1/devices/Q2XX-0000-1001/camera/liveTools/similaritySearch/job-1',
      expect.any(String),
      expect.any(String),
    ]);
  });

  it('a failed job, too many polls and a failed call reject with their kind', async () => {
    const { dispatch } = makeStore();
    const run = () => runSimilarityJob(dispatch, 'Q2XX-0000-1001', body, new AbortController().signal, fast);

    server.use(startHandler(() => job([], 'new')), pollHandler(['running', 'failed']));
    await expect(run()).rejects.toMatchObject({ kind: 'job-failed', messages: ['index gone'] });

    const polls: string[] = [];
    server.use(pollHandler(['running'], polls));
    const error = await run().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SimilarityJobError);
    expect(jobFailure(error)).toEqual({ kind: 'max-retries', messages: [] });
    expect(polls).toHaveLength(3);

    server.use(startHandler(() => apiErrors(['Track not found'], 404)));
    await expect(run()).rejects.toMatchObject({ kind: 'request', messages: ['Track not found'] });
  });

  it('aborting stops the polling with an AbortError', async () => {
    const polls: string[] = [];
    server.use(startHandler(() => job([], 'running')), pollHandler(['running'], polls));
    const { dispatch } = makeStore();
    const controller = new AbortController();
    const running = runSimilarityJob(dispatch, 'Q2XX-0000-1001', body, controller.signal, { pollMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(polls).toHaveLength(0);
  });
});

describe('thumbnail track query', () => {
  it('asks again while the camera cannot be contacted (at most 3 more times), then answers the tracks', async () => {
    let calls = 0;
    server.use(
      http.get(thumbnailTracksPath, () => {
        calls += 1;
        return calls < 3 ? apiErrors(['Unable to contact camera Q2XX'], 502) : json({ results: [makeThumbnailTrack('5', 1000)] });
      }),
    );
    const store = makeStore();
    const answer = await store.dispatch(similarityApi.endpoints.thumbnailTracks.initiate({ serial: 'Q2XX-0000-1001', t0: 0, t1: 5000 }));
    expect(answer.data?.map((track) => track.trackId)).toEqual(['5']);
    expect(calls).toBe(3);
  });

  it('other errors, and the camera unreachable 4 times, are errors', async () => {
    let calls = 0;
    server.use(
      http.get(thumbnailTracksPath, () => {
        calls += 1;
        return apiErrors([calls === 1 ? 'boom' : 'Unable to contact camera'], 502);
      }),
    );
    const store = makeStore();
    const first = await store.dispatch(similarityApi.endpoints.thumbnailTracks.initiate({ serial: 'A', t0: 0, t1: 5000 }));
    expect(first.error).toMatchObject({ messages: ['boom'] });
    expect(calls).toBe(1);
    const second = await store.dispatch(similarityApi.endpoints.thumbnailTracks.initiate({ serial: 'B', t0: 0, t1: 5000 }));
    expect(second.error).toMatchObject({ messages: ['Unable to contact camera'] });
    expect(calls).toBe(5);
  });
});
