import { TextInput } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactorCodeState } from '../two-factor/useSecondFactorCode';

export interface SignInCodeFieldProps extends SecondFactorCodeState {
  /** Where the code is: 'The 6-digit code in the e-mail we sent you.' or the text-message one. */
  description: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The 6-digit field of the e-mail and text-message code step. Its state and checks are the two-factor field's
 * (`useSecondFactorCode`: spaces and dashes of a pasted code dropped, exactly 6 digits before sending); only its
 * texts differ from `two-factor/SecondFactorCodeField`, which speaks of an authenticator app. Focused when it appears.
 */
export function SignInCodeField(props: SignInCodeFieldProps) {
  const { value, problem, onChange, description, disabled = false, ref } = props;
  const { t } = useTranslation('signin');
  return (
    <TextInput
      ref={ref}
      label={t('code-label')}
      description={description}
      withAsterisk
      inputMode="numeric"
      autoComplete="one-time-code"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.2em' } }}
      value={value}
      error={problem === null ? undefined : t(problem === 'required' ? 'code-required' : 'code-format')}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value)}
      autoFocus
      data-autofocus
    />
  );
}
