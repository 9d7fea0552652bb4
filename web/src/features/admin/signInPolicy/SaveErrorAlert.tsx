import './signInPolicyTexts';
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SaveError } from './signInPolicyModel';

/** A refused save: the server's words (or ours for 403 and for answers without any), beside what they concern. */
export function SaveErrorAlert({ error }: { error: SaveError }) {
  const { t } = useTranslation('signInPolicy');
  let text = error.message ?? t('save-failed-text');
  if (error.forbidden) text = t('save-forbidden');
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={t('save-failed')} role="alert">
      {text}
    </Alert>
  );
}
