import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetWallsQuery } from '../wallsApi';
import { WALL_LIST_REFRESH_MS, WALL_TOAST_MS } from './constants';

/**
 * The network's walls for a page that shows one of them, asked again every WALL_LIST_REFRESH_MS. When the wall on
 * screen leaves the list (deleted in another tab or by another user, or no longer visible to this user) a toast says
 * so; the page then handles the unknown id as usual.
 */
export function useShownWalls(networkId: number, wallId: number | undefined) {
  const { t } = useTranslation('walls');
  const result = useGetWallsQuery(networkId, { pollingInterval: WALL_LIST_REFRESH_MS });
  const shown = useRef<number | undefined>(undefined);
  const listed = result.data?.some((wall) => wall.id === wallId) ?? false;

  useEffect(() => {
    if (listed) {
      shown.current = wallId;
      return;
    }
    if (result.data && wallId !== undefined && shown.current === wallId) {
      shown.current = undefined;
      notifications.show({ message: t('wall-gone'), color: 'yellow', autoClose: WALL_TOAST_MS });
    }
  }, [listed, result.data, wallId, t]);
  return result;
}
