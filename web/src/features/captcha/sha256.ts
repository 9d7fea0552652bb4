/**
 * A small synchronous SHA-256 (FIPS 180-4) for the proof of work: the solver hashes about 50 000 short texts, and a
 * plain loop over one reused buffer does that many times faster than `crypto.subtle.digest`, whose every call is a
 * promise (README.md has the figures). It also works where `crypto.subtle` does not: a portal opened over plain HTTP
 * is not a secure context.
 */

/** First 32 bits of the fractional parts of the cube roots of the first 64 primes (FIPS 180-4 §4.2.2). */
const ROUND_CONSTANTS = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** First 32 bits of the fractional parts of the square roots of the first 8 primes (FIPS 180-4 §5.3.3). */
const INITIAL_HASH = new Uint32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const encoder = new TextEncoder();

// Reused between calls: the solver hashes one text after another, so no allocation per text.
const schedule = new Uint32Array(64);
const state = new Uint32Array(8);
let padded = new Uint8Array(128);

/** Processes the 64-byte block of `bytes` at `offset` into `state`. */
function compress(bytes: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const at = offset + i * 4;
    schedule[i] = (bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3];
  }
  for (let i = 16; i < 64; i++) {
    const w15 = schedule[i - 15];
    const w2 = schedule[i - 2];
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    schedule[i] = schedule[i - 16] + s0 + schedule[i - 7] + s1;
  }
  let a = state[0];
  let b = state[1];
  let c = state[2];
  let d = state[3];
  let e = state[4];
  let f = state[5];
  let g = state[6];
  let h = state[7];
  for (let i = 0; i < 64; i++) {
    const sum1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const choice = (e & f) ^ (~e & g);
    const t1 = (h + sum1 + choice + ROUND_CONSTANTS[i] + schedule[i]) | 0;
    const sum0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const majority = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (sum0 + majority) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
  state[4] += e;
  state[5] += f;
  state[6] += g;
  state[7] += h;
}

/** Writes `text` as UTF-8 into `padded` (grown when needed) and returns its length in bytes. */
function writeUtf8(text: string): number {
  ensureCapacity(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return writeEncoded(text);
    padded[i] = code;
  }
  return text.length;
}

/** `writeUtf8` for a text that is not all ASCII. */
function writeEncoded(text: string): number {
  const bytes = encoder.encode(text);
  ensureCapacity(bytes.length);
  padded.set(bytes);
  return bytes.length;
}

/** Room for `length` bytes of message plus padding (a 0x80 byte and the 8-byte bit length, to a 64-byte boundary). */
function ensureCapacity(length: number): void {
  const needed = Math.ceil((length + 9) / 64) * 64;
  if (padded.length < needed) padded = new Uint8Array(needed);
}

/** Lower-case hex SHA-256 of the UTF-8 bytes of `text`. */
export function sha256Hex(text: string): string {
  const length = writeUtf8(text);
  const blocks = Math.ceil((length + 9) / 64);
  const end = blocks * 64;
  padded[length] = 0x80;
  padded.fill(0, length + 1, end - 8);
  // The length in bits, big-endian over 8 bytes (texts here are far below 2^29 bytes, so the top 3 bytes are 0).
  const bits = length * 8;
  padded[end - 8] = 0;
  padded[end - 7] = 0;
  padded[end - 6] = 0;
  padded[end - 5] = Math.floor(bits / 2 ** 32) & 0xff;
  padded[end - 4] = bits >>> 24;
  padded[end - 3] = (bits >>> 16) & 0xff;
  padded[end - 2] = (bits >>> 8) & 0xff;
  padded[end - 1] = bits & 0xff;

  state.set(INITIAL_HASH);
  for (let block = 0; block < blocks; block++) compress(padded, block * 64);

  let hex = '';
  for (let i = 0; i < 8; i++) {
    const word = state[i];
    hex += HEX[word >>> 24] + HEX[(word >>> 16) & 0xff] + HEX[(word >>> 8) & 0xff] + HEX[word & 0xff];
  }
  return hex;
}
