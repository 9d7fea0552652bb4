import { defineConfig } from 'vitest/config';

/**
 * End-to-end suite: a real Chromium (playwright-core, Debian's /usr/bin/chromium) against a real `argusd --demo`.
 * Run with `npm run e2e` after `make build` (needs build/bin/argusd and web/dist).
 * Spec files run one after another (each starts its own argusd and browser); tests inside a file run in order.
 */
export default defineConfig({
  // Paths below are relative to web/ (the directory `npm run e2e` runs in).
  root: new URL('..', import.meta.url).pathname,
  test: {
    environment: 'node',
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/support/globalSetup.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
    retry: 0,
    reporters: ['default'],
  },
});
