import { List, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What basic and advanced search do and how results arrive. */
export function HelpDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('motionSearch');
  return (
    <Modal opened={opened} onClose={onClose} title={t('help-title')} closeButtonProps={{ 'aria-label': t('close') }}>
      <List spacing="sm" size="sm">
        <List.Item>{t('help-basic')}</List.Item>
        <List.Item>{t('help-advanced')}</List.Item>
        <List.Item>{t('help-results')}</List.Item>
      </List>
    </Modal>
  );
}
