import { Alert, Badge, Group, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNfo } from '../../auth/hooks';
import { usePreference, useSetPreference } from '../../preferences';
import { EXPORTS_V2_BETA_FLAG, EXPORTS_V2_BETA_NOTICE_KEY } from '../constants';

/**
 * The 'Video Exports V2' beta banner (spec 03 §6): shown on the network with the flag has_camera_silk_road; hiding it
 * is remembered as the preference hideNotifications.videoExportsV2Beta.
 */
export function ExportsBetaBanner({ networkId }: { networkId: number }) {
  const { t } = useTranslation('exports');
  const flagged = useNfo(EXPORTS_V2_BETA_FLAG, networkId);
  const hidden = usePreference('hideNotifications');
  const setPreference = useSetPreference();
  if (!flagged || hidden[EXPORTS_V2_BETA_NOTICE_KEY]) return null;
  return (
    <Alert
      variant="light"
      icon={<IconFlask size={16} aria-hidden />}
      title={
        <Group gap="xs">
          <span>{t('beta-banner-title')}</span>
          <Badge size="sm" variant="filled">
            {t('beta')}
          </Badge>
        </Group>
      }
      withCloseButton
      closeButtonLabel={t('beta-banner-hide')}
      onClose={() => setPreference('hideNotifications', { ...hidden, [EXPORTS_V2_BETA_NOTICE_KEY]: true })}
      data-testid="exports-beta-banner"
    >
      <Text size="sm">{t('beta-banner-message')}</Text>
    </Alert>
  );
}
