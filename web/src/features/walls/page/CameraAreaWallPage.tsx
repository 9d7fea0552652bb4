import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { useNetworkIdParam } from '../../cameras/hooks/useNetworkIdParam';
import { useShownWalls } from './useShownWalls';
import { NEW_WALL_ID } from './wallEditing';
import { WallEditorRoute } from './WallEditorRoute';
import { useWallIdParam } from './useWallIdParam';
import { WallPageMessage, WallsError, WallsLoading } from './WallPageMessage';
import { WallView } from './WallView';

/**
 * `/n/:networkId/cameras/walls/:wallId`: a wall inside the cameras area (beside the camera side panel); with
 * `?edit=true` the wall editor, and `walls/new?edit=true` the editor of a new wall.
 */
export function CameraAreaWallPage() {
  const { t } = useTranslation('walls');
  const networkId = useNetworkIdParam();
  const wallId = useWallIdParam();
  const isNew = useParams().wallId === NEW_WALL_ID;
  const editing = useSearchParams()[0].get('edit') === 'true';
  const { data: walls, isLoading, isError } = useShownWalls(networkId, wallId);
  const wall = walls?.find((candidate) => candidate.id === wallId);

  if (isNew) return <WallEditorRoute networkId={networkId} />;
  if (isLoading) return <WallsLoading />;
  if (isError || !walls) return <WallsError />;
  if (!wall) return <WallPageMessage title={t('video-wall-not-found')} />;
  return editing ? <WallEditorRoute networkId={networkId} wall={wall} /> : <WallView wall={wall} />;
}
