import { useCallback, useMemo } from 'react';
import { useCurrentUser } from '../../auth/hooks';
import { readLastViewedCamera, writeLastViewedCamera } from '../lastViewedCamera';

export interface LastViewedCamera {
  /** Camera id stored for this user and network, or null. */
  lastViewedCameraId: number | null;
  /** Stores a camera as the last viewed one for this user and network. */
  rememberCamera: (cameraId: number) => void;
}

/** Last viewed camera per user and network, kept in local storage (`mki-last-viewed-camera-{userId}-{networkId}`). */
export function useLastViewedCamera(networkId: number): LastViewedCamera {
  const userId = useCurrentUser()?.id;
  const lastViewedCameraId = useMemo(
    () => (userId == null ? null : readLastViewedCamera(userId, networkId)),
    [userId, networkId],
  );
  const rememberCamera = useCallback(
    (cameraId: number) => {
      if (userId != null) writeLastViewedCamera(userId, networkId, cameraId);
    },
    [userId, networkId],
  );
  return { lastViewedCameraId, rememberCamera };
}
