import type { Locator, Page } from 'playwright-core';

const DEFAULT_MS = 10_000;

/** Waits until the locator is visible; the error says what was expected (Playwright's own message is kept). */
export async function expectVisible(locator: Locator, what: string, timeout = DEFAULT_MS): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    throw new Error(`expected ${what} to be visible within ${timeout} ms (${(error as Error).message.split('\n')[0]})`);
  }
}

/** Waits until nothing matching the locator is visible. */
export async function expectHidden(locator: Locator, what: string, timeout = DEFAULT_MS): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const count = await locator.count();
    let visible: Locator | null = null;
    for (let i = 0; i < count; i += 1) {
      if (await locator.nth(i).isVisible()) {
        visible = locator.nth(i);
        break;
      }
    }
    if (!visible) return;
    if (Date.now() > deadline) {
      const text = await visible.innerText({ timeout: 1_000 }).catch(() => '(its text could not be read)');
      const shown = text.replace(/\s+/g, ' ').trim();
      throw new Error(`expected ${what} to be absent or hidden within ${timeout} ms; it shows "${shown}"`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the page's path (+ query) matches. */
export async function expectPath(page: Page, pattern: RegExp, timeout = 15_000): Promise<string> {
  try {
    await page.waitForURL((url) => pattern.test(`${url.pathname}${url.search}`), { timeout, waitUntil: 'commit' });
  } catch {
    const url = new URL(page.url());
    throw new Error(`expected the address to match ${pattern} within ${timeout} ms, it is ${url.pathname}${url.search}`);
  }
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/**
 * Waits until the locator's box stops moving (two reads 100 ms apart agree): a drawer or modal that slides in is
 * visible before it reaches its place, and a box measured during the slide is not where the user sees it.
 */
export async function expectSettled(locator: Locator, what: string, timeout = DEFAULT_MS): Promise<void> {
  let previous = '';
  await eventually(
    async () => {
      const box = JSON.stringify(await locator.first().boundingBox());
      const settled = box === previous && box !== 'null';
      previous = box;
      return settled;
    },
    (settled) => settled,
    `${what} comes to rest`,
    timeout,
  );
}

/** Polls `read` until `accept` holds; returns the last value, or throws with it. */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  what: string,
  timeout = DEFAULT_MS,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (!accept(value)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/** Visible text of each matched element, leaving out aria-hidden parts (icons, avatar letters): ~ accessible names. */
export async function accessibleTexts(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => {
      const clone = element.cloneNode(true) as HTMLElement;
      clone.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return (clone.textContent ?? '').replace(/\s+/g, ' ').trim();
    }),
  );
}

/** Whether any part of the element is inside the viewport (a collapsed drawer is translated off-screen, not hidden). */
export async function isOnScreen(locator: Locator): Promise<boolean> {
  if (!(await locator.isVisible())) return false;
  const box = await locator.boundingBox();
  const viewport = locator.page().viewportSize();
  if (!box || !viewport) return false;
  return box.x + box.width > 0 && box.y + box.height > 0 && box.x < viewport.width && box.y < viewport.height;
}

/**
 * Whether the element is drawn whole: each corner (3 px inside) is inside the viewport and hit-tests to the element
 * itself, so no container clips it and nothing covers it. An element the pointer passes through (pointer-events:
 * none, e.g. the camera list's hover card) is hit-tested as if it caught the pointer: what is asked is whether it is
 * seen whole, not whether it is clickable.
 */
export async function isDrawnWhole(locator: Locator): Promise<boolean> {
  return locator.first().evaluate((element) => {
    const passThrough = (element as HTMLElement).style.pointerEvents === 'none';
    if (passThrough) (element as HTMLElement).style.pointerEvents = 'auto';
    try {
      return drawnWhole(element);
    } finally {
      if (passThrough) (element as HTMLElement).style.pointerEvents = 'none';
    }
    function drawnWhole(element: Element): boolean {
      const box = element.getBoundingClientRect();
      const corners = [
        [box.left + 3, box.top + 3],
        [box.right - 3, box.top + 3],
        [box.left + 3, box.bottom - 3],
        [box.right - 3, box.bottom - 3],
      ];
      return corners.every(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && element.contains(hit);
      });
    }
  });
}

/** Whether the element's centre hit-tests to the element (visible and not covered by anything). */
export async function isHitTestable(locator: Locator): Promise<boolean> {
  if (!(await locator.first().isVisible())) return false;
  return locator.first().evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}
