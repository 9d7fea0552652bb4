import { useCallback } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useNfo } from '../../auth/hooks';
import { WallEditor } from '../editor';
import type { VideoWall } from '../wallsApi';
import { useCanEditWalls } from './wallEditing';
import { WallView } from './WallView';

/**
 * The editor on `/n/:networkId/cameras/walls/:wallId?edit=true` (`wall` undefined: `walls/new`). Without the editor's
 * flag the route goes up two levels (spec 02 §2); a user who may not edit walls sees the wall (or, for a new one, the
 * wall list). Done removes the flag; a new wall opens in the wall view; a deleted wall goes back to the wall list.
 */
export function WallEditorRoute({ networkId, wall }: { networkId: number; wall?: VideoWall }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const flagOn = useNfo('has_camera_tetris', networkId);
  const canEdit = useCanEditWalls(networkId);
  const wallList = `/n/${networkId}/video-walls`;

  const leaveEditing = useCallback(() => {
    const next = new URLSearchParams(params);
    next.delete('edit');
    setParams(next, { replace: true });
  }, [params, setParams]);
  const onDone = useCallback(
    (createdId?: number) => {
      if (createdId !== undefined) navigate(`${wallList}/${createdId}`);
      else leaveEditing();
    },
    [navigate, wallList, leaveEditing],
  );
  const onDeleted = useCallback(() => navigate(wallList, { replace: true }), [navigate, wallList]);
  const onCancel = useCallback(() => (wall ? leaveEditing() : navigate(wallList)), [wall, leaveEditing, navigate, wallList]);

  if (!flagOn) return <Navigate to="../.." relative="path" replace />;
  if (!canEdit) return wall ? <WallView wall={wall} /> : <Navigate to={wallList} replace />;
  return <WallEditor key={wall?.id ?? 'new'} networkId={networkId} wall={wall} onDone={onDone} onDeleted={onDeleted} onCancel={onCancel} />;
}
