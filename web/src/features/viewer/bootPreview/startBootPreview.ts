import { BOOT_PREVIEW_BACKGROUND } from '../constants';
import { cameraPageLiveUrl } from '../mediaUrls';
import { framesLiveUrl } from '../player/framesProtocol';
import { framesPreference } from '../player/transportChoice';
import { BOOT_PREVIEW_LAYER_ID, BOOT_PREVIEW_RELEASE_EVENT, previewStage } from './bootPreviewLayer';
import type { BootPreviewReport, BootPreviewStart } from './bootPreviewMessages';
import type { StageBox } from './bootPreviewLayout';

/**
 * The boot side of the boot preview (docs/design/live.md, "Boot preview"): run by the script inlined at the top of
 * index.html (src/boot/liveBoot.ts), before any of the app's scripts has arrived. On a cold load the app's scripts,
 * start-up calls and first render keep the main thread busy for most of a second on this kind of machine, and a
 * `<video>` shows a frame only with a rendering update of that thread. So on a camera page it lays a plain layer over
 * the loading app with a canvas where the viewer's video box will be (bootPreviewLayer.ts), and hands the canvas to a
 * worker (bootPreviewWorker.ts) that connects to the camera's frames route, decodes and draws: the compositor shows
 * those frames whatever the main thread does. The app takes the layer away (bootPreview.ts) once its viewer shows its
 * own picture, or at once when the page shows anything else; the worker's stream ending takes it away too.
 */

/** Whether this browser can draw the preview from a worker. */
function canPreview(): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function'
  );
}

/** The layer: the page's background, and a black canvas where the viewer's video box will be. */
function makeLayer(stage: StageBox, pathname: string): { layer: HTMLDivElement; canvas: HTMLCanvasElement } {
  const layer = document.createElement('div');
  layer.id = BOOT_PREVIEW_LAYER_ID;
  layer.dataset.testid = 'live-boot-preview';
  layer.dataset.pathname = pathname;
  layer.setAttribute('aria-hidden', 'true');
  // Over the loading app (its loader); clicks go through to the page.
  layer.style.cssText = `position:fixed;inset:0;z-index:400;pointer-events:none;background:${BOOT_PREVIEW_BACKGROUND}`;
  const canvas = document.createElement('canvas');
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(stage.width * ratio);
  canvas.height = Math.round(stage.height * ratio);
  canvas.style.cssText =
    `position:absolute;left:${stage.left}px;top:${stage.top}px;width:${stage.width}px;height:${stage.height}px;` +
    'background:#000;border-radius:8px 8px 0 0';
  layer.append(canvas);
  return { layer, canvas };
}

/** The worker, connecting to `framesUrl` and given the canvas; null when the browser refused either. */
function startWorker(workerUrl: string, framesUrl: string, canvas: HTMLCanvasElement): Worker | null {
  let worker: Worker | null = null;
  try {
    worker = new Worker(workerUrl, { name: framesUrl });
    const offscreen = canvas.transferControlToOffscreen();
    const start: BootPreviewStart = { canvas: offscreen };
    worker.postMessage(start, [offscreen]);
    return worker;
  } catch {
    worker?.terminate();
    return null;
  }
}

/**
 * On a camera page (`/n/{network}/cameras/{camera}`, not opened on a recorded moment) whose viewer would play live
 * over frames, shows the camera's live sub-stream (default shard, or `?shardId=`) on the boot preview, drawn by the
 * worker at `workerUrl`. Elsewhere, or without the browser's means, nothing.
 */
export function startBootPreview(location: { pathname: string; search: string }, workerUrl: string): void {
  const playlistUrl = cameraPageLiveUrl(location, 'sub');
  // `?ts=`: the page opens on a recorded moment (useTsParam), so a live picture first would be the wrong one.
  const playsLive = !new URLSearchParams(location.search).has('ts');
  if (!playlistUrl || !playsLive || !framesPreference(location.search) || !canPreview() || document.getElementById(BOOT_PREVIEW_LAYER_ID)) {
    return;
  }
  const stage = previewStage();
  if (stage.width <= 0 || stage.height <= 0) return;
  const { layer, canvas } = makeLayer(stage, location.pathname);
  const url = framesLiveUrl(playlistUrl, window.location);
  const worker = startWorker(workerUrl, url, canvas);
  if (!worker) return;
  const release = () => {
    worker.terminate();
    layer.remove();
    window.removeEventListener('resize', release);
  };
  worker.onmessage = (event: MessageEvent<BootPreviewReport>) => {
    // When the first frame was on screen (page clock): diagnostics and the benchmark (bench/live_start.mjs).
    if (event.data.type === 'frame') layer.dataset.firstFrameAt = (event.data.atMs - performance.timeOrigin).toFixed(1);
    else release();
  };
  worker.onerror = release;
  layer.addEventListener(BOOT_PREVIEW_RELEASE_EVENT, release, { once: true });
  // Another size lays the page out anew: the remembered box no longer says where the viewer will be.
  window.addEventListener('resize', release, { once: true });
  (document.body ?? document.documentElement).append(layer);
}
