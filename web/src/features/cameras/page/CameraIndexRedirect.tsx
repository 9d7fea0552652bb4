import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLastViewedCamera } from '../hooks/useLastViewedCamera';
import { useNetworkIdParam } from '../hooks/useNetworkIdParam';
import { useOrderedCameras } from '../hooks/useOrderedCameras';
import { pickIndexCamera } from '../lastViewedCamera';
import { PageMessage } from './PageMessage';

/** Index of `/n/:networkId/cameras`: goes to the last viewed camera if still listed, else to the first one. */
export function CameraIndexRedirect() {
  const { t } = useTranslation('cameras');
  const networkId = useNetworkIdParam();
  const { cameras, isLoading, isError } = useOrderedCameras(networkId);
  const { lastViewedCameraId } = useLastViewedCamera(networkId);

  if (isLoading) return <PageMessage loading title={t('loading-cameras')} />;
  if (isError) return <PageMessage title={t('something-went-wrong')} description={t('reload-or-try-later')} />;
  const target = pickIndexCamera(cameras, lastViewedCameraId);
  // No cameras: nothing here; the side panel says 'No cameras found'.
  if (target == null) return null;
  return <Navigate to={`/n/${networkId}/cameras/${target}`} replace />;
}
