import { describe, expect, it, vi } from 'vitest';
import { planChunks } from './chunks';
import { runChunkedSearch } from './runSearch';
import { makeEvent } from './test/motionFixtures';
import type { MotionEvent } from './types';

const H = 3_600_000;

describe('chunked search', () => {
  it('fetches the chunks newest first, one at a time, and reports each chunk newest first with the share searched', async () => {
    const end = 100 * H;
    const start = end - 48 * H;
    const fetched: number[] = [];
    const reports: { ts: number[]; progress: number }[] = [];
    const outcome = await runChunkedSearch({
      startMs: start,
      endMs: end,
      chunks: planChunks(start, end),
      fetchChunk: async (chunk) => {
        fetched.push((end - chunk.startMs) / H);
        return [makeEvent(chunk.startMs / 1000 + 10), makeEvent(chunk.startMs / 1000 + 20)];
      },
      onChunk: (events, progress) => reports.push({ ts: events.map((event) => event.ts), progress }),
      signal: new AbortController().signal,
    });
    expect(fetched).toEqual([12, 36, 48]);
    expect(reports.map((report) => report.progress)).toEqual([0.25, 0.75, 1]);
    expect(reports[0].ts).toEqual([(end - 12 * H) / 1000 + 20, (end - 12 * H) / 1000 + 10]);
    expect(outcome).toEqual({ status: 'done', resultCount: 6 });
  });

  it('stops at the first failure with its messages', async () => {
    const fetchChunk = vi
      .fn<(chunk: unknown, signal: AbortSignal) => Promise<MotionEvent[]>>()
      .mockResolvedValueOnce([])
      .mockRejectedValueOnce({ status: 400, messages: ['range too long'], loginRequired: false, passwordExpired: false });
    const outcome = await runChunkedSearch({
      startMs: 0,
      endMs: 100 * H,
      chunks: planChunks(0, 100 * H),
      fetchChunk,
      onChunk: () => undefined,
      signal: new AbortController().signal,
    });
    expect(outcome).toEqual({ status: 'failed', messages: ['range too long'] });
    expect(fetchChunk).toHaveBeenCalledTimes(2);
  });

  it('ends quietly when aborted, without reporting the chunk in flight', async () => {
    const controller = new AbortController();
    const onChunk = vi.fn();
    const outcome = runChunkedSearch({
      startMs: 0,
      endMs: 100 * H,
      chunks: planChunks(0, 100 * H),
      fetchChunk: (_chunk, signal) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('AbortError')))),
      onChunk,
      signal: controller.signal,
    });
    controller.abort();
    await expect(outcome).resolves.toEqual({ status: 'aborted' });
    expect(onChunk).not.toHaveBeenCalled();
  });
});
