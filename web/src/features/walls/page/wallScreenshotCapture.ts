/**
 * The wall screenshot's DOM side: reads each tile's current picture from the wall view and draws the composition
 * planned by `wallScreenshot.ts` on one canvas, with the camera page's time band under it.
 */
import { drawTimeBand, encodeJpeg, hasFrame, timeBandHeight } from '../../viewer/screenshot';
import type { VideoWall } from '../wallsApi';
import { planWallScreenshot, type Size, type WallScreenshotPlan } from './wallScreenshot';

export interface TilePicture {
  source: HTMLVideoElement | HTMLCanvasElement;
  size: Size;
}

/**
 * What a tile shows now: its dewarp canvas when the fisheye view is drawn (WebGL ready), else its video frame; null
 * while the video is not playing (loading, offline, error) or has no frame, or while the dewarp view is starting.
 */
export function tilePicture(tileElement: Element): TilePicture | null {
  const video = tileElement.querySelector<HTMLVideoElement>('video[data-testid="wall-tile-video"]');
  if (!video || video.dataset.status !== 'playing' || !hasFrame(video)) return null;
  const dewarp = tileElement.querySelector<HTMLElement>('[data-testid="dewarp-view"]');
  const support = dewarp?.dataset.dewarpSupport;
  if (dewarp && support !== 'unavailable') {
    // Without WebGL the raw video shows through; otherwise the canvas is the picture (none until it is ready).
    const canvas = dewarp.querySelector<HTMLCanvasElement>('canvas[data-testid="dewarp-canvas"]');
    if (support !== 'webgl' || !canvas || canvas.width <= 0 || canvas.height <= 0) return null;
    return { source: canvas, size: { width: canvas.width, height: canvas.height } };
  }
  return { source: video, size: { width: video.videoWidth, height: video.videoHeight } };
}

function tileElementOf(root: ParentNode, tileId: number): Element | null {
  return root.querySelector(`[data-testid="wall-tile"][data-tile-id="${tileId}"]`);
}

/** The grid's width on screen in device pixels (0 when unknown, e.g. not laid out). */
function gridWidthPx(root: ParentNode): number {
  const grid = root.querySelector('[data-testid="wall-grid"]');
  const width = grid?.getBoundingClientRect().width ?? 0;
  return width * (window.devicePixelRatio || 1);
}

export interface ComposedWallScreenshot {
  blob: Blob;
  plan: WallScreenshotPlan;
}

/**
 * Draws the wall as seen inside `root` (the wall view): black background, each drawn tile's picture contained in its
 * cells, the time band `bandText` below. Rejects when no tile has a picture.
 */
export function composeWallScreenshot(root: ParentNode, wall: VideoWall, bandText: string): Promise<ComposedWallScreenshot> {
  const pictures = new Map<number, TilePicture>();
  const inputs = wall.tiles.map((tile) => {
    const element = tileElementOf(root, tile.id);
    const picture = element ? tilePicture(element) : null;
    if (picture) pictures.set(tile.id, picture);
    return { tile, camera: tile.camera, state: element?.getAttribute('data-state') ?? null, picture: picture?.size ?? null };
  });
  const plan = planWallScreenshot(inputs, gridWidthPx(root));
  const drawn = plan.tiles.filter((tile) => tile.draw !== null);
  if (drawn.length === 0) return Promise.reject(new Error('no tile has a picture'));
  const band = timeBandHeight(plan.height);
  const canvas = document.createElement('canvas');
  canvas.width = plan.width;
  canvas.height = plan.height + band;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no 2d context'));
  context.fillStyle = '#000';
  context.fillRect(0, 0, plan.width, plan.height);
  for (const { tileId, draw } of drawn) {
    const picture = pictures.get(tileId);
    if (picture && draw) context.drawImage(picture.source, draw.x, draw.y, draw.width, draw.height);
  }
  drawTimeBand(context, plan.width, plan.height, band, bandText);
  return encodeJpeg(canvas).then((blob) => ({ blob, plan }));
}
