import './twoFactorTexts';
import { Anchor, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SecondFactorCodeProblem } from './secondFactorCode';
import type { SecondFactorCodeState } from './useSecondFactorCode';

const PROBLEM_TEXT: Record<SecondFactorCodeProblem, string> = {
  required: 'code-required',
  'authenticator-format': 'authenticator-code-format',
  'recovery-format': 'recovery-code-format',
};

export interface SecondFactorCodeFieldProps extends SecondFactorCodeState {
  /** Offers 'Use a recovery code instead' (sign-in, turning off); confirming a new authenticator does not. */
  allowRecovery?: boolean;
  disabled?: boolean;
}

/**
 * The code field of the sign-in's two-factor step and of the two-factor dialog: the authenticator's 6 digits (numeric
 * keyboard, `one-time-code` autofill, spaces of a pasted code dropped) or a recovery code (`abcde-fghij`). The field
 * takes the focus when it appears and when the kind changes.
 */
export function SecondFactorCodeField(props: SecondFactorCodeFieldProps) {
  const { kind, value, problem, onChange, onKindChange, allowRecovery = false, disabled = false } = props;
  const { t } = useTranslation('twoFactor');
  const authenticator = kind === 'authenticator';
  return (
    <Stack gap={6} align="flex-start">
      <TextInput
        key={kind}
        w="100%"
        label={t(authenticator ? 'authenticator-code' : 'recovery-code')}
        description={t(authenticator ? 'authenticator-code-description' : 'recovery-code-description')}
        placeholder={authenticator ? undefined : 'xxxxx-xxxxx'}
        withAsterisk
        inputMode={authenticator ? 'numeric' : 'text'}
        autoComplete={authenticator ? 'one-time-code' : 'off'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={value}
        error={problem ? t(PROBLEM_TEXT[problem]) : undefined}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
        autoFocus
        data-autofocus
      />
      {allowRecovery && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          disabled={disabled}
          onClick={() => onKindChange(authenticator ? 'recovery' : 'authenticator')}
        >
          {t(authenticator ? 'use-recovery-code' : 'use-authenticator-code')}
        </Anchor>
      )}
    </Stack>
  );
}
