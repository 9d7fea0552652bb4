export { CamerasLayout } from './layout/CamerasLayout';
export { CameraIndexRedirect } from './page/CameraIndexRedirect';
export { CameraPage } from './page/CameraPage';
export { camerasApi, useGetCamerasQuery, useGetFloorPlansQuery } from './camerasApi';
export { useOrderedCameras } from './hooks/useOrderedCameras';
export { useLastViewedCamera } from './hooks/useLastViewedCamera';
export { useCameraStatusRefresh } from './hooks/useCameraStatusRefresh';
export { cameraDisplayName, isCameraOnline, isCameraUp, matchesCameraSearch, orderCameras } from './cameraModel';
export { prefetchCameraList } from './prefetchCameraList';
