import { useSearchParams } from 'react-router-dom';
import { type TransportPreference, transportFromQuery } from './transportChoice';

/** `?transport=hls|ws` on the camera page forces the live transport (tests, diagnostics); `auto` without it. */
export function useTransportParam(): TransportPreference {
  const [params] = useSearchParams();
  return transportFromQuery(params);
}
