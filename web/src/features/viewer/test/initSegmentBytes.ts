/** Hand-built MP4 init segments (ftyp + moov with tracks) for the tests of initSegment.ts and the quality menu. */

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** An ISO BMFF box: 32-bit size, four-character type, content. */
export function box(type: string, ...content: Uint8Array[]): Uint8Array {
  const header = new Uint8Array(8);
  new DataView(header.buffer).setUint32(0, 8 + content.reduce((sum, part) => sum + part.length, 0));
  header.set([...type].map((char) => char.charCodeAt(0)), 4);
  return concat([header, ...content]);
}

/** A visual sample entry (ISO 14496-12 8.5.2): 6 reserved, data reference index, 16 bytes, width, height, the rest. */
export function sampleEntry(type: string, width: number, height: number): Uint8Array {
  const content = new Uint8Array(70);
  const view = new DataView(content.buffer);
  view.setUint16(6, 1);
  view.setUint16(24, width);
  view.setUint16(26, height);
  return box(type, content);
}

function stsd(...entries: Uint8Array[]): Uint8Array {
  const header = new Uint8Array(8);
  new DataView(header.buffer).setUint32(4, entries.length);
  return box('stsd', header, ...entries);
}

export function track(entry: Uint8Array): Uint8Array {
  return box('trak', box('tkhd', new Uint8Array(84)), box('mdia', box('minf', box('stbl', stsd(entry)))));
}

export function initSegment(...tracks: Uint8Array[]): ArrayBuffer {
  const moov = box('moov', box('mvhd', new Uint8Array(100)), ...tracks, box('mvex'));
  return concat([box('ftyp', new Uint8Array(8)), moov]).buffer as ArrayBuffer;
}

/** The init segment of a camera stream of this size (H.264). */
export function videoInitSegment(width: number, height: number): ArrayBuffer {
  return initSegment(track(sampleEntry('avc1', width, height)));
}
