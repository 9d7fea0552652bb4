import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { initializeApp } from '../features/auth/startup';
import { AppLoader } from '../features/shell/AppLoader';
import { InitErrorScreen } from '../features/shell/InitErrorScreen';
import { useAppDispatch, useAppSelector } from './hooks';
import { AppRoutes } from './routes';

/** Runs the start-up flow once, then shows the routes (or the loader / init-error screen). */
export function App() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const status = useAppSelector((state) => state.app.status);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void dispatch(initializeApp({ pathname: location.pathname, search: location.search }));
  }, [dispatch, location.pathname, location.search]);

  if (status === 'initializing') return <AppLoader />;
  if (status === 'error') return <InitErrorScreen />;
  return <AppRoutes />;
}
