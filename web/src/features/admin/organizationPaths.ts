// Paths of the organization's administration pages (users, privileges, access log, sign-in policy, feedback, search
// telemetry), apart from paths.ts: the camera page loads that file, and these are not its business.

/** The organization's users; under a network like the other admin pages (the shell around it is the network's). */
export function userManagementPath(networkId: number): string {
  return `/n/${networkId}/admin/users`;
}

/** A member's privileges, edited from their row on the users page. */
export function userPrivilegesPath(networkId: number, userId: number): string {
  return `${userManagementPath(networkId)}/${userId}/privileges`;
}

/** The organization's access log (sign-ins and video access), for the same administrators as the users page. */
export function accessLogPath(networkId: number): string {
  return `/n/${networkId}/admin/access-log`;
}

/** The organization's sign-in policy (password expiry, two-factor authentication, single sign-on), same people. */
export function signInPolicyPath(networkId: number): string {
  return `/n/${networkId}/admin/sign-in-policy`;
}

/** The feedback the organization's members sent ('Send feedback'), for the same administrators. */
export function feedbackPath(networkId: number): string {
  return `/n/${networkId}/admin/feedback`;
}

/** The members' motion and event search telemetry (searches, results, durations per day), same administrators. */
export function searchTelemetryPath(networkId: number): string {
  return `/n/${networkId}/admin/search-telemetry`;
}
