import { Alert, Button, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackToSignInButton } from './BackToSignInButton';
import type { SsoProblem } from './ssoOutcome';

export interface SsoFormProps {
  /** The call runs, or the browser is leaving for the identity provider. */
  starting: boolean;
  /** Shown above the field; null shows nothing. */
  problem: SsoProblem | null;
  /** The field's first value: the address's `ssoid`, or the last identifier used. */
  initialIdentifier: string;
  /** A checked identifier: trimmed, not empty. */
  onSubmit: (identifier: string) => void;
  onBack: () => void;
}

function problemText(t: TFunction<'signin'>, problem: SsoProblem): string {
  switch (problem.kind) {
    case 'failed':
      return t('sso-error');
    case 'invalid':
      return t('sso-error-invalid');
    case 'expired':
      return t('sso-error-expired');
    case 'not-member':
      return t('sso-error-not-member');
    case 'unexpected':
      return t('unexpected-error');
    case 'message':
      return problem.message;
  }
}

/**
 * SSO mode (spec 01 §2): the organization's SSO identifier (required, trimmed; focused when the form appears and
 * again after an error); 'Continue' sends the browser to the identity provider; 'Back to sign-in' returns to the
 * password form.
 */
export function SsoForm({ starting, problem, initialIdentifier, onSubmit, onBack }: SsoFormProps) {
  const { t } = useTranslation('signin');
  const titleId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [identifier, setIdentifier] = useState(initialIdentifier);
  const [required, setRequired] = useState(false);

  useEffect(() => {
    if (problem) fieldRef.current?.focus();
  }, [problem]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (starting) return;
    const checked = identifier.trim();
    setRequired(!checked);
    if (!checked) {
      fieldRef.current?.focus();
      return;
    }
    setIdentifier(checked);
    onSubmit(checked);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} fz="h5" id={titleId}>
          {t('sign-in-with-sso')}
        </Title>
        {problem && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {problemText(t, problem)}
          </Alert>
        )}
        <TextInput
          ref={fieldRef}
          label={t('sso-identifier')}
          description={t('sso-identifier-description')}
          withAsterisk
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={identifier}
          error={required ? t('sso-error-no-identifier') : undefined}
          onChange={(event) => {
            setIdentifier(event.currentTarget.value);
            setRequired(false);
          }}
          autoFocus
          data-autofocus
        />
        <Button type="submit" loading={starting} fullWidth>
          {t('sso-continue')}
        </Button>
        <BackToSignInButton disabled={starting} onBack={onBack} />
      </Stack>
    </form>
  );
}
