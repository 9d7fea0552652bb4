import { type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasswordRules } from './passwordApi';
import {
  checkPasswords,
  PASSWORD_FIELDS,
  type PasswordField,
  type PasswordProblem,
  type PasswordValues,
} from './passwordChecks';
import { usePasswordRules } from './usePasswordRules';

export type PasswordFieldErrors = Partial<Record<PasswordField, string>>;

export interface PasswordFormState {
  values: PasswordValues;
  /** The message under each field: a check's text, or the server's words placed at that field. */
  errors: PasswordFieldErrors;
  rules: PasswordRules;
  refs: Record<PasswordField, RefObject<HTMLInputElement | null>>;
  onChange: (field: PasswordField, value: string) => void;
}

const EMPTY: PasswordValues = { current: '', password: '', confirm: '' };

/**
 * The state of a form that sets a new password (with the current one when `withCurrent`). `take()` runs the checks
 * before anything is sent: the values, or null with the messages set and the first field at fault focused.
 * `showServerProblem` puts a refusal's message under a field and focuses it.
 */
export function usePasswordForm(withCurrent: boolean) {
  const { t } = useTranslation('password');
  const rules = usePasswordRules();
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [errors, setErrors] = useState<PasswordFieldErrors>({});
  const refs: PasswordFormState['refs'] = {
    current: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  };

  const problemText = (problem: PasswordProblem) => t(problem, { min: rules.min_length, max: rules.max_length });

  const take = (): PasswordValues | null => {
    const problems = checkPasswords(values, rules, withCurrent);
    const texts: PasswordFieldErrors = {};
    for (const field of PASSWORD_FIELDS) {
      const problem = problems[field];
      if (problem) texts[field] = problemText(problem);
    }
    setErrors(texts);
    const first = PASSWORD_FIELDS.find((field) => texts[field] !== undefined);
    if (first === undefined) return values;
    refs[first].current?.focus();
    return null;
  };

  const showServerProblem = (field: PasswordField, message: string) => {
    setErrors({ [field]: message });
    refs[field].current?.focus();
  };

  const form: PasswordFormState = {
    values,
    errors,
    rules,
    refs,
    onChange: (field, value) => {
      setValues((previous) => ({ ...previous, [field]: value }));
      setErrors((previous) => ({ ...previous, [field]: undefined }));
    },
  };

  return { form, take, showServerProblem };
}
