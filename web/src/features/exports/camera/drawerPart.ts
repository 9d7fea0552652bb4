// The camera exports drawer as the camera page loads it: first this small chunk, then the drawer's (see
// `CameraExportButton`).
export const loadCameraExportsDrawer = () => import('./CameraExportsDrawer');
