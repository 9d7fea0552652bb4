// Page-side instrumentation of bench/live_latency.mjs (serialized into the page by addInitScript, so self-contained).

// Runs in the page before any of its scripts. Records presented frames (requestVideoFrameCallback on every <video>)
// and, when `hookAppends`, the camsim SEI of every fMP4 fragment appended to a SourceBuffer with its media time.
export function pageInstrumentation(hookAppends) {
  const UUID = 'a7c3f0d2-5e1b-4c8a-9f6e-2b4d8c1e7a90'.replace(/-/g, '');
  const bench = { frames: [], seis: [], timescale: 0, errors: [], watched: new WeakSet() };
  window.__liveBench = bench;
  const wall = (performanceTime) => performance.timeOrigin + performanceTime;

  const watch = (video) => {
    if (bench.watched.has(video) || typeof video.requestVideoFrameCallback !== 'function') return;
    bench.watched.add(video);
    const onFrame = (_now, metadata) => {
      bench.frames.push({
        mediaTime: metadata.mediaTime,
        displayMs: wall(metadata.expectedDisplayTime),
        presentedMs: wall(metadata.presentationTime),
        // Buffer ahead of the playhead, for the hold-back breakdown.
        ahead: video.buffered.length ? video.buffered.end(video.buffered.length - 1) - video.currentTime : 0,
      });
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  bench.watch = watch;
  const scan = () => document.querySelectorAll('video').forEach(watch);
  setInterval(scan, 50);

  if (!hookAppends) return;
  const u32 = (d, at) => ((d[at] << 24) | (d[at + 1] << 16) | (d[at + 2] << 8) | d[at + 3]) >>> 0;
  const type = (d, at) => String.fromCharCode(d[at + 4], d[at + 5], d[at + 6], d[at + 7]);
  function* walk(d, start, end) {
    let at = start;
    while (at + 8 <= end) {
      let size = u32(d, at);
      let header = 8;
      if (size === 1) {
        size = u32(d, at + 8) * 2 ** 32 + u32(d, at + 12);
        header = 16;
      } else if (size === 0) size = end - at;
      if (size < header || at + size > end) return;
      yield { type: type(d, at), start: at, body: at + header, end: at + size };
      at += size;
    }
  }
  const find = (d, start, end, path) => {
    for (const box of walk(d, start, end)) {
      if (box.type !== path[0]) continue;
      if (path.length === 1) return box;
      const inner = find(d, box.body, box.end, path.slice(1));
      if (inner) return inner;
    }
    return null;
  };
  const seiTime = (nal) => {
    const data = [];
    for (let i = 0; i < nal.length; i += 1) {
      if (i >= 2 && nal[i] === 3 && nal[i - 1] === 0 && nal[i - 2] === 0) continue;
      data.push(nal[i]);
    }
    let at = 1;
    while (at < data.length && data[at] !== 0x80) {
      let t = 0;
      while (data[at] === 0xff) t += data[at++];
      t += data[at++];
      let size = 0;
      while (data[at] === 0xff) size += data[at++];
      size += data[at++];
      if (t === 5 && size >= 24) {
        let uuid = '';
        for (let i = 0; i < 16; i += 1) uuid += data[at + i].toString(16).padStart(2, '0');
        if (uuid === UUID) {
          let us = 0;
          for (let i = 0; i < 8; i += 1) us = us * 256 + data[at + 16 + i];
          return us;
        }
      }
      at += size;
    }
    return null;
  };
  const inspect = (sourceBuffer, d) => {
    const moov = find(d, 0, d.length, ['moov', 'trak', 'mdia', 'mdhd']);
    if (moov) {
      const version = d[moov.body];
      bench.timescale = u32(d, moov.body + (version === 1 ? 20 : 12));
    }
    let moof = null;
    for (const box of walk(d, 0, d.length)) {
      if (box.type === 'moof') moof = box;
      if (box.type !== 'mdat' || !moof || !bench.timescale) continue;
      const tfdt = find(d, moof.body, moof.end, ['traf', 'tfdt']);
      const trun = find(d, moof.body, moof.end, ['traf', 'trun']);
      const tfhd = find(d, moof.body, moof.end, ['traf', 'tfhd']);
      if (!tfdt || !trun || !tfhd) continue;
      const decode = d[tfdt.body] === 1 ? u32(d, tfdt.body + 4) * 2 ** 32 + u32(d, tfdt.body + 8) : u32(d, tfdt.body + 4);
      // First sample's size and composition offset from trun (or tfhd defaults).
      const flags = u32(d, trun.body) & 0xffffff;
      const trunVersion = d[trun.body];
      let at = trun.body + 8;
      let dataOffset = null;
      if (flags & 0x1) {
        dataOffset = u32(d, at) | 0;
        at += 4;
      }
      if (flags & 0x4) at += 4;
      if (flags & 0x100) at += 4;
      let size = 0;
      if (flags & 0x200) {
        size = u32(d, at);
        at += 4;
      } else {
        const tfFlags = u32(d, tfhd.body) & 0xffffff;
        let t = tfhd.body + 8;
        if (tfFlags & 0x1) t += 8;
        if (tfFlags & 0x2) t += 4;
        if (tfFlags & 0x8) t += 4;
        if (tfFlags & 0x10) size = u32(d, t);
      }
      if (flags & 0x400) at += 4;
      let cto = 0;
      if (flags & 0x800) cto = trunVersion === 0 ? u32(d, at) : u32(d, at) | 0;
      let nalAt = dataOffset !== null ? moof.start + dataOffset : box.body;
      const sampleEnd = size ? Math.min(nalAt + size, box.end) : box.end;
      let sendUs = null;
      while (nalAt + 4 <= sampleEnd) {
        const length = u32(d, nalAt);
        nalAt += 4;
        if (!length || nalAt + length > sampleEnd) break;
        if ((d[nalAt] & 0x1f) === 6) {
          sendUs = seiTime(d.subarray(nalAt, nalAt + length));
          if (sendUs !== null) break;
        }
        nalAt += length;
      }
      if (sendUs !== null) {
        bench.seis.push({
          sendUs,
          mediaTime: (decode + cto) / bench.timescale + sourceBuffer.timestampOffset,
          appendedMs: Date.now(),
        });
      }
      moof = null;
    }
  };
  const original = SourceBuffer.prototype.appendBuffer;
  SourceBuffer.prototype.appendBuffer = function appendBuffer(data) {
    try {
      const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      inspect(this, bytes);
    } catch (error) {
      if (bench.errors.length < 5) bench.errors.push(String(error));
    }
    return original.call(this, data);
  };
}

