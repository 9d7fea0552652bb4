import { Route, Routes } from 'react-router-dom';
import { adminUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CameraIndexRedirect, CameraPage, CamerasLayout } from '../index';
import { cameraAreaState, NETWORK_ID } from './fixtures';

/**
 * Mounts the camera area the way the app router does, at `route` (default: the network's camera index), signed in as an
 * administrator unless `user` says otherwise.
 */
export function renderCameraArea(route = `/n/${NETWORK_ID}/cameras`, { showFloorPlan = false, user = adminUser } = {}) {
  return renderWithProviders(
    <Routes>
      <Route path="/n/:networkId/cameras" element={<CamerasLayout />}>
        <Route index element={<CameraIndexRedirect />} />
        <Route path=":cameraId" element={<CameraPage />} />
      </Route>
    </Routes>,
    { route, preloadedState: cameraAreaState(showFloorPlan, user) },
  );
}
