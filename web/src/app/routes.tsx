import { Navigate, Route, Routes } from 'react-router-dom';
import { RequireCameraAdmin } from '../features/admin/RequireCameraAdmin';
import { RequireAuth } from '../features/auth/RequireAuth';
import { NetworkChooser } from '../features/network-select/NetworkChooser';
import { NetworkGate } from '../features/shell/NetworkGate';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import { OverviewPage } from '../features/shell/OverviewPage';
import { RequirePermission } from '../features/shell/RequirePermission';
import { ShellLayout } from '../features/shell/ShellLayout';
import { SimilarityRedirect } from '../features/shell/SimilarityRedirect';
import { lazyPage } from './lazyPage';
import {
  cameraManagementChunk,
  camerasChunk,
  eventSearchChunk,
  exportsChunk,
  passwordChunk,
  signInChunk,
  similaritySearchChunk,
  organizationAdminChunk,
  wallsChunk,
} from './pageChunks';

const SignInPage = lazyPage(signInChunk, 'SignInPage');
const ResetPasswordPage = lazyPage(passwordChunk, 'ResetPasswordPage');
const CamerasLayout = lazyPage(camerasChunk, 'CamerasLayout');
const CameraIndexRedirect = lazyPage(camerasChunk, 'CameraIndexRedirect');
const CameraPage = lazyPage(camerasChunk, 'CameraPage');
const EventSearchPage = lazyPage(eventSearchChunk, 'EventSearchPage');
const CameraManagementPage = lazyPage(cameraManagementChunk, 'CameraManagementPage');
const OrganizationAdminRoutes = lazyPage(organizationAdminChunk, 'OrganizationAdminRoutes');
const WallIndexRedirect = lazyPage(wallsChunk, 'WallIndexRedirect');
const WallPage = lazyPage(wallsChunk, 'WallPage');
const CameraAreaWallPage = lazyPage(wallsChunk, 'CameraAreaWallPage');
const ExportsPage = lazyPage(exportsChunk, 'ExportsPage');
const SimilaritySearchPage = lazyPage(similaritySearchChunk, 'SimilaritySearchPage');

/** The routes of spec 01 §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<SignInPage />} />
      <Route path="/login/reset-password" element={<ResetPasswordPage />} />
      <Route element={<RequireAuth />}>
        <Route element={<ShellLayout />}>
          <Route index element={<Navigate to="/n" replace />} />
          <Route path="overview" element={<OverviewPage />} />
          <Route path="n" element={<NetworkChooser />} />
          <Route path="n/:networkId" element={<NetworkGate />}>
            <Route index element={<Navigate to="cameras" replace />} />
            <Route path="cameras" element={<CamerasLayout />}>
              <Route index element={<CameraIndexRedirect />} />
              <Route path=":cameraId" element={<CameraPage />} />
              <Route path="walls/:wallId" element={<CameraAreaWallPage />} />
            </Route>
            <Route path="video-walls">
              <Route index element={<WallIndexRedirect />} />
              <Route path=":videoWallId" element={<WallPage />} />
            </Route>
            <Route
              path="exports/:jobId?"
              element={
                <RequirePermission flag="export">
                  <ExportsPage />
                </RequirePermission>
              }
            />
            <Route
              path="events"
              element={
                <RequirePermission flag="events">
                  <EventSearchPage />
                </RequirePermission>
              }
            />
            <Route
              path="admin/cameras"
              element={
                <RequireCameraAdmin>
                  <CameraManagementPage />
                </RequireCameraAdmin>
              }
            />
            <Route path="admin/*" element={<OrganizationAdminRoutes />} />
            <Route
              path="similarity-search/:serial/:trackId/:ts"
              element={
                <RequirePermission flag="events">
                  <SimilaritySearchPage />
                </RequirePermission>
              }
            />
            <Route path="similarity-search/*" element={<SimilarityRedirect />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
