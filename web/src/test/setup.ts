import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './server';
// The namespaces that page chunks add when they load (i18n LAZY_NAMESPACES): components are tested without them.
import '../features/access-control/accessControlTexts';
import '../features/bookmarks/bookmarksTexts';
import '../features/captcha/captchaTexts';
import '../features/dewarp/dewarpTexts';
import '../features/event-search/eventSearchTexts';
import '../features/exports/exportsTexts';
import '../features/motion-search/motionSearchTexts';
import '../features/password/passwordTexts';
import '../features/signin/signinTexts';
import '../features/similarity-search/similaritySearchTexts';
import '../features/two-factor/twoFactorTexts';
import '../features/walls/wallTexts';

// findBy*/waitFor wait up to 4 s (default 1 s): on a loaded 2-core CI machine a render plus an MSW answer can take
// longer than a second. A wrong answer still fails; it only fails later.
configure({ asyncUtilTimeout: 4000 });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn((query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
  window.ResizeObserver = ResizeObserverStub;
  window.HTMLElement.prototype.scrollIntoView = vi.fn();
  window.scrollTo = vi.fn() as typeof window.scrollTo;
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  // Files share a worker's modules (vite.config.ts 'shared'): nothing a test left may reach the next file.
  notifications.clean();
  vi.useRealTimers();
});

afterAll(() => server.close());
