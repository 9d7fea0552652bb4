import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type HtmlTagDescriptor, type Plugin } from 'vite';

/** The boot entry: shows a camera page's live video before the app's scripts are in (docs/design/live.md). */
export const LIVE_BOOT_SOURCE = 'src/boot/liveBoot.ts';
/** Its worker, which connects, decodes and draws. */
export const LIVE_BOOT_WORKER_SOURCE = 'src/features/viewer/bootPreview/bootPreviewWorker.ts';

/** One self-contained minified file of `entry` (no imports left): a classic script. */
async function bundleAlone(root: string, entry: string, format: 'iife', define: Record<string, string>): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    define,
    build: {
      write: false,
      minify: true,
      emptyOutDir: false,
      lib: { entry: path.resolve(root, entry), formats: [format], name: 'argusLiveBoot', fileName: 'out' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((entryResult) =>
    'output' in entryResult ? entryResult.output : [],
  );
  const chunks = outputs.filter((output) => output.type === 'chunk');
  if (chunks.length !== 1 || chunks[0].type !== 'chunk') throw new Error(`liveBootEntry: ${entry} did not bundle into one file`);
  return chunks[0].code;
}

function hash8(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 8);
}

/**
 * Production builds: the boot entry is bundled alone and inlined as the first script of index.html's head (a classic
 * script runs while the page is parsed; a module script would run only after the app's module scripts had arrived and,
 * in practice, been evaluated — a few hundred ms of a cold load), and its worker is written as
 * `assets/bootPreviewWorker-<hash>.js` (a classic worker script: it starts sooner than a module worker), named on the script element (`data-worker`). Both are bundled alone: they share
 * no module instance with the app, which talks to the boot preview through its layer's element (bootPreviewLayer.ts).
 * The dev server leaves them out (no boot preview there).
 */
export function liveBootEntry(): Plugin {
  let root = process.cwd();
  let define: Record<string, string> = {};
  let built: Promise<{ boot: string; worker: string; workerFile: string }> | null = null;
  const buildBoot = () => {
    built ??= (async () => {
      const worker = await bundleAlone(root, LIVE_BOOT_WORKER_SOURCE, 'iife', define);
      const boot = await bundleAlone(root, LIVE_BOOT_SOURCE, 'iife', define);
      return { boot, worker, workerFile: `assets/bootPreviewWorker-${hash8(worker)}.js` };
    })();
    return built;
  };
  return {
    name: 'argus-live-boot-entry',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      define = Object.fromEntries(Object.entries(config.define ?? {}).map(([key, value]) => [key, String(value)]));
      built = null;
    },
    async generateBundle() {
      const { worker, workerFile } = await buildBoot();
      this.emitFile({ type: 'asset', fileName: workerFile, source: worker });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(): Promise<HtmlTagDescriptor[]> {
        const { boot, workerFile } = await buildBoot();
        // A script's text may not contain "</script"; minified code that does would end the element early.
        if (/<\/script/i.test(boot)) throw new Error('liveBootEntry: the boot script contains "</script"');
        return [{ tag: 'script', attrs: { 'data-worker': `/${workerFile}` }, children: boot, injectTo: 'head-prepend' }];
      },
    },
  };
}
