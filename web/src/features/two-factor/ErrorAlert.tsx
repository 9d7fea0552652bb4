import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/apiError';

/** A failed two-factor call: the server's message as given, otherwise the generic text. */
export function ErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('twoFactor');
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
      {serverMessage(error) ?? t('unexpected-error')}
    </Alert>
  );
}
