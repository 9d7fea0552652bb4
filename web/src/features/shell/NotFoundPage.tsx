import { Button } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CenteredPanel } from '../../components/CenteredPanel';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <CenteredPanel icon={<IconMapOff size={48} aria-hidden />} title={t('page-not-found')}>
      <Button component={Link} to="/">
        {t('go-to-homepage')}
      </Button>
    </CenteredPanel>
  );
}
