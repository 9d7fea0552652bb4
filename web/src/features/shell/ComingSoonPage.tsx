import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CenteredPanel } from '../../components/CenteredPanel';

export type ComingSoonArea = 'video-walls' | 'exports' | 'events' | 'similarity-search';

/** Placeholder for areas delivered by later issues. */
export function ComingSoonPage({ area }: { area: ComingSoonArea }) {
  const { t } = useTranslation('shell');
  return (
    <CenteredPanel
      icon={<IconHourglass size={48} aria-hidden />}
      title={t(`area-${area}`)}
      description={t('coming-soon-description')}
    />
  );
}
