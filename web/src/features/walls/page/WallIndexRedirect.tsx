import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useNetworkIdParam } from '../../cameras/hooks/useNetworkIdParam';
import { wallPath } from '../wallModel';
import { useGetWallsQuery } from '../wallsApi';
import { pickIndexWall } from '../model/lastViewedWall';
import { useLastViewedWall } from './useLastViewedWall';
import { CreateWallButton } from './WallEditButtons';
import { WallPageMessage, WallsError, WallsLoading } from './WallPageMessage';

/**
 * `/n/:networkId/video-walls`: goes to the last viewed wall when still listed (a stale one is forgotten), else to the
 * first wall; without walls it says that walls are made in the wall editor, with 'Create wall' for those who may.
 */
export function WallIndexRedirect() {
  const { t } = useTranslation('walls');
  const networkId = useNetworkIdParam();
  const { data: walls, isLoading, isError } = useGetWallsQuery(networkId);
  const { lastViewedWallId, forgetWall } = useLastViewedWall(networkId);
  const stale = walls !== undefined && lastViewedWallId !== null && !walls.some((wall) => wall.id === lastViewedWallId);

  useEffect(() => {
    if (stale) forgetWall();
  }, [stale, forgetWall]);

  if (isLoading) return <WallsLoading />;
  if (isError || !walls) return <WallsError />;
  const target = pickIndexWall(walls, lastViewedWallId);
  if (target === undefined) {
    return (
      <WallPageMessage testId="create-wall-prompt" title={t('no-walls-title')} description={t('no-walls-text')}>
        <CreateWallButton networkId={networkId} />
      </WallPageMessage>
    );
  }
  return <Navigate to={wallPath(networkId, target)} replace />;
}
