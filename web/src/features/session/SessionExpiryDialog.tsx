import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface SessionExpiryDialogProps {
  secondsLeft: number | null;
  continuing: boolean;
  onContinue: () => void;
  onSignOut: () => void;
}

export function SessionExpiryDialog({ secondsLeft, continuing, onContinue, onSignOut }: SessionExpiryDialogProps) {
  const { t } = useTranslation('shell');
  return (
    <Modal
      opened={secondsLeft !== null}
      onClose={onContinue}
      title={t('session-expiry-title')}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
    >
      <Text aria-live="polite">{t('session-expiry-countdown', { count: secondsLeft ?? 0 })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onSignOut}>
          {t('sign-out')}
        </Button>
        <Button onClick={onContinue} loading={continuing} data-autofocus>
          {t('continue')}
        </Button>
      </Group>
    </Modal>
  );
}
