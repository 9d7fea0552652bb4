/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import { liveBootEntry } from './scripts/liveBootEntry.ts';
import { precompress } from './scripts/precompress.ts';
import { serviceWorkerBuild } from './scripts/serviceWorkerBuild.ts';
import { testFilesNeedingIsolation } from './scripts/testIsolation.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const apiTarget = process.env.ARGUS_API ?? 'http://127.0.0.1:8080';
// Source maps are for debugging a build, not for production: `ARGUS_SOURCEMAPS=1 npm run build` writes them.
const sourcemap = process.env.ARGUS_SOURCEMAPS === '1';
const isolatedTests = testFilesNeedingIsolation(new URL('.', import.meta.url).pathname, ['src', 'scripts']);

export default defineConfig({
  plugins: [react(), liveBootEntry(), serviceWorkerBuild({ version: pkg.version }), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: {
    proxy: {
      // The live WebSocket fMP4 stream (features/viewer/player/WsMsePlayer); listed first so the upgrade is proxied.
      '^/n\\d+/cameras/\\d+/live/\\w+/ws$': { target: apiTarget, changeOrigin: false, ws: true },
      '^/n\\d+/': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap,
    rolldownOptions: {
      output: {
        // argusd caches "assets/name-hash.ext" for a year, recognising the 8-character hash (static_files.cpp).
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          // Libraries the shell needs at start-up ('$initial') get chunks of their own, which stay cached across
          // releases that change only our code. Libraries used only by lazily loaded pages and components (leaflet,
          // @mantine/dates, hls.js, ...) are left out of these groups so they load with the code that uses them.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              tags: ['$initial'],
            },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, tags: ['$initial'] },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
            // The camera page's own code in one chunk: other pages that share a few of its modules (the exports page
            // uses the timeline's clock and time formatting) would otherwise cut it into several small chunks, each
            // compressing worse (the camera page's 300 kB budget, e2e/portal-files.spec.ts).
            { name: 'camera-page', test: /src[\\/]features[\\/](cameras|timeline)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // Component tests that walk through several screens take a few seconds on a loaded 2-core machine.
    testTimeout: 20_000,
    // Both cores (Vitest's default leaves one idle on a 2-core machine).
    maxWorkers: 2,
    projects: [
      // Files that share their worker's modules and jsdom (scripts/testIsolation.ts says why and which do not).
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...isolatedTests],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: isolatedTests } },
    ],
  },
});
