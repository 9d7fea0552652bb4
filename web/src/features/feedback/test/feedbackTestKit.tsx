import { http } from 'msw';
import { vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { apiPath, json, server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { FeedbackDialog } from '../FeedbackDialog';

export const WISH_PATH = '/n/:networkId/manage/support/wish';

/** What the wish handler received. */
export interface SeenWish {
  path: string;
  body: { wish: string; wish_hash: string; sessionRecordingURL: string | null };
  csrf: string | null;
}

/**
 * Answers `POST .../support/wish` with `reply()` (by default 201 {id: 41}) once `hold` (if given) resolves, and records
 * each request.
 */
export function serveWish(reply: () => Response = () => json({ id: 41 }, 201), hold?: Promise<void>) {
  const seen: SeenWish[] = [];
  server.use(
    http.post(apiPath(WISH_PATH), async ({ request }) => {
      seen.push({
        path: new URL(request.url).pathname,
        body: (await request.json()) as SeenWish['body'],
        csrf: request.headers.get('X-CSRF-Token'),
      });
      await hold;
      return reply();
    }),
  );
  return seen;
}

/** The dialog alone, open, at `route` (network 6's walls by default); `onClose` records closings. */
export function renderFeedbackDialog(route = '/n/6/video-walls') {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<FeedbackDialog opened onClose={onClose} />, {
    route,
    preloadedState: signedInState(),
  });
  return { ...rendered, onClose };
}
