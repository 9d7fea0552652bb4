// Runs inside the portal's camera page (an init script of bench/live_start.mjs, so it is self-contained): notes when
// the viewer's <video> presents its first frame, and the steps on the way there.
//
// window.__firstFrame = {
//   arm()     — from now on, the next frame presented by a *new* source counts: another <video> element than the one
//               on screen now, or the same element with another srcObject (MediaStream: frames transport) or currentSrc
//               (MSE blob URL: ws and hls). Called by the bench right before it clicks another camera.
//   clickAt   — event.timeStamp of the first click after arm() (ms since the page's time origin);
//   frameAt   — presentationTime of that first new frame (requestVideoFrameCallback metadata, ms since the time
//               origin; for a cold load the time origin is the navigation start), null until it came;
//   method    — 'requestVideoFrameCallback' or, where the callback never fires, 'totalVideoFrames' (the animation frame
//               at which getVideoPlaybackQuality().totalVideoFrames first exceeds the count at arm());
//   sockets   — every WebSocket the page opened since arm(): { url, createdAt, openAt, firstTextAt, firstBinaryAt };
//   transport — data-transport of the video that presented the frame;
//   decoder   — frames transport: { createdAt, chunks, firstDecodeAt, outputs, lastOutputAt } of the first VideoDecoder
//               made since arm(): the chunks it was given and the frames it output before the first new frame;
//   sink      — frames transport: { createdAt, firstWriteAt } of the first MediaStreamTrackGenerator made since arm();
//   bootFrameAt — cold load: when the boot preview (`bootSelector`: the live picture a camera page shows before the app
//               has rendered its viewer) had its first frame on screen — its data-first-frame-at, the animation frame
//               of its worker after the first draw —, null when there was none.
// }
// At document start the probe is armed with no baseline: the first frame of any video counts (cold load).
export function installFirstFrameProbe({ selector, bootSelector }) {
  const probe = { clickAt: null, frameAt: null, method: '', sockets: [], transport: '', bootFrameAt: null };
  window.__firstFrame = probe;
  let baseline = { element: null, srcObject: null, src: '', frames: 0 };
  let armed = true;

  const framesOf = (element) => element.getVideoPlaybackQuality?.().totalVideoFrames ?? 0;
  const isNewSource = (element) =>
    element !== baseline.element || element.srcObject !== baseline.srcObject || element.currentSrc !== baseline.src;
  const found = (element, at, method) => {
    if (!armed || probe.frameAt !== null || !isNewSource(element)) return;
    probe.frameAt = at;
    probe.method = method;
    probe.transport = element.dataset.transport ?? '';
    armed = false;
  };

  probe.arm = () => {
    const element = document.querySelector(selector);
    baseline = element
      ? { element, srcObject: element.srcObject, src: element.currentSrc, frames: framesOf(element) }
      : { element: null, srcObject: null, src: '', frames: 0 };
    Object.assign(probe, { clickAt: null, frameAt: null, method: '', sockets: [], transport: '', bootFrameAt: null });
    probe.decoder = null;
    probe.sink = null;
    armed = true;
  };

  // Every <video> matching the selector gets a requestVideoFrameCallback loop, once.
  const watched = new WeakSet();
  const watch = (element) => {
    if (watched.has(element) || typeof element.requestVideoFrameCallback !== 'function') return;
    watched.add(element);
    const onFrame = (_now, metadata) => {
      found(element, metadata.presentationTime, 'requestVideoFrameCallback');
      element.requestVideoFrameCallback(onFrame);
    };
    element.requestVideoFrameCallback(onFrame);
  };
  // The boot preview (a canvas drawn from a worker) notes when its first frame was on screen, page clock.
  if (bootSelector) {
    new MutationObserver(() => {
      const at = document.querySelector(bootSelector)?.dataset.firstFrameAt;
      if (at !== undefined && probe.bootFrameAt === null) probe.bootFrameAt = Number(at);
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-first-frame-at'] });
  }
  const onAnimationFrame = (now) => {
    requestAnimationFrame(onAnimationFrame);
    const element = document.querySelector(selector);
    if (!(element instanceof HTMLVideoElement)) return;
    watch(element);
    // Fallback where the callback does not fire: the presented frame count moving past the one at arm().
    const baselineFrames = element === baseline.element ? baseline.frames : 0;
    if (isNewSource(element) && framesOf(element) > baselineFrames) found(element, now, 'totalVideoFrames');
  };
  requestAnimationFrame(onAnimationFrame);

  document.addEventListener(
    'click',
    (event) => {
      if (armed && probe.clickAt === null) probe.clickAt = event.timeStamp;
    },
    true,
  );

  // Socket steps (profiling: where the time to the first frame goes).
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      const entry = { url: String(args[0]), createdAt: performance.now(), openAt: null, firstTextAt: null, firstBinaryAt: null };
      probe.sockets.push(entry);
      this.addEventListener('open', () => {
        entry.openAt = performance.now();
      });
      this.addEventListener('message', (event) => {
        const key = typeof event.data === 'string' ? 'firstTextAt' : 'firstBinaryAt';
        entry[key] ??= performance.now();
      });
    }
  };
  // Decoder steps (frames transport): the chunks the first decoder made since arm() decoded before the first new
  // frame (the join's GOP), and when.
  probe.decoder = null;
  const NativeDecoder = window.VideoDecoder;
  if (NativeDecoder) {
    window.VideoDecoder = class extends NativeDecoder {
      constructor(init) {
        const steps = { createdAt: performance.now(), chunks: 0, firstDecodeAt: null, outputs: 0, lastOutputAt: null };
        const counting = () => probe.decoder === steps && probe.frameAt === null;
        super({
          ...init,
          output: (frame) => {
            if (counting()) {
              steps.outputs += 1;
              steps.lastOutputAt = performance.now();
            }
            init.output(frame);
          },
        });
        probe.decoder ??= steps;
        this.steps = steps;
        this.counting = counting;
      }
      decode(chunk) {
        if (this.counting()) {
          this.steps.firstDecodeAt ??= performance.now();
          this.steps.chunks += 1;
        }
        return super.decode(chunk);
      }
    };
  }
  // Track generator steps (frames transport): when the first generator since arm() was made (the FrameSink, which sets
  // the video's srcObject) and when the first frame was written to it.
  probe.sink = null;
  const NativeGenerator = window.MediaStreamTrackGenerator;
  if (NativeGenerator) {
    window.MediaStreamTrackGenerator = class extends NativeGenerator {
      constructor(init) {
        super(init);
        const steps = { createdAt: performance.now(), firstWriteAt: null };
        probe.sink ??= steps;
        const writable = super.writable;
        const getWriter = writable.getWriter.bind(writable);
        writable.getWriter = () => {
          const writer = getWriter();
          const write = writer.write.bind(writer);
          writer.write = (frame) => {
            steps.firstWriteAt ??= performance.now();
            return write(frame);
          };
          return writer;
        };
      }
    };
  }
}

/** The init script for context.addInitScript({ content }). */
export function firstFrameProbeScript(selector, bootSelector = null) {
  return `(${installFirstFrameProbe})(${JSON.stringify({ selector, bootSelector })});`;
}
