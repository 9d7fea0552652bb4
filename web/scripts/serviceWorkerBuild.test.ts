import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WHATS_NEW } from '../src/app/whatsNew.ts';
import { parseVersionInfo } from '../src/app/versionInfo.ts';
import {
  BUILD_ID_PLACEHOLDER,
  type BuildInputs,
  SERVICE_WORKER_TEMPLATE,
  serviceWorkerBuild,
  serviceWorkerOutputs,
  stampServiceWorker,
} from './serviceWorkerBuild';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const template = readFileSync(path.join(WEB_DIR, SERVICE_WORKER_TEMPLATE), 'utf8');

function inputs(files: Record<string, string>, overrides: Partial<BuildInputs> = {}): BuildInputs {
  return {
    template,
    files: new Map(Object.entries(files)),
    version: '0.1.0',
    notes: WHATS_NEW,
    builtAt: new Date('2026-11-28T12:00:00Z'),
    ...overrides,
  };
}

const FIRST = { 'index.html': '<script src="/assets/index-AAAAaaaa.js">', 'assets/index-AAAAaaaa.js': 'one' };
const SECOND = { 'index.html': '<script src="/assets/index-BBBBbbbb.js">', 'assets/index-BBBBbbbb.js': 'two' };

describe('serviceWorkerOutputs', () => {
  it('stamps sw.js with the build id, in its cache name, and nothing of the placeholder is left', () => {
    const { buildId, serviceWorker } = serviceWorkerOutputs(inputs(FIRST));
    expect(buildId).toMatch(/^[0-9a-f]{12}$/);
    expect(serviceWorker).toContain(`const BUILD_ID = '${buildId}';`);
    expect(serviceWorker).toContain('const SHELL_CACHE = `argus-shell-${BUILD_ID}`;');
    expect(serviceWorker).not.toContain(BUILD_ID_PLACEHOLDER);
    expect(serviceWorker, 'the worker still takes over when asked').toContain("event.data.type === 'SKIP_WAITING'");
  });

  it('gives a different sw.js to a different build and the same one to the same sources', () => {
    const first = serviceWorkerOutputs(inputs(FIRST));
    const second = serviceWorkerOutputs(inputs(SECOND));
    expect(second.buildId).not.toBe(first.buildId);
    expect(second.serviceWorker).not.toBe(first.serviceWorker);
    const rebuilt = serviceWorkerOutputs(inputs(FIRST, { builtAt: new Date('2026-11-29T08:00:00Z') }));
    expect(rebuilt.serviceWorker, 'rebuilding the same sources offers no update').toBe(first.serviceWorker);
    const newNotes = serviceWorkerOutputs(inputs(FIRST, { notes: [{ en: 'Another change', es: 'Otro cambio' }] }));
    expect(newNotes.buildId, 'new notes are a new build').not.toBe(first.buildId);
  });

  it('describes the build in version.json: version, build, built_at and the notes', () => {
    const { buildId, versionInfo } = serviceWorkerOutputs(inputs(FIRST));
    expect(versionInfo).toEqual({ version: '0.1.0', build: buildId, built_at: '2026-11-28T12:00:00.000Z', notes: WHATS_NEW });
    expect(parseVersionInfo(JSON.parse(JSON.stringify(versionInfo))), 'the portal reads it').toEqual(versionInfo);
    expect(WHATS_NEW.length).toBeGreaterThan(0);
    for (const note of WHATS_NEW) expect(note.en && note.es).toBeTruthy();
  });

  it('refuses a template without the placeholder', () => {
    expect(() => stampServiceWorker('self.skipWaiting();', 'abc')).toThrow(BUILD_ID_PLACEHOLDER);
  });
});

describe('serviceWorkerBuild (the Vite plugin)', () => {
  it('emits sw.js and version.json from the bundle it is given', () => {
    const plugin = serviceWorkerBuild({ version: '9.9.9', notes: [{ en: 'New', es: 'Nuevo' }] });
    const emitted = new Map<string, string>();
    const context = { emitFile: (file: { fileName: string; source: string }) => void emitted.set(file.fileName, file.source) };
    const bundle = {
      'index.html': { type: 'asset', source: '<html>' },
      'assets/index-AAAAaaaa.js': { type: 'chunk', code: 'one' },
    };
    // The plugin's hooks are plain functions; called here with the few parts of Vite's context they use.
    (plugin.configResolved as unknown as (config: { root: string }) => void)({ root: WEB_DIR });
    (plugin.generateBundle as unknown as (this: typeof context, options: object, output: typeof bundle) => void).call(
      context,
      {},
      bundle,
    );

    const info = JSON.parse(emitted.get('version.json')!) as Record<string, unknown>;
    expect(info).toMatchObject({ version: '9.9.9', notes: [{ en: 'New', es: 'Nuevo' }] });
    expect(Date.parse(info.built_at as string)).not.toBeNaN();
    expect(emitted.get('sw.js')).toContain(`const BUILD_ID = '${info.build as string}';`);
  });
});
