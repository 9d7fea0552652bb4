import { Route, Routes } from 'react-router-dom';
import type { RootState } from '../../../app/store';
import { adminUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInState } from '../../../test/state';
import { CameraAreaWallPage, WallIndexRedirect, WallPage } from '../page';

/**
 * Mounts the wall routes the way app/routes.tsx does (without the shell), signed in as the administrator (without the
 * network context's rights, so not allowed to edit walls, unless `preloadedState` says otherwise).
 */
export function renderWallArea(route: string, preloadedState: Partial<RootState> = signedInState(adminUser)) {
  return renderWithProviders(
    <Routes>
      <Route path="/n/:networkId/video-walls">
        <Route index element={<WallIndexRedirect />} />
        <Route path=":videoWallId" element={<WallPage />} />
      </Route>
      <Route path="/n/:networkId/cameras/walls/:wallId" element={<CameraAreaWallPage />} />
      <Route path="/n/:networkId/cameras" element={<p>cameras area</p>} />
    </Routes>,
    { route, preloadedState },
  );
}
