import { pageChunk } from './lazyPage';

// The feature pages are separate chunks, so that a page downloads only its own code: the camera page does not wait
// for event search or camera management, nor the sign-in page for any of them. The shell itself stays in the entry.
export const signInChunk = pageChunk(() => import('../features/signin/SignInPage'));
export const passwordChunk = pageChunk(() => import('../features/password'));
export const camerasChunk = pageChunk(() => import('../features/cameras'));
export const eventSearchChunk = pageChunk(() => import('../features/event-search'));
export const cameraManagementChunk = pageChunk(() => import('../features/admin/CameraManagementPage'));
/** Users, privileges and the access log: a route tree of its own, whose pages are chunks again. */
export const organizationAdminChunk = pageChunk(() => import('../features/admin/OrganizationAdminRoutes'));
export const wallsChunk = pageChunk(() => import('../features/walls/page'));
export const exportsChunk = pageChunk(() => import('../features/exports'));
export const similaritySearchChunk = pageChunk(() => import('../features/similarity-search/components/SimilaritySearchPage'));
