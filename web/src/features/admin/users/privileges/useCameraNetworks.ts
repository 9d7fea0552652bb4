import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../../../app/hooks';
import { useNetworks } from '../../../auth/hooks';
import { camerasApi } from '../../../cameras/camerasApi';

const NONE: ReadonlyMap<number, number> = new Map();

/**
 * The network of each of `cameraIds` (a camera privilege names its camera only, the editor picks cameras by network).
 * The networks' camera lists are read one after another through the cached `getCameras` — the same entries the rows'
 * camera selects use — until every camera is found. A camera found nowhere (removed, or in a network the user cannot
 * read) is left out. Undefined while searching.
 */
export function useCameraNetworks(cameraIds: readonly number[]): ReadonlyMap<number, number> | undefined {
  const dispatch = useAppDispatch();
  const networks = useNetworks();
  const key = [...new Set(cameraIds)].sort((a, b) => a - b).join(',');
  const [found, setFound] = useState<{ key: string; networks: Map<number, number> } | null>(null);

  useEffect(() => {
    if (key === '') return;
    const wanted = new Set(key.split(',').map(Number));
    const cameraNetworks = new Map<number, number>();
    const requests: { unsubscribe: () => void }[] = [];
    let cancelled = false;
    const search = async () => {
      for (const network of networks) {
        if (cameraNetworks.size === wanted.size) break;
        const request = dispatch(camerasApi.endpoints.getCameras.initiate({ networkId: network.id }));
        requests.push(request);
        try {
          for (const camera of await request.unwrap()) {
            if (wanted.has(camera.id)) cameraNetworks.set(camera.id, network.id);
          }
        } catch {
          // A network whose cameras cannot be read: its cameras stay unknown.
        }
        if (cancelled) return;
      }
      setFound({ key, networks: cameraNetworks });
    };
    void search();
    return () => {
      cancelled = true;
      for (const request of requests) request.unsubscribe();
    };
  }, [dispatch, networks, key]);

  if (key === '') return NONE;
  return found?.key === key ? found.networks : undefined;
}
