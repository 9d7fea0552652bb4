import { useMemo } from 'react';
import type { Camera } from '../../../api/types';
import { useGetCamerasQuery } from '../camerasApi';
import { orderCameras } from '../cameraModel';

export interface OrderedCameras {
  /** Up cameras first, then by name (or MAC). Empty while loading or on error. */
  cameras: Camera[];
  /** No list yet and no error. */
  isLoading: boolean;
  /** The list failed and there is no earlier copy to show. */
  isError: boolean;
}

const NO_CAMERAS: Camera[] = [];

/** The network's camera list in display order; shares one cache entry with every other user of the list. */
export function useOrderedCameras(networkId: number): OrderedCameras {
  const { data, isError } = useGetCamerasQuery({ networkId }, { skip: !Number.isInteger(networkId) });
  const cameras = useMemo(() => (data ? orderCameras(data) : NO_CAMERAS), [data]);
  return { cameras, isLoading: !data && !isError, isError: !data && isError };
}
