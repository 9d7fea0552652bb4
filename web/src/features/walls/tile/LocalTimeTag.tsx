import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePreference } from '../../preferences';
import { formatClock, useNow } from '../../timeline';

/** The time in the camera's network (cross-network walls, spec 02 §2 'Cross-network walls show a local-time tag'). */
export function LocalTimeTag({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('walls');
  const timeMode = usePreference('timeMode');
  const nowMs = useNow();
  return (
    <Badge size="sm" variant="filled" color="dark" data-testid="wall-tile-local-time" title={timeZone}>
      {t('local-time', { time: formatClock(nowMs, timeZone, timeMode) })}
    </Badge>
  );
}
