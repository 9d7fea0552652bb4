import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { AppProviders } from './app/AppProviders';
import { registerServiceWorker } from './app/registerServiceWorker';
import { camerasChunk, wallsChunk } from './app/pageChunks';
import { makeStore } from './app/store';
import { initializeApp } from './features/auth/startup';

// On a camera page the live video starts connecting now, beside the app's start-up calls; the viewer adopts it
// (features/viewer/player/framesPrewarm.ts). On a cameras page, its chunk downloads meanwhile too (when the start-up
// calls are done, the page renders at once instead of behind a loader: app/lazyPage.tsx), and the camera list is asked
// for as soon as the network's shard is known (features/cameras/prefetchCameraList.ts). A wall page does the same with
// its chunk and the wall list (its tiles' sockets open on the page's first render).
if (/^\/n\/\d+\/cameras\/\d+\/?$/.test(window.location.pathname)) {
  void import('./features/viewer/player/framesPrewarm').then(({ prewarmFromLocation }) => prewarmFromLocation(window.location));
}
const store = makeStore();
const camerasPath = /^\/n\/(\d+)\/cameras(\/|$)/.exec(window.location.pathname);
if (camerasPath) {
  const networkId = Number(camerasPath[1]);
  camerasChunk.load().then(
    ({ prefetchCameraList }) => prefetchCameraList(store, networkId),
    () => undefined, // the page's own loader reports it
  );
}
const wallPath = /^\/n\/(\d+)\/(video-walls|cameras\/walls)(\/|$)/.exec(window.location.pathname);
if (wallPath) {
  const networkId = Number(wallPath[1]);
  wallsChunk.load().then(
    ({ prefetchWallList }) => prefetchWallList(store, networkId),
    () => undefined, // the page's own loader reports it
  );
}
// The start-up calls begin before the first render (which takes tens of ms of the main thread on a cold load).
void store.dispatch(initializeApp({ pathname: window.location.pathname, search: window.location.search }));
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders store={store}>
      <BrowserRouter>
        <App startedByEntry />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);

if (import.meta.env.PROD) registerServiceWorker(store.dispatch);
