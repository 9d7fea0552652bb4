import { type PasswordRules, passwordApi } from './passwordApi';
import { FALLBACK_PASSWORD_RULES } from './passwordChecks';

function isUsable(rules: PasswordRules | undefined): rules is PasswordRules {
  return (
    rules !== undefined &&
    Number.isInteger(rules.min_length) &&
    Number.isInteger(rules.max_length) &&
    rules.min_length > 0 &&
    rules.max_length >= rules.min_length
  );
}

/** The server's password lengths (`GET /login/password_rules`); the documented 12..256 until or unless they arrive. */
export function usePasswordRules(): PasswordRules {
  const { data } = passwordApi.useGetPasswordRulesQuery();
  return isUsable(data) ? data : FALLBACK_PASSWORD_RULES;
}
