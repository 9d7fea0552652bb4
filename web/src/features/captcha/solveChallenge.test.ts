import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256';
import { solveChallenge } from './solveChallenge';
import { makeChallenge, webCryptoSha256Hex } from './test/makeChallenge';

describe('solveChallenge', () => {
  it('finds the number of a challenge made by WebCrypto', async () => {
    const challenge = await makeChallenge(4321, { maxnumber: 10_000 });
    expect(await solveChallenge(challenge, sha256Hex)).toBe(4321);
  });

  it('finds 0 and maxnumber, the ends of the range', async () => {
    expect(await solveChallenge(await makeChallenge(0, { maxnumber: 500 }), sha256Hex)).toBe(0);
    expect(await solveChallenge(await makeChallenge(500, { maxnumber: 500 }), sha256Hex)).toBe(500);
  });

  it('works with an async digest too (WebCrypto, in batches)', async () => {
    const challenge = await makeChallenge(777, { maxnumber: 1_000 });
    expect(await solveChallenge(challenge, webCryptoSha256Hex, { batchSize: 300 })).toBe(777);
  });

  it('answers null when no number up to maxnumber gives the challenge, having tried them all', async () => {
    const challenge = await makeChallenge(1_001, { maxnumber: 1_000 });
    const progress: number[] = [];
    const found = await solveChallenge(challenge, sha256Hex, { batchSize: 400, onProgress: (f) => progress.push(f) });
    expect(found).toBeNull();
    expect(progress).toEqual([400 / 1_001, 800 / 1_001, 1]);
  });

  it('stops when its signal is aborted', async () => {
    const challenge = await makeChallenge(900, { maxnumber: 1_000 });
    const controller = new AbortController();
    const found = await solveChallenge(challenge, sha256Hex, {
      batchSize: 100,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(found).toBeNull();
  });
});
