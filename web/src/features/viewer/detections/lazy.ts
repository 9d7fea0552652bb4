import { lazy } from 'react';

// The detections overlay and its channel client as their own chunk: drawn only over recorded video with the setting
// on (off by default), they do not weigh on every camera page's load.
export const LazyObjectDetectionsOverlay = lazy(() =>
  import('./ObjectDetectionsOverlay').then((module) => ({ default: module.ObjectDetectionsOverlay })),
);
