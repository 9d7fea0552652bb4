import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedbackProblem, wishHash } from './feedbackModel';

describe('feedbackModel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes 1 to 5000 characters after trimming', () => {
    expect(feedbackProblem('')).toBe('empty');
    expect(feedbackProblem(' \n\t ')).toBe('empty');
    expect(feedbackProblem('ok')).toBeNull();
    expect(feedbackProblem(` ${'x'.repeat(5000)} `)).toBeNull();
    expect(feedbackProblem('x'.repeat(5001))).toBe('too-long');
  });

  it("hashes the text's UTF-8 with Web Crypto's SHA-256, as hex", async () => {
    const digest = vi.fn(async (_algorithm: string, data: Uint8Array) => sha256(new Uint8Array(data)).buffer);
    vi.stubGlobal('crypto', { subtle: { digest } });
    const text = 'Größere Schrift, bitte ✓';
    const expected = bytesToHex(sha256(new TextEncoder().encode(text)));
    expect(await wishHash(text)).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
    expect(digest).toHaveBeenCalledWith('SHA-256', new TextEncoder().encode(text));
  });

  it('gives an empty hash without Web Crypto, or when hashing fails', async () => {
    vi.stubGlobal('crypto', undefined);
    expect(await wishHash('text')).toBe('');
    vi.stubGlobal('crypto', { subtle: undefined });
    expect(await wishHash('text')).toBe('');
    vi.stubGlobal('crypto', { subtle: { digest: () => Promise.reject(new Error('not allowed')) } });
    expect(await wishHash('text')).toBe('');
  });
});
