import { Route, Routes } from 'react-router-dom';
import { lazyPage, pageChunk } from '../../app/lazyPage';
import { NotFoundPage } from '../shell/NotFoundPage';
import { RequireUserAdmin } from './users/RequireUserAdmin';

// Each page is its own chunk, downloaded when first opened.
const usersChunk = pageChunk(() => import('./users/UsersPage'));
const privilegesChunk = pageChunk(() => import('./users/privileges/PrivilegesPage'));
const accessLogChunk = pageChunk(() => import('./accessLog/AccessLogPage'));
const signInPolicyChunk = pageChunk(() => import('./signInPolicy/SignInPolicyPage'));
const feedbackChunk = pageChunk(() => import('./feedback/FeedbackPage'));
const searchTelemetryChunk = pageChunk(() => import('./searchTelemetry/SearchTelemetryPage'));
const UsersPage = lazyPage(usersChunk, 'UsersPage');
const PrivilegesPage = lazyPage(privilegesChunk, 'PrivilegesPage');
const AccessLogPage = lazyPage(accessLogChunk, 'AccessLogPage');
const SignInPolicyPage = lazyPage(signInPolicyChunk, 'SignInPolicyPage');
const FeedbackPage = lazyPage(feedbackChunk, 'FeedbackPage');
const SearchTelemetryPage = lazyPage(searchTelemetryChunk, 'SearchTelemetryPage');

/**
 * `/n/:networkId/admin/*` apart from camera management: the organization's users, a member's privileges, the access
 * log, the sign-in policy, the members' feedback and their search telemetry, all for org-write administrators. One
 * lazy route tree, so that the entry (on every page's JavaScript budget) holds a single route for all of them.
 */
export function OrganizationAdminRoutes() {
  return (
    <RequireUserAdmin>
      <Routes>
        <Route path="users" element={<UsersPage />} />
        <Route path="users/:userId/privileges" element={<PrivilegesPage />} />
        <Route path="access-log" element={<AccessLogPage />} />
        <Route path="sign-in-policy" element={<SignInPolicyPage />} />
        <Route path="feedback" element={<FeedbackPage />} />
        <Route path="search-telemetry" element={<SearchTelemetryPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </RequireUserAdmin>
  );
}
