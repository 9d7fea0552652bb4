import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CenteredPanel } from '../../../components/CenteredPanel';

/** What users without the organization write right see instead of the users page (or when the list answers 403). */
export function NoUserAccess() {
  const { t } = useTranslation('admin');
  return (
    <CenteredPanel
      icon={<IconLock size={48} aria-hidden />}
      title={t('users-no-access-title')}
      description={t('users-no-access')}
    />
  );
}
