/**
 * Widths the server makes recorded snapshots at (server/src/media/snapshot_service.hpp `k_historical_widths`; it rounds
 * any other width up to the next one). Asking for one of these lets the browser's and the server's caches hit.
 */
export const SNAPSHOT_WIDTHS_PX = [160, 320, 480, 640, 960, 1280, 1920] as const;

/**
 * The snapshot width for an image shown `displayWidthCssPx` wide on a screen of `devicePixelRatio`: its width in
 * device pixels, snapped up to the next snapshot width (the widest for anything wider), never beyond the stream's
 * width when that is known (the server never scales up either).
 */
export function snapshotWidthPx(displayWidthCssPx: number, devicePixelRatio: number, streamWidthPx?: number): number {
  const ratio = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  const devicePx = Math.round(Math.max(0, displayWidthCssPx) * ratio);
  const snapped = SNAPSHOT_WIDTHS_PX.find((width) => width >= devicePx) ?? SNAPSHOT_WIDTHS_PX[SNAPSHOT_WIDTHS_PX.length - 1];
  return streamWidthPx !== undefined && streamWidthPx > 0 ? Math.min(snapped, streamWidthPx) : snapped;
}

/**
 * The event image address asking the camera's snapshot endpoint (`…/snapshot.jpg?ts_ms=`) for `widthPx`; other
 * addresses (motion recap JPEGs, which have one size) come back unchanged.
 */
export function withSnapshotWidth(url: string, widthPx: number): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (!path.endsWith('/snapshot.jpg')) return url;
  const params = new URLSearchParams(queryAt < 0 ? '' : url.slice(queryAt + 1));
  params.set('width', String(widthPx));
  return `${path}?${params.toString()}`;
}
