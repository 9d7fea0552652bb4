import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { initializeApp } from '../features/auth/startup';
import { AppLoader } from '../features/shell/AppLoader';
import { InitErrorScreen } from '../features/shell/InitErrorScreen';
import { appStartedOn } from '../features/viewer/bootPreview/bootPreview';
import { useAppDispatch, useAppSelector } from './hooks';
import { AppRoutes } from './routes';

/**
 * Runs the start-up flow once, then shows the routes (or the loader / init-error screen). `startedByEntry`: the entry
 * (main.tsx) dispatched the start-up flow before the first render, so that its calls run while React renders.
 */
export function App({ startedByEntry = false }: { startedByEntry?: boolean }) {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const status = useAppSelector((state) => state.app.status);
  const started = useRef(startedByEntry);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void dispatch(initializeApp({ pathname: location.pathname, search: location.search }));
  }, [dispatch, location.pathname, location.search]);

  // A boot preview of a camera page's live video (features/viewer/bootPreview/bootPreview.ts) goes unless the page is that
  // camera page, whose viewer takes it over.
  useEffect(() => {
    if (status !== 'initializing') appStartedOn(location.pathname);
  }, [status, location.pathname]);

  if (status === 'initializing') return <AppLoader />;
  if (status === 'error') return <InitErrorScreen />;
  return <AppRoutes />;
}
