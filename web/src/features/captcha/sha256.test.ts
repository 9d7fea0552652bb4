import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256';
import { webCryptoSha256Hex } from './test/makeChallenge';

describe('sha256Hex', () => {
  it('gives the FIPS 180-4 example digests', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('agrees with WebCrypto on texts around the block boundaries and on non-ASCII texts', async () => {
    const texts = [
      ...[1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 128, 300].map((length) => 'x'.repeat(length)),
      '0123456789abcdef01234567?expires=1760000000' + '99999',
      'ñandú 🦩 cámara',
    ];
    for (const text of texts) expect(sha256Hex(text), `${text.length} characters`).toBe(await webCryptoSha256Hex(text));
  });

  it('gives the same answer when called again after a longer text', () => {
    const short = sha256Hex('abc');
    sha256Hex('y'.repeat(1000));
    expect(sha256Hex('abc')).toBe(short);
  });
});
