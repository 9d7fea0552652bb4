import { useMemo } from 'react';
import { wallsWithChannel } from './wallModel';
import { useGetWallsQuery, type VideoWall } from './wallsApi';

export interface RelatedWalls {
  walls: VideoWall[];
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

/** The walls of a network that show a camera's channel. */
export function useRelatedWalls(networkId: number, channelId: number): RelatedWalls {
  const query = useGetWallsQuery(networkId);
  const walls = useMemo(() => wallsWithChannel(query.data ?? [], channelId), [query.data, channelId]);
  return { walls, isLoading: query.isLoading, isError: query.isError, refetch: () => void query.refetch() };
}
