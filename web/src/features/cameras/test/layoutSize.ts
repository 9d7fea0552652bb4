import { afterEach, beforeEach } from 'vitest';

/**
 * jsdom does no layout, so every element measures 0×0 and the virtual list renders no rows (Leaflet too sees an
 * empty map). Gives every element a client size for the tests of the calling file.
 */
export function useLayoutSize(width = 800, height = 600): void {
  const saved = {
    width: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
    height: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  };
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  });
  afterEach(() => {
    if (saved.width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', saved.width);
    if (saved.height) Object.defineProperty(HTMLElement.prototype, 'clientHeight', saved.height);
  });
}
