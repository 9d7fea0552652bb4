/// <reference lib="webworker" />
import { decoderConfig, type FramesConfigMessage, parseFrame, parseFramesMessage } from '../player/framesProtocol';
import type { BootPreviewReport, BootPreviewStart } from './bootPreviewMessages';

/**
 * The boot preview's worker (startBootPreview.ts): its own connection to the camera's frames route (the URL is the
 * worker's name, so it connects as soon as it runs), a VideoDecoder, and the decoded frames drawn on the preview
 * canvas, which comes in a message (a message to a starting worker goes through the page's main thread, busy on a cold
 * load). A canvas drawn from a worker reaches the screen through the compositor, without the page's main thread. The
 * first decoded frame is drawn at once (the join's keyframe); after it a frame is drawn only when no newer one waits
 * in the decoder, so the picture catches up with the live edge instead of replaying the join's GOP. Any failure ends
 * the preview: the viewer has its own session with its own recovery.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

function report(message: BootPreviewReport): void {
  scope.postMessage(message);
}

function run(url: string): void {
  const socket = new WebSocket(url);
  socket.binaryType = 'arraybuffer';
  let canvas: OffscreenCanvas | null = null;
  let context: OffscreenCanvasRenderingContext2D | null = null;
  let decoder: VideoDecoder | null = null;
  let waitingForKey = true;
  /** A decoded frame that came before the canvas (only the newest is kept). */
  let pending: VideoFrame | null = null;
  let newestUs = -1;
  let drawn = false;
  let ended = false;

  const end = () => {
    if (ended) return;
    ended = true;
    socket.close();
    if (decoder && decoder.state !== 'closed') decoder.close();
    pending?.close();
    report({ type: 'end' });
    scope.close();
  };

  const paint = (frame: VideoFrame) => {
    if (!canvas || !context) return;
    const scale = Math.min(canvas.width / frame.displayWidth, canvas.height / frame.displayHeight);
    const width = frame.displayWidth * scale;
    const height = frame.displayHeight * scale;
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(frame, (canvas.width - width) / 2, (canvas.height - height) / 2, width, height);
    frame.close();
    if (drawn) return;
    drawn = true;
    const noteShown = () => report({ type: 'frame', atMs: performance.timeOrigin + performance.now() });
    if (typeof scope.requestAnimationFrame === 'function') scope.requestAnimationFrame(noteShown);
    else noteShown();
  };

  const onDecoded = (frame: VideoFrame, source: VideoDecoder) => {
    const behind = drawn && source.decodeQueueSize > 0;
    if (ended || behind || frame.timestamp <= newestUs) {
      frame.close();
      return;
    }
    newestUs = frame.timestamp;
    if (context) paint(frame);
    else {
      pending?.close();
      pending = frame;
    }
  };

  const configure = (config: FramesConfigMessage) => {
    if (decoder && decoder.state !== 'closed') decoder.close();
    const next: VideoDecoder = new VideoDecoder({ output: (frame) => onDecoded(frame, next), error: end });
    decoder = next;
    waitingForKey = true;
    try {
      next.configure(decoderConfig(config));
    } catch {
      end();
    }
  };

  socket.onmessage = (event: MessageEvent<string | ArrayBuffer>) => {
    if (typeof event.data === 'string') {
      const message = parseFramesMessage(event.data);
      if (message.type === 'config') configure(message);
      else if (message.type === 'gap') waitingForKey = true;
      else if (message.type === 'offline' || message.type === 'invalid') end();
      return;
    }
    const frame = parseFrame(event.data);
    if (!frame) return end();
    if (!decoder || decoder.state !== 'configured' || (waitingForKey && !frame.key)) return;
    waitingForKey = false;
    try {
      decoder.decode(new EncodedVideoChunk({ type: frame.key ? 'key' : 'delta', timestamp: frame.timestampUs, data: frame.data }));
    } catch {
      end();
    }
  };
  socket.onerror = end;
  socket.onclose = end;

  scope.addEventListener(
    'message',
    (event: MessageEvent<BootPreviewStart>) => {
      canvas = event.data.canvas;
      context = canvas.getContext('2d', { alpha: false });
      if (!context) return end();
      // The first drawing on a canvas sets up its resources (100-400 ms on a loaded 2-core machine): done now, while
      // the join's frames are still being decoded, it is not added to the first frame's time.
      context.fillStyle = '#000';
      context.fillRect(0, 0, canvas.width, canvas.height);
      const frame = pending;
      pending = null;
      if (frame) paint(frame);
    },
    { once: true },
  );
}

run(scope.name);
