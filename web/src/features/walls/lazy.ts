import { lazy } from 'react';

// The camera page's wall of a multi-imager camera's imagers, with the wall tiles' code, as a chunk of its own: only
// such cameras load it, so it does not weigh on every camera page (its 300 kB budget, web/e2e/portal-files.spec.ts).
export const LazyMultiImagerView = lazy(() =>
  import('./imagers/MultiImagerView').then((module) => ({ default: module.MultiImagerView })),
);

// The camera list's wall delete confirmation (and the walls' texts it uses), loaded when a user asks to delete.
export const LazyDeleteWallDialog = lazy(() =>
  import('./editor/DeleteWallDialog').then((module) => ({ default: module.DeleteWallDialog })),
);
