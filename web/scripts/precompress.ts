import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Text-like files worth compressing; images, fonts and video are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.map', '.txt', '.xml', '.ico'];
/**
 * Below this compression saves next to nothing (headers cost more). Small chunks are still worth it: a camera page loads
 * a few of 200-800 bytes that Brotli halves, and its JavaScript has a budget in bytes (portal-files.spec.ts).
 */
export const MIN_COMPRESS_BYTES = 128;

export interface PrecompressSummary {
  files: number;
  originalBytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

function brotli(data: Buffer): Buffer {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible file of at least
 * MIN_COMPRESS_BYTES under `directory`, each only when it is smaller than the file. argusd sends them by
 * Accept-Encoding (server/src/http/static_files.cpp).
 */
export function precompressDirectory(directory: string): PrecompressSummary {
  const summary: PrecompressSummary = { files: 0, originalBytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of filesUnder(directory)) {
    if (!COMPRESSIBLE_EXTENSIONS.includes(path.extname(file).toLowerCase())) continue;
    if (statSync(file).size < MIN_COMPRESS_BYTES) continue;
    const data = readFileSync(file);
    const variants: [string, Buffer][] = [
      ['.br', brotli(data)],
      ['.gz', gzipSync(data, { level: 9 })],
    ];
    let wrote = false;
    for (const [suffix, compressed] of variants) {
      if (compressed.length >= data.length) continue;
      writeFileSync(file + suffix, compressed);
      wrote = true;
      if (suffix === '.br') summary.brotliBytes += compressed.length;
      else summary.gzipBytes += compressed.length;
    }
    if (wrote) {
      summary.files += 1;
      summary.originalBytes += data.length;
    }
  }
  return summary;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Vite plugin: precompresses the build output once everything (public files included) is written. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'argus-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const summary = precompressDirectory(outDir);
        config.logger.info(
          `precompressed ${summary.files} files: ${kB(summary.originalBytes)} → brotli ${kB(summary.brotliBytes)}, ` +
            `gzip ${kB(summary.gzipBytes)}`,
        );
      },
    },
  };
}
