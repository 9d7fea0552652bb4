import { http } from 'msw';
import { apiPath, server } from '../../../test/server';
import type { ChangePasswordRequest, ResetLinkRequest, ResetPasswordRequest } from '../passwordApi';

/** Answers `POST {path}` with `answer` and keeps the bodies sent, in order. */
function capturePost<Body>(path: string, answer: (body: Body) => Response): Body[] {
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

export const captureResetLink = (answer: (body: ResetLinkRequest) => Response) =>
  capturePost('/login/forgot_password', answer);
export const captureReset = (answer: (body: ResetPasswordRequest) => Response) =>
  capturePost('/login/reset_password', answer);
export const captureChange = (answer: (body: ChangePasswordRequest) => Response) =>
  capturePost('/vision/user/password', answer);

export const RESET_LINK_SENT = 'If an account exists for that e-mail address, we sent it a link to reset the password.';
