import { beforeEach, vi } from 'vitest';
import { FRAME_HEADER_BYTES } from '../player/framesProtocol';

/**
 * Stand-ins for WebCodecs' VideoDecoder and Chromium's MediaStreamTrackGenerator at the frames transport's boundary
 * (unit tests only; E2E decodes real H.264 in Chromium). The test decides when the decoder outputs a frame.
 */

/** A frames-route binary message (the server's side of framesProtocol.parseFrame). */
export function encodeFrame(frame: { key: boolean; timestampUs: number; durationUs: number; data: Uint8Array }): ArrayBuffer {
  const bytes = new ArrayBuffer(FRAME_HEADER_BYTES + frame.data.length);
  const view = new DataView(bytes);
  view.setUint8(0, frame.key ? 1 : 0);
  view.setBigInt64(4, BigInt(frame.timestampUs));
  view.setUint32(12, frame.durationUs);
  new Uint8Array(bytes, FRAME_HEADER_BYTES).set(frame.data);
  return bytes;
}

export class FakeVideoFrame {
  static instances: FakeVideoFrame[] = [];
  closeCount = 0;
  constructor(readonly timestamp: number) {
    FakeVideoFrame.instances.push(this);
  }
  close() {
    this.closeCount += 1;
  }
}

export class FakeEncodedVideoChunk {
  readonly type: 'key' | 'delta';
  readonly timestamp: number;
  readonly duration: number | null;
  readonly byteLength: number;
  constructor(init: { type: 'key' | 'delta'; timestamp: number; duration?: number; data: Uint8Array }) {
    this.type = init.type;
    this.timestamp = init.timestamp;
    this.duration = init.duration ?? null;
    this.byteLength = init.data.byteLength;
  }
}

export class FakeVideoDecoder {
  static instances: FakeVideoDecoder[] = [];
  /** What isConfigSupported answers. */
  static supported = true;
  static latest(): FakeVideoDecoder {
    return FakeVideoDecoder.instances[FakeVideoDecoder.instances.length - 1];
  }
  static isConfigSupported(config: VideoDecoderConfig) {
    return Promise.resolve({ supported: FakeVideoDecoder.supported, config });
  }

  state: CodecState = 'unconfigured';
  config: VideoDecoderConfig | null = null;
  /** Chunks decoded, in order. */
  readonly decoded: FakeEncodedVideoChunk[] = [];
  /** Chunks not yet output. */
  private readonly pending: FakeEncodedVideoChunk[] = [];

  constructor(private readonly init: VideoDecoderInit) {
    FakeVideoDecoder.instances.push(this);
  }

  get decodeQueueSize(): number {
    return this.pending.length;
  }

  configure(config: VideoDecoderConfig) {
    this.config = config;
    this.state = 'configured';
  }

  decode(chunk: FakeEncodedVideoChunk) {
    if (this.state !== 'configured') throw new DOMException('not configured', 'InvalidStateError');
    this.decoded.push(chunk);
    this.pending.push(chunk);
  }

  close() {
    this.state = 'closed';
  }

  // What the browser does:
  /** Outputs the oldest `count` pending chunks as frames (each output sees the queue without itself). */
  output(count = this.pending.length) {
    for (let i = 0; i < count; i += 1) {
      const chunk = this.pending.shift();
      if (!chunk) return;
      this.init.output(new FakeVideoFrame(chunk.timestamp) as unknown as VideoFrame);
    }
  }
  fail(message = 'decode error') {
    this.state = 'closed';
    this.init.error(new DOMException(message, 'EncodingError'));
  }
}

export class FakeTrackGenerator {
  static instances: FakeTrackGenerator[] = [];
  static latest(): FakeTrackGenerator {
    return FakeTrackGenerator.instances[FakeTrackGenerator.instances.length - 1];
  }
  /** Timestamps of the frames the track received (and closed, as Chromium's does). */
  readonly written: number[] = [];
  stopped = false;
  readonly writable = {
    getWriter: () => ({
      write: (frame: FakeVideoFrame) => {
        this.written.push(frame.timestamp);
        frame.close();
        return Promise.resolve();
      },
      releaseLock: () => undefined,
    }),
  };
  constructor(readonly init: { kind: string }) {
    FakeTrackGenerator.instances.push(this);
  }
  stop() {
    this.stopped = true;
  }
}

export class FakeMediaStream {
  constructor(readonly tracks: unknown[]) {}
}

/** A secure context with WebCodecs and MediaStreamTrackGenerator, for each test of the calling file. */
export function useFakeWebCodecs() {
  beforeEach(() => {
    FakeVideoDecoder.instances = [];
    FakeVideoDecoder.supported = true;
    FakeVideoFrame.instances = [];
    FakeTrackGenerator.instances = [];
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('VideoDecoder', FakeVideoDecoder);
    vi.stubGlobal('EncodedVideoChunk', FakeEncodedVideoChunk);
    vi.stubGlobal('MediaStreamTrackGenerator', FakeTrackGenerator);
    vi.stubGlobal('MediaStream', FakeMediaStream);
  });
}
