import { useCallback, useEffect, useRef, useState } from 'react';
import type { VersionInfo } from '../../../app/versionInfo';
import { fetchVersionInfo } from './fetchVersionInfo';

export type NewVersionInfoState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; info: VersionInfo }
  | { status: 'failed' };

/** The server's /version.json — the new version's description — fetched past every cache when `load` is called. */
export function useNewVersionInfo(): { state: NewVersionInfoState; load: () => void } {
  const [state, setState] = useState<NewVersionInfoState>({ status: 'idle' });
  const request = useRef<AbortController | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  const load = useCallback(() => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setState({ status: 'loading' });
    fetchVersionInfo(controller.signal).then(
      (info) => {
        if (!controller.signal.aborted) setState({ status: 'loaded', info });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      },
    );
  }, []);
  return { state, load };
}
