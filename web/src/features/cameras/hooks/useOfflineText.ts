import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentNetwork } from '../../auth/hooks';
import { usePreference } from '../../preferences';
import { formatSince, resolveTimeZone } from '../../timeline';
import { offlineText, type OfflineState } from '../offlineReason';

/** `offlineText` with the since time shown in the network's zone and the user's time mode. */
export function useOfflineText(): (state: OfflineState) => string {
  const { t } = useTranslation('cameras');
  const timeZone = resolveTimeZone(useCurrentNetwork()?.timezone);
  const timeMode = usePreference('timeMode');
  return useCallback(
    (state: OfflineState) => offlineText(t, state, (ms) => formatSince(ms, timeZone, timeMode, Date.now())),
    [t, timeZone, timeMode],
  );
}
