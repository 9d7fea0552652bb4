import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/**
 * Checks an export file against its evidence manifest in the browser, offline, as `argusd export verify` does
 * (docs/design/exports.md "Evidence"): the envelope's Ed25519 signature over the manifest text (WebCrypto), the key
 * when one is expected, then the file's size and SHA-256 (hashed as a stream, so a file of hours does not have to fit
 * in memory).
 */

export interface ExportManifest {
  job_id: number;
  organization_id: number;
  network_id: number;
  camera_id: number | null;
  camera_name: string;
  filename: string;
  t0_ms: number;
  t1_ms: number;
  media_first_ms: number;
  media_end_ms: number;
  file_bytes: number;
  sha256: string;
  created_ms: number;
  creator: string;
}

export type VerifyFailure =
  | 'not-a-manifest'
  | 'malformed-key-or-signature'
  | 'other-key'
  | 'bad-signature'
  | 'manifest-fields'
  | 'size-differs'
  | 'hash-differs'
  | 'unsupported';

export type VerifyResult =
  | { valid: true; manifest: ExportManifest; publicKey: string }
  | { valid: false; failure: VerifyFailure; manifest?: ExportManifest; publicKey?: string };

const FORMAT = 'argus-export-manifest/1';

function base64Bytes(text: unknown): Uint8Array<ArrayBuffer> | null {
  if (typeof text !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function manifestFrom(text: string): ExportManifest | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const m = value as Record<string, unknown>;
  const numbers = ['job_id', 'organization_id', 'network_id', 't0_ms', 't1_ms', 'media_first_ms', 'media_end_ms', 'file_bytes', 'created_ms'];
  const strings = ['camera_name', 'filename', 'sha256', 'creator'];
  if (!numbers.every((key) => typeof m[key] === 'number') || !strings.every((key) => typeof m[key] === 'string')) return null;
  if (m.camera_id !== null && typeof m.camera_id !== 'number') return null;
  return m as unknown as ExportManifest;
}

/** SHA-256 of a Blob, read as a stream; onProgress gets the share done (0..1). */
export async function sha256OfBlob(blob: Blob, onProgress?: (done: number) => void): Promise<string> {
  const hash = sha256.create();
  const reader = blob.stream().getReader();
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    hash.update(value);
    read += value.byteLength;
    onProgress?.(blob.size > 0 ? read / blob.size : 1);
  }
  return bytesToHex(hash.digest());
}

async function signatureValid(publicKey: Uint8Array<ArrayBuffer>, signature: Uint8Array<ArrayBuffer>, text: string): Promise<boolean | null> {
  try {
    const key = await crypto.subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify']);
    return await crypto.subtle.verify({ name: 'Ed25519' }, key, signature, new TextEncoder().encode(text));
  } catch (error) {
    // A browser without Ed25519 in WebCrypto (or without WebCrypto: plain HTTP on a LAN address) cannot check it.
    return error instanceof DOMException && error.name === 'NotSupportedError' ? null : false;
  }
}

export async function verifyExport(
  file: Blob,
  envelopeText: string,
  options: { expectedPublicKey?: string; onProgress?: (done: number) => void } = {},
): Promise<VerifyResult> {
  let envelope: Record<string, unknown>;
  try {
    envelope = JSON.parse(envelopeText) as Record<string, unknown>;
  } catch {
    return { valid: false, failure: 'not-a-manifest' };
  }
  if (!envelope || envelope.format !== FORMAT || envelope.algorithm !== 'Ed25519' || typeof envelope.manifest !== 'string') {
    return { valid: false, failure: 'not-a-manifest' };
  }
  const publicKey = typeof envelope.public_key === 'string' ? envelope.public_key : '';
  const keyBytes = base64Bytes(envelope.public_key);
  const signature = base64Bytes(envelope.signature);
  if (!keyBytes || keyBytes.length !== 32 || !signature || signature.length !== 64) {
    return { valid: false, failure: 'malformed-key-or-signature' };
  }
  if (options.expectedPublicKey !== undefined && options.expectedPublicKey !== publicKey) {
    return { valid: false, failure: 'other-key', publicKey };
  }
  if (typeof crypto === 'undefined' || !crypto.subtle) return { valid: false, failure: 'unsupported', publicKey };
  const signed = await signatureValid(keyBytes, signature, envelope.manifest);
  if (signed === null) return { valid: false, failure: 'unsupported', publicKey };
  if (!signed) return { valid: false, failure: 'bad-signature', publicKey };
  const manifest = manifestFrom(envelope.manifest);
  if (!manifest) return { valid: false, failure: 'manifest-fields', publicKey };
  if (file.size !== manifest.file_bytes) return { valid: false, failure: 'size-differs', manifest, publicKey };
  const digest = await sha256OfBlob(file, options.onProgress);
  if (digest !== manifest.sha256) return { valid: false, failure: 'hash-differs', manifest, publicKey };
  return { valid: true, manifest, publicKey };
}
