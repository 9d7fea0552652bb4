export function cameraManagementPath(networkId: number): string {
  return `/n/${networkId}/admin/cameras`;
}

/** The organization's users; under a network like the other admin pages (the shell around it is the network's). */
export function userManagementPath(networkId: number): string {
  return `/n/${networkId}/admin/users`;
}
