import { codecHasAudio } from './audio';

/** Pixel size of a video stream. */
export interface VideoSize {
  width: number;
  height: number;
}

/** Sample entry types of the video codecs argusd records (H.264, H.265). */
const VIDEO_ENTRIES = new Set(['avc1', 'avc3', 'hvc1', 'hev1']);
/** Containers on the way from the file to the sample descriptions. */
const PATH = ['moov', 'trak', 'mdia', 'minf', 'stbl', 'stsd'] as const;
/** stsd: version/flags and entry count before the first entry. */
const STSD_HEADER_BYTES = 8;
/** Visual sample entry content: width and height after 6 reserved bytes, the data reference index and 16 more bytes. */
const ENTRY_WIDTH_OFFSET = 24;

interface Box {
  type: string;
  /** Offset of the content (after the header). */
  start: number;
  /** Offset after the box. */
  end: number;
}

/** The boxes in [start, end) of `view`; stops at the first malformed one. */
function boxes(view: DataView, start: number, end: number): Box[] {
  const found: Box[] = [];
  let offset = start;
  while (offset + 8 <= end) {
    let size = view.getUint32(offset);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end || view.getUint32(offset + 8) !== 0) break;
      size = view.getUint32(offset + 12);
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || offset + size > end) break;
    const type = String.fromCharCode(...new Uint8Array(view.buffer, view.byteOffset + offset + 4, 4));
    found.push({ type, start: offset + header, end: offset + size });
    offset += size;
  }
  return found;
}

/** The first sample entry of each track's sample descriptions (moov/trak/mdia/minf/stbl/stsd), with the view. */
function firstSampleEntries(bytes: ArrayBuffer): { view: DataView; entries: Box[] } {
  const view = new DataView(bytes);
  let level: Box[] = [{ type: 'file', start: 0, end: bytes.byteLength }];
  for (const type of PATH) {
    level = level.flatMap((parent) => boxes(view, parent.start, parent.end)).filter((child) => child.type === type);
  }
  const entries = level.flatMap((stsd) => boxes(view, stsd.start + STSD_HEADER_BYTES, stsd.end).slice(0, 1));
  return { view, entries };
}

/**
 * Width and height of the first video track of an MP4/fMP4 init segment (moov/trak/mdia/minf/stbl/stsd, its H.264 or
 * H.265 sample entry); null for anything else (no video track, truncated or malformed bytes, an error body).
 */
export function videoSizeOfInitSegment(bytes: ArrayBuffer): VideoSize | null {
  const { view, entries } = firstSampleEntries(bytes);
  for (const entry of entries) {
    if (!VIDEO_ENTRIES.has(entry.type) || entry.start + ENTRY_WIDTH_OFFSET + 4 > entry.end) continue;
    const width = view.getUint16(entry.start + ENTRY_WIDTH_OFFSET);
    const height = view.getUint16(entry.start + ENTRY_WIDTH_OFFSET + 2);
    if (width > 0 && height > 0) return { width, height };
  }
  return null;
}

/** Whether an init segment has an audio track (an `mp4a` or other audio sample entry, as audio.ts names them). */
export function initSegmentHasAudio(bytes: ArrayBuffer): boolean {
  return firstSampleEntries(bytes).entries.some((entry) => codecHasAudio(entry.type));
}
