import { Route, Routes } from 'react-router-dom';
import type { User } from '../../../api/types';
import type { RootState } from '../../../app/store';
import { adminUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CameraIndexRedirect, CameraPage, CamerasLayout } from '../index';
import { cameraAreaState, NETWORK_ID } from './fixtures';

/**
 * Mounts the camera area the way the app router does, at `route` (default: the network's camera index), signed in as an
 * administrator unless `user` (or a whole `preloadedState`) says otherwise. A wall's route inside the area
 * (`walls/:wallId`) shows a stand-in: the wall pages have their own tests.
 */
export function renderCameraArea(
  route = `/n/${NETWORK_ID}/cameras`,
  {
    showFloorPlan = false,
    user = adminUser,
    preloadedState,
  }: { showFloorPlan?: boolean; user?: User; preloadedState?: Partial<RootState> } = {},
) {
  return renderWithProviders(
    <Routes>
      <Route path="/n/:networkId/cameras" element={<CamerasLayout />}>
        <Route index element={<CameraIndexRedirect />} />
        <Route path=":cameraId" element={<CameraPage />} />
        <Route path="walls/:wallId" element={<p>wall page</p>} />
      </Route>
    </Routes>,
    { route, preloadedState: preloadedState ?? cameraAreaState(showFloorPlan, user) },
  );
}
