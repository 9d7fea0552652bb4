import { useMemo } from 'react';
import type { Camera } from '../../../api/types';
import { useGetCamerasQuery } from '../../cameras/camerasApi';
import type { WallTile } from '../wallsApi';

/**
 * The wall's tiles with their cameras' status from the network's camera list, which the 30 s status refresh keeps
 * current: the wall list is read once, and a camera that was offline then (or comes back later) would stay 'Offline'.
 * The channel too, once it has live paths. Cameras of other networks (cross-network walls) keep the wall list's status.
 */
export function useFreshTileCameras(tiles: readonly WallTile[], networkId: number): WallTile[] {
  const { data: cameras } = useGetCamerasQuery({ networkId }, { skip: !Number.isInteger(networkId) });
  return useMemo(() => {
    const byId = new Map<number, Camera>((cameras ?? []).map((camera) => [camera.id, camera]));
    return tiles.map((tile) => {
      const fresh = tile.camera ? byId.get(tile.camera.id) : undefined;
      if (!fresh) return tile;
      // The live paths appear in the channel once the camera streams; the wall list may predate that.
      const channel = fresh.channel?.cloud_proxy_livestream_path ? fresh.channel : tile.camera.channel;
      if (fresh.status === tile.camera.status && channel === tile.camera.channel) return tile;
      return { ...tile, camera: { ...tile.camera, status: fresh.status, channel } };
    });
  }, [tiles, cameras]);
}
