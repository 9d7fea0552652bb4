import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { VersionInfo } from '../src/app/versionInfo.ts';
import { WHATS_NEW, type WhatsNewNote } from '../src/app/whatsNew.ts';

/** The worker's source; the build writes it to dist/sw.js with the build id in place of the placeholder. */
export const SERVICE_WORKER_TEMPLATE = 'src/app/sw.template.js';
export const BUILD_ID_PLACEHOLDER = '__ARGUS_BUILD_ID__';

export interface BuildInputs {
  /** The worker template's text. */
  template: string;
  /** Every file the bundle emits, by name: scripts, styles, index.html, other assets. */
  files: ReadonlyMap<string, string | Uint8Array>;
  /** package.json's version. */
  version: string;
  notes: readonly WhatsNewNote[];
  builtAt: Date;
}

export interface BuildOutputs {
  buildId: string;
  /** dist/sw.js */
  serviceWorker: string;
  /** dist/version.json */
  versionInfo: VersionInfo;
}

/**
 * The build id: 12 characters of a SHA-256 over the emitted files (names and contents), the worker template, the
 * version and the notes. The same sources give the same id, so rebuilding them offers users no update; any change to
 * what the browser would run or read gives a new one.
 */
export function buildIdOf({ template, files, version, notes }: Omit<BuildInputs, 'builtAt'>): string {
  const hash = createHash('sha256');
  for (const name of [...files.keys()].sort()) hash.update(`${name}\0`).update(files.get(name)!).update('\0');
  hash.update(template).update('\0').update(version).update('\0').update(JSON.stringify(notes));
  return hash.digest('hex').slice(0, 12);
}

/** The template with the build id in place; the cache name is derived from it, so each build has its own cache. */
export function stampServiceWorker(template: string, buildId: string): string {
  if (!template.includes(BUILD_ID_PLACEHOLDER)) {
    throw new Error(`serviceWorkerBuild: ${SERVICE_WORKER_TEMPLATE} has no ${BUILD_ID_PLACEHOLDER}`);
  }
  return template.replaceAll(BUILD_ID_PLACEHOLDER, buildId);
}

export function serviceWorkerOutputs(inputs: BuildInputs): BuildOutputs {
  const buildId = buildIdOf(inputs);
  return {
    buildId,
    serviceWorker: stampServiceWorker(inputs.template, buildId),
    versionInfo: {
      version: inputs.version,
      build: buildId,
      built_at: inputs.builtAt.toISOString(),
      notes: [...inputs.notes],
    },
  };
}

/**
 * Production builds: writes dist/sw.js (the worker stamped with the build id, so a new build is a new worker the
 * portal's periodic and tab-visible checks find) and dist/version.json (version, build, built_at, the what's-new notes
 * of src/app/whatsNew.ts). Neither is a hashed asset: argusd sends them with `Cache-Control: no-cache`. Runs after
 * Vite's own plugins ('post') so that index.html is among the files the build id covers.
 */
export function serviceWorkerBuild({
  version,
  notes = WHATS_NEW,
}: {
  version: string;
  notes?: readonly WhatsNewNote[];
}): Plugin {
  let root = process.cwd();
  return {
    name: 'argus-service-worker-build',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const files = new Map<string, string | Uint8Array>();
      for (const [name, output] of Object.entries(bundle)) {
        files.set(name, output.type === 'chunk' ? output.code : output.source);
      }
      const template = readFileSync(path.resolve(root, SERVICE_WORKER_TEMPLATE), 'utf8');
      const outputs = serviceWorkerOutputs({ template, files, version, notes, builtAt: new Date() });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: outputs.serviceWorker });
      const versionJson = `${JSON.stringify(outputs.versionInfo, null, 2)}\n`;
      this.emitFile({ type: 'asset', fileName: 'version.json', source: versionJson });
    },
  };
}
