import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WALL_TOAST_MS } from './constants';

/** Copies the wall's address to the clipboard and confirms with a toast (spec 02 §2 wall page header). */
export function WallShareButton() {
  const { t } = useTranslation('walls');
  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      notifications.show({ message: t('copied-to-clipboard'), color: 'green', autoClose: WALL_TOAST_MS });
    } catch {
      notifications.show({ message: t('copy-failed'), color: 'red', autoClose: WALL_TOAST_MS });
    }
  };
  return (
    <Button variant="default" size="compact-sm" leftSection={<IconShare size={14} aria-hidden />} onClick={() => void share()}>
      {t('share')}
    </Button>
  );
}
