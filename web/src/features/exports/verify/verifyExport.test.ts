import { describe, expect, it } from 'vitest';
import { sha256OfBlob, verifyExport } from './verifyExport';

const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

// An envelope as argusd writes it (services/export_evidence.cpp), signed here with a fresh Ed25519 key.
async function envelopeFor(bytes: Uint8Array<ArrayBuffer>) {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const manifest = JSON.stringify({
    camera_id: 1001,
    camera_name: 'Lobby Entrance',
    created_ms: 70_000,
    creator: 'Alex Admin',
    file_bytes: bytes.length,
    filename: 'clip.mp4',
    job_id: 7,
    media_end_ms: 62_000,
    media_first_ms: 0,
    network_id: 101,
    organization_id: 1,
    sha256: hex(await crypto.subtle.digest('SHA-256', bytes)),
    t0_ms: 1_000,
    t1_ms: 61_000,
  });
  const signature = await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, new TextEncoder().encode(manifest));
  const key = toBase64(await crypto.subtle.exportKey('raw', keys.publicKey));
  const envelope = { format: 'argus-export-manifest/1', manifest, algorithm: 'Ed25519', public_key: key, signature: toBase64(signature) };
  return { envelope, key, text: JSON.stringify(envelope) };
}

// A file read as a stream in 64 KiB pieces (jsdom's Blob has no stream()).
function fileOf(bytes: Uint8Array): Blob {
  const stream = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 65_536) controller.enqueue(bytes.slice(at, at + 65_536));
        controller.close();
      },
    });
  return { size: bytes.length, stream } as unknown as Blob;
}

const video = new Uint8Array(300_000).map((_, i) => (i * 7) % 251);

describe('verifying an export in the browser', () => {
  it('a file and its manifest verify; with the expected key too', async () => {
    const { text, key } = await envelopeFor(video);
    const result = await verifyExport(fileOf(video), text, { expectedPublicKey: key });
    expect(result.valid).toBe(true);
    expect(result.valid && result.manifest.camera_name).toBe('Lobby Entrance');
  });

  it('one flipped byte, a forged manifest, another key and malformed envelopes fail with their reason', async () => {
    const { text, envelope } = await envelopeFor(video);
    const altered = video.slice();
    altered[1234] ^= 1;
    expect(await verifyExport(fileOf(altered), text)).toMatchObject({ valid: false, failure: 'hash-differs' });
    expect(await verifyExport(fileOf(video.slice(1)), text)).toMatchObject({ valid: false, failure: 'size-differs' });
    const forged = JSON.stringify({ ...envelope, manifest: envelope.manifest.replace('Alex Admin', 'Eve Forger') });
    expect(await verifyExport(fileOf(video), forged)).toMatchObject({ valid: false, failure: 'bad-signature' });
    expect(await verifyExport(fileOf(video), text, { expectedPublicKey: 'AAAA' })).toMatchObject({ failure: 'other-key' });
    expect(await verifyExport(fileOf(video), 'not json')).toMatchObject({ failure: 'not-a-manifest' });
    expect(await verifyExport(fileOf(video), JSON.stringify({ ...envelope, signature: 'AAAA' }))).toMatchObject({
      failure: 'malformed-key-or-signature',
    });
  });

  it('hashes a file as a stream, reporting progress', async () => {
    const seen: number[] = [];
    const digest = await sha256OfBlob(fileOf(video), (done) => seen.push(done));
    expect(digest).toBe(hex(await crypto.subtle.digest('SHA-256', video)));
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(1);
  });
});
