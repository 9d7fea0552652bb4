import { Suspense, useEffect, useRef } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCameraIdParam, useNetworkIdParam } from '../hooks/useNetworkIdParam';
import { useLastViewedCamera } from '../hooks/useLastViewedCamera';
import { useOrderedCameras } from '../hooks/useOrderedCameras';
import { CameraViewer } from '../../viewer';
import { useNoBootPreview } from '../../viewer/bootPreview/bootPreview';
import { LazyMultiImagerView } from '../../walls/lazy';
import { CameraHeader } from './CameraHeader';
import { PageMessage } from './PageMessage';

/** `/n/:networkId/cameras/:cameraId`. The camera comes from the loaded list only (spec 01 §5). */
export function CameraPage() {
  const { t } = useTranslation('cameras');
  const networkId = useNetworkIdParam();
  const cameraId = useCameraIdParam();
  const { cameras, isLoading, isError } = useOrderedCameras(networkId);
  const { rememberCamera } = useLastViewedCamera(networkId);
  const camera = cameras.find((candidate) => candidate.id === cameraId);
  const foundId = camera?.id;
  // The recorded video's time the viewer shows (null when live): the header's bookmark action starts from it.
  const playheadRef = useRef<number | null>(null);

  useEffect(() => {
    if (foundId != null) rememberCamera(foundId);
  }, [foundId, rememberCamera]);
  // A message instead of the viewer: a boot preview of the camera would cover it.
  useNoBootPreview(!isLoading && (isError || !camera));

  if (isLoading) return <PageMessage loading title={t('loading-cameras')} />;
  if (isError) return <PageMessage title={t('something-went-wrong')} description={t('reload-or-try-later')} />;
  if (!camera) return <PageMessage title={t('camera-not-found')} />;
  return (
    // Takes the section's height left under the side panel toggle: the viewer fills it, so nothing is left empty
    // under its timeline (issue 17 item 8).
    <Stack gap="md" data-testid="camera-page" w="100%" style={{ flex: 1, minHeight: 0 }}>
      <CameraHeader camera={camera} playheadRef={playheadRef} />
      {camera.imager_count > 1 ? (
        // A multi-imager camera: a wall of its imagers in place of the single-camera view (spec 02 §2).
        <Suspense fallback={<PageMessage loading title={t('loading-imagers')} />}>
          <LazyMultiImagerView key={camera.id} camera={camera} />
        </Suspense>
      ) : (
        <CameraViewer key={camera.id} camera={camera} playheadRef={playheadRef} />
      )}
    </Stack>
  );
}
