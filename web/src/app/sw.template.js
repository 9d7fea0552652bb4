/* Argus portal service worker (spec 01 §1: served at /sw.js). The build writes this template to dist/sw.js with its
   build id in BUILD_ID (scripts/serviceWorkerBuild.ts), so every new build is a new worker the browser finds on its
   next check. Navigations are network-first with the cached shell as the offline answer; API calls (/n{shard}/...)
   and everything else go to the network untouched. A new worker waits until the page asks it to take over
   (SKIP_WAITING, sent by the update dialog); on activation it drops the caches of older builds. */
const BUILD_ID = '__ARGUS_BUILD_ID__';
const SHELL_CACHE = `argus-shell-${BUILD_ID}`;
const API_PATH = /^\/n\d+\//;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.add('/')).catch(() => undefined));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || request.mode !== 'navigate') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || API_PATH.test(url.pathname)) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(SHELL_CACHE).then((cache) => cache.put('/', copy));
        }
        return response;
      })
      .catch(() => caches.match('/', { cacheName: SHELL_CACHE }).then((cached) => cached || Response.error())),
  );
});
