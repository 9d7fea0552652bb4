import { afterAll, beforeAll, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { Argusd } from './argusd';
import { closeQuietly, launchBrowser, newContext, screenshot } from './browser';

export interface E2EEnv {
  server: Argusd;
  browser: Browser;
}

export interface E2ETestArgs {
  server: Argusd;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

export interface SetupOptions {
  /** How this file's server starts (default: a plain `argusd --demo`). */
  startServer?: () => Promise<Argusd>;
}

/**
 * Registers beforeAll/afterAll for one spec file: its own argusd and its own browser. `env` is filled in beforeAll.
 */
export type BoundTest = (
  name: string,
  fn: (args: E2ETestArgs) => Promise<void>,
  contextOptions?: BrowserContextOptions,
) => void;

export function setupE2E(options: SetupOptions = {}): { env: E2EEnv; test: BoundTest } {
  const env = {} as E2EEnv;
  beforeAll(async () => {
    const [server, browser] = await Promise.all([(options.startServer ?? (() => Argusd.start()))(), launchBrowser()]);
    env.server = server;
    env.browser = browser;
  });
  afterAll(async () => {
    await env.browser?.close().catch(() => undefined);
    await env.server?.stop();
  });
  const test: BoundTest = (name, fn, contextOptions) => e2eTest(env, name, fn, contextOptions);
  return { env, test };
}

/**
 * A test with a fresh browser context and page against the file's server. On failure a screenshot goes to
 * web/test-results/<test name>.png and the error names it, together with the end of the server log.
 */
export function e2eTest(
  env: E2EEnv,
  name: string,
  fn: (args: E2ETestArgs) => Promise<void>,
  contextOptions: BrowserContextOptions = {},
): void {
  it(name, async ({ task }) => {
    const context = await newContext(env.browser, env.server.baseUrl, contextOptions);
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
    try {
      await fn({ server: env.server, browser: env.browser, context, page });
    } catch (error) {
      const file = await screenshot(page, `FAILED-${task.file?.name ?? ''}-${name}`);
      const detail = [
        file ? `screenshot: ${file}` : 'screenshot: (none)',
        `url at failure: ${page.url()}`,
        consoleErrors.length ? `page errors:\n  ${consoleErrors.slice(-5).join('\n  ')}` : '',
      ]
        .filter(Boolean)
        .join('\n');
      if (error instanceof Error) error.message = `${error.message}\n${detail}`;
      throw error;
    } finally {
      await closeQuietly(context);
    }
  });
}
