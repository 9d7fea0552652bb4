import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CenteredPanel } from '../../components/CenteredPanel';
import { useNoBootPreview } from '../viewer/bootPreview/bootPreview';

/** Replaces the network content for monitor-only administrators. */
export function InsufficientPermissions() {
  const { t } = useTranslation('shell');
  useNoBootPreview();
  return (
    <CenteredPanel
      icon={<IconLock size={48} aria-hidden />}
      title={t('insufficient-permissions')}
      description={t('insufficient-permissions-description')}
    />
  );
}
