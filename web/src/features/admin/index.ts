export { CameraManagementPage } from './CameraManagementPage';
export { ManageCamerasButton } from './ManageCamerasButton';
export { RequireCameraAdmin } from './RequireCameraAdmin';
export { cameraManagementPath } from './paths';
export { useCanManageCameras } from './useCanManageCameras';
export { adminApi } from './adminApi';
