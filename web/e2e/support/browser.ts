import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { CHROMIUM_BIN, RESULTS_DIR } from './paths';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium, headless. `chromium.launch` always runs the browser with a fresh `--user-data-dir` of its own
 * (a mkdtemp profile it deletes on close; passing the flag ourselves is refused by Playwright), so every spec file
 * gets a clean profile, and every test gets a fresh context (cookies, local storage) on top of it.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_BIN,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 30_000,
  });
}

export const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

export async function newContext(browser: Browser, baseURL: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL, viewport: DEFAULT_VIEWPORT, locale: 'en-US', ...options });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  return context;
}

function safeName(name: string): string {
  return name.replace(/[^a-z0-9-]+/gi, '-').replace(/^-+|-+$/g, '').slice(0, 120);
}

/** Full-page PNG under web/test-results/; returns its path (never throws: a failed screenshot must not hide the test error). */
export async function screenshot(page: Page, name: string): Promise<string | null> {
  try {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `${safeName(name)}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', timeout: 5_000 });
    return file;
  } catch {
    return null;
  }
}

export async function closeQuietly(context: BrowserContext | null | undefined): Promise<void> {
  try {
    await context?.close();
  } catch {
    // The browser may already be gone.
  }
}
