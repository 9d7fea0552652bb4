import { vi } from 'vitest';

/**
 * Stand-ins for MediaSource / SourceBuffer (jsdom has none; unit tests only, E2E uses Chromium's). A fake media
 * fragment is the UTF-8 JSON `{"startS":…,"endS":…}` of its media time span (UTC seconds, as argusd's tfdt/90 kHz):
 * appended, it buffers [startS + timestampOffset, endS + timestampOffset]. Appends and removals finish on a macrotask.
 */
export function fakeFragment(startS: number, endS: number): ArrayBuffer {
  return new TextEncoder().encode(JSON.stringify({ startS, endS })).buffer as ArrayBuffer;
}

export const FAKE_INIT_SEGMENT = new TextEncoder().encode('ftyp moov').buffer as ArrayBuffer;

class FakeTimeRanges implements TimeRanges {
  constructor(private readonly ranges: Array<[number, number]>) {}
  get length() {
    return this.ranges.length;
  }
  start(index: number) {
    return this.ranges[index][0];
  }
  end(index: number) {
    return this.ranges[index][1];
  }
}

/** Ranges closer than this merge (as browsers merge fragments a few ms apart). */
const MERGE_S = 0.02;

export class FakeSourceBuffer extends EventTarget {
  mode: AppendMode = 'segments';
  updating = false;
  timestampOffset = 0;
  /** Every appended payload, in order (init segment included). */
  appended: ArrayBuffer[] = [];
  removed: Array<[number, number]> = [];
  /** The next appendBuffer calls throw QuotaExceededError while this is > 0. */
  quotaFailures = 0;
  private spans: Array<[number, number]> = [];

  constructor(readonly mimeType: string) {
    super();
  }

  get buffered(): TimeRanges {
    return new FakeTimeRanges(this.spans.map(([start, end]) => [start, end]));
  }

  appendBuffer(data: ArrayBuffer) {
    if (this.updating) throw new DOMException('still updating', 'InvalidStateError');
    if (this.quotaFailures > 0) {
      this.quotaFailures -= 1;
      throw new DOMException('full', 'QuotaExceededError');
    }
    this.updating = true;
    this.appended.push(data);
    setTimeout(() => {
      const text = new TextDecoder().decode(data);
      if (text.startsWith('{')) {
        const { startS, endS } = JSON.parse(text) as { startS: number; endS: number };
        this.add(startS + this.timestampOffset, endS + this.timestampOffset);
      }
      this.finish();
    }, 0);
  }

  remove(start: number, end: number) {
    if (this.updating) throw new DOMException('still updating', 'InvalidStateError');
    this.updating = true;
    this.removed.push([start, end]);
    setTimeout(() => {
      this.spans = this.spans
        .flatMap(([s, e]): Array<[number, number]> => {
          if (e <= start || s >= end) return [[s, e]];
          const parts: Array<[number, number]> = [];
          if (s < start) parts.push([s, start]);
          if (e > end) parts.push([end, e]);
          return parts;
        })
        .filter(([s, e]) => e > s);
      this.finish();
    }, 0);
  }

  /** Fragments appended so far (not the init segment), as their JSON spans. */
  mediaSpans(): Array<{ startS: number; endS: number }> {
    return this.appended
      .map((data) => new TextDecoder().decode(data))
      .filter((text) => text.startsWith('{'))
      .map((text) => JSON.parse(text) as { startS: number; endS: number });
  }

  private add(start: number, end: number) {
    const spans = [...this.spans, [start, end] as [number, number]].sort((a, b) => a[0] - b[0]);
    const merged: Array<[number, number]> = [];
    for (const span of spans) {
      const last = merged[merged.length - 1];
      if (last && span[0] <= last[1] + MERGE_S) last[1] = Math.max(last[1], span[1]);
      else merged.push([...span]);
    }
    this.spans = merged;
  }

  private finish() {
    this.updating = false;
    this.dispatchEvent(new Event('updateend'));
  }
}

export class FakeMediaSource extends EventTarget {
  static instances: FakeMediaSource[] = [];
  /** Codec strings `isTypeSupported` accepts. */
  static supportedCodecs = new Set(['avc1.64001f', 'avc1.4d401f']);
  static isTypeSupported(type: string): boolean {
    const codec = /codecs="([^"]+)"/.exec(type)?.[1];
    return type.startsWith('video/mp4') && codec !== undefined && FakeMediaSource.supportedCodecs.has(codec);
  }
  static latest(): FakeMediaSource {
    return FakeMediaSource.instances[FakeMediaSource.instances.length - 1];
  }

  readyState: ReadyState = 'closed';
  sourceBuffers: FakeSourceBuffer[] = [];

  constructor() {
    super();
    FakeMediaSource.instances.push(this);
  }

  /** What URL.createObjectURL does for a MediaSource attached to a media element: open it on a later task. */
  attach() {
    setTimeout(() => {
      this.readyState = 'open';
      this.dispatchEvent(new Event('sourceopen'));
    }, 0);
  }

  addSourceBuffer(type: string): FakeSourceBuffer {
    if (!FakeMediaSource.isTypeSupported(type)) throw new DOMException(type, 'NotSupportedError');
    const buffer = new FakeSourceBuffer(type);
    this.sourceBuffers.push(buffer);
    return buffer;
  }

  get buffer(): FakeSourceBuffer {
    return this.sourceBuffers[0];
  }
}

/** Installs the fakes as MediaSource and URL.createObjectURL/revokeObjectURL (undo with vi.unstubAllGlobals). */
export function installFakeMse() {
  FakeMediaSource.instances = [];
  vi.stubGlobal('MediaSource', FakeMediaSource);
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object: Blob | MediaSource) => {
    if (object instanceof FakeMediaSource) object.attach();
    next += 1;
    return `blob:fake-media-source-${next}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
}
