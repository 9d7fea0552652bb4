import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentNetworkId, useNetworks } from '../auth/hooks';
import { NetworkList } from './NetworkList';

export interface NetworkSelectDialogProps {
  opened: boolean;
  onClose: () => void;
}

export function NetworkSelectDialog({ opened, onClose }: NetworkSelectDialogProps) {
  const { t } = useTranslation('shell');
  const networks = useNetworks();
  const currentNetworkId = useCurrentNetworkId();
  return (
    <Modal opened={opened} onClose={onClose} title={t('select-network')} size="md">
      <NetworkList networks={networks} currentNetworkId={currentNetworkId} onNavigate={onClose} />
    </Modal>
  );
}
