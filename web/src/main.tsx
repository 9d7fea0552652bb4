import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { AppProviders } from './app/AppProviders';
import { registerServiceWorker } from './app/registerServiceWorker';
import { makeStore } from './app/store';

// On a camera page the live video starts connecting now, beside the app's start-up calls; the viewer adopts it
// (features/viewer/player/framesPrewarm.ts).
if (/^\/n\/\d+\/cameras\/\d+\/?$/.test(window.location.pathname)) {
  void import('./features/viewer/player/framesPrewarm').then(({ prewarmFromLocation }) => prewarmFromLocation(window.location));
}

const store = makeStore();
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders store={store}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);

if (import.meta.env.PROD) registerServiceWorker(store.dispatch);
