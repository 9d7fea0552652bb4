import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_COMPRESS_BYTES, precompressDirectory } from './precompress';

describe('precompressDirectory', () => {
  let directory = '';
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('writes .br and .gz beside compressible files that decode to the same bytes, and skips the rest', () => {
    directory = mkdtempSync(path.join(tmpdir(), 'argus-precompress-'));
    const script = 'export const label = "camera";\n'.repeat(200);
    writeFileSync(path.join(directory, 'app-AbCdEf12.js'), script);
    writeFileSync(path.join(directory, 'tiny.css'), 'a{b:c}');
    writeFileSync(path.join(directory, 'photo.png'), Buffer.alloc(MIN_COMPRESS_BYTES * 4, 7));

    const summary = precompressDirectory(directory);

    const file = path.join(directory, 'app-AbCdEf12.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(existsSync(path.join(directory, 'tiny.css.br')), 'below the minimum size').toBe(false);
    expect(existsSync(path.join(directory, 'photo.png.br')), 'not a text format').toBe(false);
    expect(summary.files).toBe(1);
    expect(summary.originalBytes).toBe(script.length);
    expect(summary.brotliBytes).toBeLessThan(script.length);
  });
});
