import { Button, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SecondFactorCodeField } from '../two-factor/SecondFactorCodeField';
import { useSecondFactorCode } from '../two-factor/useSecondFactorCode';
import { BackToSignInButton } from './BackToSignInButton';
import { SignInNotices } from './SignInNotices';

export interface TwoFactorFormProps {
  submitting: boolean;
  /** Server message; '' shows the generic unexpected-error text. */
  error: string | null;
  captcha: boolean;
  /** A checked code: 6 digits, or a recovery code as `abcde-fghij`. */
  onSubmit: (code: string) => void;
  onBack: () => void;
}

/** TWO_FACTOR mode (spec 01 §2): the authenticator's 6 digits, or a recovery code instead; checked before sending. */
export function TwoFactorForm({ submitting, error, captcha, onSubmit, onBack }: TwoFactorFormProps) {
  const { t } = useTranslation('signin');
  const code = useSecondFactorCode();
  const titleId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = code.take();
    if (checked !== null) onSubmit(checked);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="h5" id={titleId}>
            {t('two-factor-title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('two-factor-intro')}
          </Text>
        </div>
        <SignInNotices error={error} captcha={captcha} />
        <SecondFactorCodeField {...code.field} allowRecovery />
        <Button type="submit" loading={submitting} fullWidth>
          {t('verify')}
        </Button>
        <BackToSignInButton disabled={submitting} onBack={onBack} />
      </Stack>
    </form>
  );
}
