import './passwordTexts';
import { PasswordInput } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';

export interface PasswordFieldProps {
  label: string;
  value: string;
  /** `new-password` for a password being chosen, `current-password` for the one the user has. */
  autoComplete: 'new-password' | 'current-password';
  error?: string;
  /** A hint under the field (the password rules). */
  description?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown as text instead of dots (controlled, so that a new password and its copy show or hide together). */
  visible?: boolean;
  onVisibilityChange?: (visible: boolean) => void;
  autoFocus?: boolean;
  onChange: (value: string) => void;
}

/**
 * One password input of the password forms: required, its show/hide button reachable with the keyboard (Mantine's is
 * skipped by Tab unless asked) and named 'Show password' with its pressed state, `aria-invalid` with a message, no
 * spelling or capitalisation help.
 */
export function PasswordField(props: PasswordFieldProps) {
  const { label, value, autoComplete, error, description, inputRef, visible, onVisibilityChange, autoFocus, onChange } =
    props;
  const { t } = useTranslation('password');
  return (
    <PasswordInput
      ref={inputRef}
      label={label}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      withAsterisk
      autoComplete={autoComplete}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      value={value}
      error={error}
      // Mantine marks the wrapper, not the input: screen readers read 'invalid' from the input itself.
      aria-invalid={error ? true : undefined}
      visible={visible}
      onVisibilityChange={onVisibilityChange}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('show-password') }}
      autoFocus={autoFocus}
      data-autofocus={autoFocus || undefined}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
