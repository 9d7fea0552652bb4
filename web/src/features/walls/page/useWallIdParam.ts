import { useParams } from 'react-router-dom';

/** The wall id of `/video-walls/:videoWallId` or `/cameras/walls/:wallId` as a number, or undefined. */
export function useWallIdParam(): number | undefined {
  const { videoWallId, wallId } = useParams();
  const raw = videoWallId ?? wallId;
  return raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
}
