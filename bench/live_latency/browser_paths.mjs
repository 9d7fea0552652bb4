// One live path measured in headless Debian Chromium (bench/live_latency.mjs): a fresh context (window) with the
// clock reader installed before the page's scripts, the page opened, a warm-up once the first clock code was read, then
// a measurement window with CPU sampled from /proc for Chromium and the servers involved.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { clockReaderScript } from './clock_reader.mjs';
import { clockFigures } from './clock_stats.mjs';
import { chromiumPids, cpuWindow } from './processes.mjs';
import { sleep } from './util.mjs';
import { CHROMIUM_ARGS } from '../support/chromium.mjs';

// The benches' flags, plus autoplay without a gesture and real host ICE candidates instead of mDNS names (janus
// resolves none).
const BENCH_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required', '--disable-features=WebRtcHideLocalIpsWithMdns'];

export const VIEWPORT = { width: 1280, height: 800 };

/** Playwright-core from web/node_modules driving Debian's Chromium (a fresh profile Playwright deletes on close). */
export async function launchChromium(root, chromiumBin) {
  const { chromium } = createRequire(path.join(root, 'web', 'package.json'))('playwright-core');
  return chromium.launch({ executablePath: chromiumBin, headless: true, args: BENCH_CHROMIUM_ARGS, timeout: 30_000 });
}

/**
 * Measures one path. `livePath`: { name, selector, open(page) -> info object ({ skipped: why } when the path is not
 * there), baseURL?, cookies?, cpu: { label: () => pids } }. Returns { figures (clock_stats), cpuPct: { chromium,
 * ...labels }, loadAverage (1 min, at the end), reader, info }, or { skipped }.
 */
export async function measurePath(browser, livePath, { seconds, warmupSeconds }) {
  const context = await browser.newContext({ baseURL: livePath.baseURL, viewport: VIEWPORT, locale: 'en-US' });
  try {
    if (livePath.cookies?.length) await context.addCookies(livePath.cookies);
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.addInitScript({ content: clockReaderScript(livePath.selector) });
    const info = (await livePath.open(page)) ?? {};
    if (info.skipped) return { skipped: info.skipped };
    try {
      await page.waitForFunction(() => window.__clockReader?.samples.length > 0, null, { timeout: 30_000, polling: 250 });
    } catch {
      const reader = await page.evaluate(() => window.__clockReader);
      // What the shown element was doing: no size yet means no picture ever arrived.
      const element = await page.evaluate((selector) => {
        const found = document.querySelector(selector);
        if (!(found instanceof HTMLVideoElement)) return found ? found.tagName : 'none';
        const { readyState, networkState, currentTime, videoWidth, videoHeight, paused, error } = found;
        return { readyState, networkState, currentTime, size: `${videoWidth}x${videoHeight}`, paused, error: error?.message };
      }, livePath.selector);
      throw new Error(
        `${livePath.name}: no clock code read within 30 s (reader ${JSON.stringify({ ...reader, samples: undefined })}; element ${JSON.stringify(element)}; page errors: ${pageErrors.slice(0, 3).join(' | ')})`,
      );
    }
    await sleep(warmupSeconds * 1000);

    const pageNow = () => page.evaluate(() => performance.timeOrigin + performance.now());
    await page.evaluate(() => window.__clockReader.reset());
    const startMs = await pageNow();
    const windows = { chromium: cpuWindow(chromiumPids) };
    for (const [label, pidsOf] of Object.entries(livePath.cpu ?? {})) windows[label] = cpuWindow(pidsOf);
    await sleep(seconds * 1000);
    const cpuPct = Object.fromEntries(Object.entries(windows).map(([label, window]) => [label, window.stop()]));
    const loadAverage = os.loadavg()[0]; // other work on the machine skews every figure
    const endMs = await pageNow();

    const reader = await page.evaluate((selector) => {
      const { samples, unreadable, notPlaying, frames, method, errors } = window.__clockReader;
      const element = document.querySelector(selector);
      return {
        samples,
        unreadable,
        notPlaying,
        frames,
        method,
        errors,
        transport: element?.dataset?.transport ?? '',
        size: element instanceof HTMLVideoElement ? `${element.videoWidth}x${element.videoHeight}` : `${element?.width}x${element?.height}`,
      };
    }, livePath.selector);
    return { figures: clockFigures(reader.samples, startMs, endMs), cpuPct, loadAverage, reader, info, pageErrors };
  } finally {
    await context.close().catch(() => undefined);
  }
}
