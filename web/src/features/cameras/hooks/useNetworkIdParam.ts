import { useParams } from 'react-router-dom';

/** The network id of the current `/n/:networkId/...` route, or NaN when absent or not digits. */
export function useNetworkIdParam(): number {
  const { networkId } = useParams();
  return networkId && /^\d+$/.test(networkId) ? Number(networkId) : NaN;
}

/** The `:cameraId` of the current route as a number, or undefined. Parent layouts see the child's params too. */
export function useCameraIdParam(): number | undefined {
  const { cameraId } = useParams();
  return cameraId && /^\d+$/.test(cameraId) ? Number(cameraId) : undefined;
}
