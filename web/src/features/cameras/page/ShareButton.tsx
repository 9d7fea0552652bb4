import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Copies the address of the page to the clipboard and confirms with a toast. */
export function ShareButton() {
  const { t } = useTranslation('cameras');
  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      notifications.show({ message: t('copied-to-clipboard'), color: 'green' });
    } catch {
      notifications.show({ message: t('copy-failed'), color: 'red' });
    }
  };
  return (
    <Button
      variant="default"
      size="compact-sm"
      leftSection={<IconShare size={14} aria-hidden />}
      onClick={() => void share()}
    >
      {t('share')}
    </Button>
  );
}
