/** The worker's name is the frames URL; the page then sends it the preview canvas (transferred). */
export interface BootPreviewStart {
  canvas: OffscreenCanvas;
}

export type BootPreviewReport =
  /** The first frame was drawn; `atMs`: the worker's next animation frame (epoch ms), when the compositor took it. */
  | { type: 'frame'; atMs: number }
  /** The stream ended, was refused or could not be decoded: the preview goes. */
  | { type: 'end' };
