// fMP4 / H.264 SEI parsing on the node side of bench/live_latency.mjs: camsim's send time from a live part.

// camsim's SEI user_data_unregistered UUID (docs/design/camsim.md); the payload is the send time in µs, big-endian.
const SEI_UUID = 'a7c3f0d2-5e1b-4c8a-9f6e-2b4d8c1e7a90';
const SEI_UUID_BYTES = Buffer.from(SEI_UUID.replace(/-/g, ''), 'hex');

/** Top-level (or nested) ISO BMFF boxes of `buf` in [start, end). */
function* boxes(buf, start = 0, end = buf.length) {
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) return;
    yield { type, start: at, body: at + header, end: at + size };
    at += size;
  }
}

function stripEmulationPrevention(nal) {
  const out = [];
  for (let i = 0; i < nal.length; i += 1) {
    if (i >= 2 && nal[i] === 3 && nal[i - 1] === 0 && nal[i - 2] === 0) continue;
    out.push(nal[i]);
  }
  return Buffer.from(out);
}

/** The camsim send time (µs) from one H.264 SEI NAL unit (with its 1-byte header), or null. */
function seiSendTimeUs(nal) {
  const data = stripEmulationPrevention(nal);
  let at = 1;
  while (at < data.length && data[at] !== 0x80) {
    let type = 0;
    while (data[at] === 0xff) type += data[at++];
    type += data[at++];
    let size = 0;
    while (data[at] === 0xff) size += data[at++];
    size += data[at++];
    if (type === 5 && size >= 24 && data.subarray(at, at + 16).equals(SEI_UUID_BYTES)) {
      return Number(data.readBigUInt64BE(at + 16));
    }
    at += size;
  }
  return null;
}

/** Parses one LL-HLS part (moof + mdat): camsim SEI send time, sample count, duration (timescale units). */
export function parsePart(buf) {
  let sendUs = null;
  let samples = 0;
  for (const box of boxes(buf)) {
    if (box.type === 'moof') {
      for (const traf of boxes(buf, box.body, box.end)) {
        if (traf.type !== 'traf') continue;
        for (const child of boxes(buf, traf.body, traf.end)) {
          if (child.type === 'trun') samples += buf.readUInt32BE(child.body + 4);
        }
      }
    } else if (box.type === 'mdat' && sendUs === null) {
      // AVCC: every sample is a run of 4-byte length-prefixed NAL units, so the whole mdat is one such run.
      let at = box.body;
      while (at + 4 <= box.end) {
        const length = buf.readUInt32BE(at);
        at += 4;
        if (length === 0 || at + length > box.end) break;
        if ((buf[at] & 0x1f) === 6) {
          sendUs = seiSendTimeUs(buf.subarray(at, at + length));
          if (sendUs !== null) break;
        }
        at += length;
      }
    }
  }
  return { sendUs, samples };
}
