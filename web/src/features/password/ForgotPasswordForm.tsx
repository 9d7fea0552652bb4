import './passwordTexts';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/apiError';
import { FailureAlert } from './FailureAlert';
import { passwordApi } from './passwordApi';

export interface ForgotPasswordFormProps {
  /** The e-mail already typed on the sign-in form, if any. */
  initialEmail?: string;
  /** 'Back to sign-in'. */
  onBack: () => void;
}

/**
 * 'Forgot password?': the account's e-mail address, `POST /login/forgot_password`. The server answers the same
 * whether an account has that address or not, and its message is what the user reads.
 */
export function ForgotPasswordForm({ initialEmail = '', onBack }: ForgotPasswordFormProps) {
  const { t } = useTranslation('password');
  const [sendResetLink, result] = passwordApi.useSendResetLinkMutation();
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (result.isLoading) return;
    const address = email.trim();
    if (!address) {
      setEmailError(t('email-required'));
      emailRef.current?.focus();
      return;
    }
    const answer = await sendResetLink({ email: address })
      .unwrap()
      .catch(() => null);
    if (answer) setSentMessage(answer.message || t('link-sent'));
  };

  if (sentMessage !== null) {
    return (
      <Stack gap="md">
        <Alert color="green" icon={<IconMailCheck size={18} aria-hidden />} role="status">
          {sentMessage}
        </Alert>
        <Text size="sm" c="dimmed">
          {t('link-lifetime')}
        </Text>
        <Button variant="default" fullWidth onClick={onBack} autoFocus>
          {t('back-to-sign-in')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('forgot-form')}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4">
            {t('forgot-title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('forgot-intro')}
          </Text>
        </div>
        {result.isError && <FailureAlert message={serverMessage(result.error) ?? t('unexpected-error')} />}
        <TextInput
          ref={emailRef}
          label={t('email')}
          type="email"
          autoComplete="username"
          withAsterisk
          value={email}
          error={emailError}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setEmailError(null);
          }}
          autoFocus
          data-autofocus
        />
        <Button type="submit" loading={result.isLoading} fullWidth>
          {t('send-link')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          {t('back-to-sign-in')}
        </Anchor>
      </Stack>
    </form>
  );
}
