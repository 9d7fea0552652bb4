export function cameraManagementPath(networkId: number): string {
  return `/n/${networkId}/admin/cameras`;
}
