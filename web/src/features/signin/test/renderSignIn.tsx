import { http } from 'msw';
import type { LoginRequest } from '../../../api/types';
import { AppRoutes } from '../../../app/routes';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { apiPath, server } from '../../../test/server';
import { signedOutState } from '../../../test/state';

/** The portal without a session at `route` (through `AppRoutes`, so the address after sign-in can be checked). */
export function renderSignIn(route = '/n/5/exports?range=today') {
  return renderWithProviders(<AppRoutes />, { route, preloadedState: signedOutState() });
}

/** Answers `POST {path}` with `answer` and keeps the bodies sent, in order. */
export function capturePost<Body>(path: string, answer: (body: Body) => Response | Promise<Response>): Body[] {
  const bodies: Body[] = [];
  server.use(
    http.post(apiPath(path), async ({ request }) => {
      const body = (await request.json()) as Body;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

export function captureLogin(answer: () => Response): LoginRequest[] {
  return capturePost<LoginRequest>('/login/login', answer);
}
