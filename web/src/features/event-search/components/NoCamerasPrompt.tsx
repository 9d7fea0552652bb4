import { Button } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CenteredPanel } from '../../../components/CenteredPanel';

/** With no cameras selected: a prompt to select cameras. */
export function NoCamerasPrompt({ onSelect }: { onSelect: () => void }) {
  const { t } = useTranslation('eventSearch');
  return (
    <CenteredPanel
      icon={<IconVideo size={48} aria-hidden />}
      title={t('no-cameras-title')}
      description={t('no-cameras-description')}
    >
      <Button onClick={onSelect}>{t('select-cameras')}</Button>
    </CenteredPanel>
  );
}
