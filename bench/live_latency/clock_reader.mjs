// Reads camsim's clock code (docs/design/camsim.md, "Clock cameras") from the pixels a page shows. installClockReader
// runs in the page (page.addInitScript with clockReaderScript(), so every function here is self-contained): on every
// requestAnimationFrame it takes the top 3/18 of the element showing the camera (a <video>, or a <canvas> for a
// WebCodecs player; any CSS selector), reads the code and records [now, capture time, sequence] for each capture time
// not shown before. readClockCode and unwrapClockTime apply the
// same rules as tools/camsim/clock_code.cpp (read_clock_code, unwrap_clock_code_time).

/**
 * The code in the band (32 columns x 3 rows of cells, any size) of a luma-like plane: { data, width, height, stride,
 * step, offset } (luma at (x, y) = data[offset + y * stride + x * step]; a Y plane has step 1, RGBA step 4 with offset
 * 1, green, since the band's chroma is neutral). { low40, sequence } or null unless the reference row is clear, every
 * cell is clearly black or white and the CRC-16/CCITT-FALSE matches.
 */
export function readClockCode({ data, width, height, stride, step, offset }) {
  const COLUMNS = 32;
  const ROWS = 3;
  const MIN_CONTRAST = 48;
  if (width < COLUMNS || height < ROWS) return null;
  // Mean of the cell's central half in both directions (edges blur under compression and scaling).
  const cellMean = (column, row) => {
    const x0 = Math.floor((column * width) / COLUMNS);
    const x1 = Math.floor(((column + 1) * width) / COLUMNS);
    const y0 = Math.floor((row * height) / ROWS);
    const y1 = Math.floor(((row + 1) * height) / ROWS);
    const left = x0 + Math.floor((x1 - x0) / 4);
    const right = Math.max(left + 1, x1 - Math.floor((x1 - x0) / 4));
    const top = y0 + Math.floor((y1 - y0) / 4);
    const bottom = Math.max(top + 1, y1 - Math.floor((y1 - y0) / 4));
    let sum = 0;
    for (let y = top; y < bottom; y += 1) {
      const rowStart = offset + y * stride;
      for (let x = left; x < right; x += 1) sum += data[rowStart + x * step];
    }
    return sum / ((right - left) * (bottom - top));
  };
  let white = 0;
  let black = 0;
  const reference = [];
  for (let column = 0; column < COLUMNS; column += 1) {
    reference.push(cellMean(column, 0));
    if (column % 2 === 0) white += reference[column];
    else black += reference[column];
  }
  white /= COLUMNS / 2;
  black /= COLUMNS / 2;
  if (white - black < MIN_CONTRAST) return null;
  const threshold = (white + black) / 2;
  const clear = (mean) => Math.abs(mean - threshold) >= (white - black) / 4;
  for (let column = 0; column < COLUMNS; column += 1) {
    if (!clear(reference[column]) || reference[column] > threshold !== (column % 2 === 0)) return null;
  }
  const bits = [];
  for (let row = 1; row < ROWS; row += 1) {
    for (let column = 0; column < COLUMNS; column += 1) {
      const mean = cellMean(column, row);
      if (!clear(mean)) return null;
      bits.push(mean > threshold ? 1 : 0);
    }
  }
  const number = (from, count) => bits.slice(from, from + count).reduce((value, bit) => value * 2 + bit, 0);
  const low40 = number(0, 40);
  const sequence = number(40, 8);
  const bytes = [];
  for (let i = 0; i < 6; i += 1) bytes.push(number(i * 8, 8));
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc === number(48, 16) ? { low40, sequence } : null;
}

/** The full capture time (ms since the epoch) nearest to nowMs whose low 40 bits are low40. */
export function unwrapClockTime(low40, nowMs) {
  const period = 2 ** 40;
  let candidate = Math.floor(nowMs / period) * period + low40;
  if (candidate - nowMs > period / 2) candidate -= period;
  else if (nowMs - candidate > period / 2) candidate += period;
  return candidate;
}

/**
 * In the page: reads the code of `selector`'s element on every animation frame into window.__clockReader. The band's
 * pixels come from a VideoFrame of the element (copyTo of the band rows only, in the frame's own format: a few hundred
 * KB at 1080p); where that is not possible (no WebCodecs, a frame without CPU pixels) from a 2D canvas drawImage of
 * the band, which converts the whole frame and costs far more CPU (counted in the figures; `method` says which).
 */
export function installClockReader({ selector }, read, unwrap) {
  const COLUMNS = 32;
  const ROWS = 3;
  const GRID_ROWS = 18;
  const PIXELS_PER_CELL = 8;
  const reader = { selector, samples: [], unreadable: 0, notPlaying: 0, frames: 0, method: '', errors: [] };
  reader.reset = () => {
    reader.samples = [];
    reader.unreadable = 0;
    reader.notPlaying = 0;
    reader.frames = 0;
  };
  window.__clockReader = reader;
  const canvas = new OffscreenCanvas(COLUMNS * PIXELS_PER_CELL, ROWS * PIXELS_PER_CELL);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let useVideoFrame = typeof VideoFrame === 'function';
  const note = (error) => {
    if (reader.errors.length < 5) reader.errors.push(String(error));
  };

  const viaVideoFrame = async (element) => {
    const frame = new VideoFrame(element, { timestamp: 0 });
    try {
      const visible = frame.visibleRect;
      const band = Math.max(2, Math.floor((visible.height * ROWS) / GRID_ROWS) & ~1);
      const rect = { x: visible.x & ~1, y: visible.y & ~1, width: visible.width & ~1, height: band };
      const data = new Uint8Array(frame.allocationSize({ rect }));
      const layout = await frame.copyTo(data, { rect });
      const rgb = /^(RGB|BGR)/.test(frame.format);
      return { data, width: rect.width, height: band, stride: layout[0].stride, step: rgb ? 4 : 1, offset: layout[0].offset + (rgb ? 1 : 0) };
    } finally {
      frame.close();
    }
  };
  const viaCanvas = (element, width, height) => {
    context.drawImage(element, 0, 0, width, (height * ROWS) / GRID_ROWS, 0, 0, canvas.width, canvas.height);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    return { data, width: canvas.width, height: canvas.height, stride: canvas.width * 4, step: 4, offset: 1 };
  };

  let last = null;
  let busy = false;
  const onFrame = async () => {
    requestAnimationFrame(onFrame);
    const found = document.querySelector(selector);
    // The element itself, or the picture inside it (a player that marks its container draws on a canvas, if any).
    const element = found && (found.matches('video, canvas') ? found : (found.querySelector('canvas') ?? found.querySelector('video')));
    if (!element || busy) return;
    const isVideo = element instanceof HTMLVideoElement;
    const width = isVideo ? element.videoWidth : element.width;
    const height = isVideo ? element.videoHeight : element.height;
    if (!width || !height) return;
    reader.frames += 1;
    if (isVideo && (element.paused || element.readyState < 2)) {
      reader.notPlaying += 1;
      return;
    }
    const now = performance.timeOrigin + performance.now();
    busy = true;
    let plane = null;
    try {
      if (useVideoFrame) {
        try {
          plane = await viaVideoFrame(element);
          reader.method = 'VideoFrame.copyTo';
        } catch (error) {
          note(error);
          useVideoFrame = false;
        }
      }
      if (!plane) {
        plane = viaCanvas(element, width, height);
        reader.method = 'canvas drawImage';
      }
    } catch (error) {
      note(error);
    } finally {
      busy = false;
    }
    const code = plane && read(plane);
    if (!code) {
      reader.unreadable += 1;
      return;
    }
    if (last && last.low40 === code.low40 && last.sequence === code.sequence) return; // still the same frame
    last = code;
    reader.samples.push([now, unwrap(code.low40, now), code.sequence]);
  };
  requestAnimationFrame(onFrame);
}

/** The init script for page.addInitScript({ content }). */
export function clockReaderScript(selector) {
  return `(${installClockReader})(${JSON.stringify({ selector })}, ${readClockCode}, ${unwrapClockTime});`;
}
