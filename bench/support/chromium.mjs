// Debian's Chromium for the Node benchmarks, with the same flags as web/e2e/support/browser.ts. Playwright gives the
// browser a fresh --user-data-dir of its own and deletes it on close.
export const CHROMIUM_BIN = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
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
