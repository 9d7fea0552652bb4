import { NavLink } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Camera } from '../../../api/types';
import { useAppSelector } from '../../../app/hooks';
import { useCurrentUser } from '../../auth/hooks';
import { prewarmCameraLive, transportSearch } from '../../viewer';
import { cameraDisplayName } from '../cameraModel';
import { RecordingProblemBadge } from '../status/CameraStatus';
import { CameraHoverCard } from './CameraHoverCard';
import { CameraThumbnail } from './CameraThumbnail';

export interface CameraListItemProps {
  camera: Camera;
  networkId: number;
  current: boolean;
  /** The page's query string (`location.search`): a forced live transport stays on the link and the prewarm. */
  locationSearch: string;
}

/**
 * One camera of the side panel: a link (focusable, Enter opens) with thumbnail, name and hover card; administrators
 * also see what keeps it from recording ('Storage full'). A forced live transport (`?transport=`) stays on the link.
 * Pressing it starts the camera's live video (viewer/player/framesPrewarm.ts) while the click and the page's render
 * happen. Memoized: a switch renders again only the two items whose `current` changes.
 */
export const CameraListItem = memo(function CameraListItem({
  camera,
  networkId,
  current,
  locationSearch,
}: CameraListItemProps) {
  const isAdmin = useCurrentUser()?.is_admin === true;
  const search = transportSearch(locationSearch);
  const shardId = useAppSelector((state) => state.app.shardId);
  return (
    <CameraHoverCard camera={camera}>
      <NavLink
        component={Link}
        to={`/n/${networkId}/cameras/${camera.id}${search}`}
        active={current}
        aria-current={current ? 'page' : undefined}
        aria-label={cameraDisplayName(camera)}
        data-testid={`camera-list-item-${camera.id}`}
        onPointerDown={current ? undefined : () => prewarmCameraLive(camera, shardId, locationSearch)}
        label={cameraDisplayName(camera)}
        leftSection={<CameraThumbnail camera={camera} width={64} height={36} />}
        rightSection={isAdmin ? <RecordingProblemBadge camera={camera} size="xs" /> : undefined}
        styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
        h="100%"
      />
    </CameraHoverCard>
  );
});
