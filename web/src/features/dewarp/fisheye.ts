/** A fisheye camera (dewarp applies): the API's camera type. */
export function isFisheyeCamera(camera: { type?: string | null }): boolean {
  return camera.type === 'fisheye';
}
