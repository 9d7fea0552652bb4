import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNfo } from '../../auth/hooks';
import { matchesWallSearch } from '../../walls/wallModel';
import { useGetWallsQuery, type VideoWall } from '../../walls/wallsApi';

/**
 * The walls of the list's 'Walls' group that match the search (shown name, ignoring case), or undefined when there is
 * no group: the wall flag `has_camera_tetris` is off (spec 01 §6) or the network has no walls. The query is the one
 * of the camera header's 'Related walls' and the wall pages, so the list asks nothing more of the server.
 */
export function useListWalls(networkId: number, search: string): VideoWall[] | undefined {
  const { t } = useTranslation('cameras');
  const flagOn = useNfo('has_camera_tetris', networkId);
  const { data } = useGetWallsQuery(networkId, { skip: !flagOn });
  const untitled = t('untitled-wall');
  return useMemo(
    () => (flagOn && data?.length ? data.filter((wall) => matchesWallSearch(wall, search, untitled)) : undefined),
    [flagOn, data, search, untitled],
  );
}
