import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePreference, useSetPreference } from '../../preferences';
import { HELP_NOTICE_KEY } from '../constants';

/** The motion search help notice; hiding it is remembered as the preference hideNotifications.motionSearchHelp. */
export function HelpNotice() {
  const { t } = useTranslation('motionSearch');
  const hidden = usePreference('hideNotifications');
  const setPreference = useSetPreference();
  if (hidden[HELP_NOTICE_KEY]) return null;
  return (
    <Alert
      variant="light"
      icon={<IconInfoCircle size={16} aria-hidden />}
      withCloseButton
      closeButtonLabel={t('hide-notice')}
      onClose={() => setPreference('hideNotifications', { ...hidden, [HELP_NOTICE_KEY]: true })}
      data-testid="motion-search-help-notice"
    >
      {t('help-notice')}
    </Alert>
  );
}
