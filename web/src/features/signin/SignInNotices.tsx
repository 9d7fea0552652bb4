import { Alert } from '@mantine/core';
import { IconAlertCircle, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface SignInNoticesProps {
  /** Server message; '' shows the generic unexpected-error text; null shows nothing. */
  error: string | null;
  /** The server throttles sign-in attempts (a captcha-mode answer). */
  captcha: boolean;
}

/** The error and throttle notices above the password form and the two-factor form. */
export function SignInNotices({ error, captcha }: SignInNoticesProps) {
  const { t } = useTranslation('signin');
  return (
    <>
      {error !== null && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {error || t('unexpected-error')}
        </Alert>
      )}
      {captcha && (
        <Alert color="yellow" icon={<IconShieldLock size={18} aria-hidden />} data-testid="captcha-notice">
          {t('captcha-notice')}
        </Alert>
      )}
    </>
  );
}
