import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './PasswordField';
import type { PasswordFormState } from './usePasswordForm';

export interface NewPasswordFieldsProps {
  form: PasswordFormState;
  /** The new password takes the focus when the form appears (the reset page; the expired form starts at the current one). */
  autoFocus?: boolean;
}

/**
 * The new password, with the server's rules as a hint under it, and its confirmation: shared by the reset page and
 * the expired-password form. Show/hide acts on both at once, so the user compares like with like.
 */
export function NewPasswordFields({ form, autoFocus = false }: NewPasswordFieldsProps) {
  const { t } = useTranslation('password');
  const [visible, setVisible] = useState(false);
  const { values, errors, rules, refs, onChange } = form;
  return (
    <>
      <PasswordField
        label={t('new-password')}
        autoComplete="new-password"
        description={t('rules-hint', { min: rules.min_length, max: rules.max_length })}
        value={values.password}
        error={errors.password}
        inputRef={refs.password}
        visible={visible}
        onVisibilityChange={setVisible}
        autoFocus={autoFocus}
        onChange={(value) => onChange('password', value)}
      />
      <PasswordField
        label={t('confirm-password')}
        autoComplete="new-password"
        value={values.confirm}
        error={errors.confirm}
        inputRef={refs.confirm}
        visible={visible}
        onVisibilityChange={setVisible}
        onChange={(value) => onChange('confirm', value)}
      />
    </>
  );
}
