import { baseApi } from '../../api/baseApi';
import type { components, paths } from '../../api/schema.gen';

type JsonBody<Path extends keyof paths> = paths[Path] extends {
  post: { requestBody: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

export type PasswordRules = components['schemas']['PasswordRules'];
/** `{email}`: where the reset link goes (if an account has that address). */
export type ResetLinkRequest = JsonBody<'/login/forgot_password'>;
/** `{success: true, message}`: the same answer whether the account exists or not. */
export type ResetLinkAnswer =
  paths['/login/forgot_password']['post']['responses'][200]['content']['application/json'];
/** `{token, new_password}`: the e-mailed link's token and the chosen password. */
export type ResetPasswordRequest = JsonBody<'/login/reset_password'>;
/** `{current_password, new_password}`: the session user's own password change. */
export type ChangePasswordRequest = JsonBody<'/vision/user/password'>;
type Success = components['schemas']['Success'];

/**
 * The password calls (docs/api/openapi.yaml `/login/password_rules`, `/login/forgot_password`,
 * `/login/reset_password`, `/vision/user/password`). Refusals arrive as `ApiError`s with the server's message.
 */
export const passwordApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPasswordRules: build.query<PasswordRules, void>({ query: () => '/login/password_rules' }),
    sendResetLink: build.mutation<ResetLinkAnswer, ResetLinkRequest>({
      query: (body) => ({ url: '/login/forgot_password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<Success, ResetPasswordRequest>({
      query: (body) => ({ url: '/login/reset_password', method: 'POST', body }),
    }),
    changePassword: build.mutation<Success, ChangePasswordRequest>({
      query: (body) => ({ url: '/vision/user/password', method: 'POST', body }),
    }),
  }),
});

/**
 * The two refusals the forms place apart from a rule's message (which shows at the new password): the contract gives
 * them as texts only, so they are recognised by their exact words.
 */
export const LINK_USED_TEXT = 'This link has expired or was already used. Please ask for a new one.';
export const WRONG_CURRENT_PASSWORD_TEXT = 'Your current password is not correct.';
