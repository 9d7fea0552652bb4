import { lazy } from 'react';

// The WebGL renderer and the view selector as their own chunk, for pages where dewarp is the exception (the camera
// page: only fisheye cameras, only once the user turns it on), so they do not weigh on every camera page's load.
export const LazyDewarpCanvas = lazy(() => import('./DewarpCanvas').then((module) => ({ default: module.DewarpCanvas })));
export const LazyDewarpViewSelector = lazy(() =>
  import('./DewarpViewSelector').then((module) => ({ default: module.DewarpViewSelector })),
);
