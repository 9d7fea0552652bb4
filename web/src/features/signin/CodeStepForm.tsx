import { Alert, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSecondFactorCode } from '../two-factor/useSecondFactorCode';
import { BackToSignInButton } from './BackToSignInButton';
import type { CodeChallenge } from './loginOutcome';
import { ResendCode } from './ResendCode';
import { SignInCodeField } from './SignInCodeField';
import { SignInNotices } from './SignInNotices';
import type { SmsPhone } from './useSignIn';

export interface CodeStepFormProps {
  challenge: CodeChallenge;
  submitting: boolean;
  resending: boolean;
  /** Server message; '' shows the generic unexpected-error text. */
  error: string | null;
  captcha: boolean;
  /** A new code was sent (to `challenge.destination`). */
  resent: boolean;
  /** A checked code: 6 digits. */
  onSubmit: (code: string) => void;
  /** Resolves true when a new code was sent. */
  onResend: (phone: SmsPhone) => Promise<boolean>;
  onBack: () => void;
}

/** The texts of each kind of code step (namespace `signin`). */
const TEXTS = {
  one_time_password: {
    title: 'code-email-title',
    sent: 'code-email-sent',
    sentSomewhere: 'code-email-sent-unknown',
    description: 'code-email-description',
  },
  sms: {
    title: 'code-sms-title',
    sent: 'code-sms-sent',
    sentSomewhere: 'code-sms-sent-unknown',
    description: 'code-sms-description',
  },
} as const;

/**
 * ONE_TIME_PASSWORD and SMS modes (spec 01 §2): the 6-digit code the server sent by e-mail or text message, checked
 * before sending; 'Send a new code' (for SMS to the primary or secondary phone); 'Back to sign-in'.
 */
export function CodeStepForm(props: CodeStepFormProps) {
  const { challenge, submitting, resending, error, captcha, resent, onSubmit, onResend, onBack } = props;
  const { t } = useTranslation('signin');
  const code = useSecondFactorCode();
  const titleId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const texts = TEXTS[challenge.mode];
  const destination = challenge.destination;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (resending) return;
    const checked = code.take();
    if (checked !== null) onSubmit(checked);
  };

  const resend = async (phone: SmsPhone) => {
    if (!(await onResend(phone))) return;
    code.field.onChange('');
    fieldRef.current?.focus();
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="h5" id={titleId}>
            {t(texts.title)}
          </Title>
          <Text size="sm" c="dimmed">
            {destination ? t(texts.sent, { destination }) : t(texts.sentSomewhere)}
          </Text>
        </div>
        <SignInNotices error={error} captcha={captcha} />
        {resent && (
          <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
            {destination ? t('code-resent', { destination }) : t('code-resent-unknown')}
          </Alert>
        )}
        <SignInCodeField {...code.field} ref={fieldRef} description={t(texts.description)} />
        <Button type="submit" loading={submitting} disabled={resending} fullWidth>
          {t('verify')}
        </Button>
        <Divider />
        <ResendCode
          choosePhone={challenge.mode === 'sms' && challenge.hasSecondaryPhone}
          resending={resending}
          disabled={submitting}
          onResend={(phone) => void resend(phone)}
        />
        <BackToSignInButton disabled={submitting || resending} onBack={onBack} />
      </Stack>
    </form>
  );
}
