import { Navigate } from 'react-router-dom';
import { useCurrentNetworkId } from '../auth/hooks';

/** Any other path below similarity-search goes to the events page. */
export function SimilarityRedirect() {
  const networkId = useCurrentNetworkId();
  return <Navigate to={`/n/${networkId}/events`} replace />;
}
