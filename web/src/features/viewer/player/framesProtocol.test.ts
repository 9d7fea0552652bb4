import { describe, expect, it } from 'vitest';
import { encodeFrame } from '../test/fakeWebCodecs';
import { base64Bytes, decoderConfig, framesLiveUrl, parseFrame, parseFramesMessage } from './framesProtocol';

/** avcC of camsim's 1280×720 High profile stream (the start of it is enough for the parser). */
const AVCC = Uint8Array.from([0x01, 0x64, 0x00, 0x1f, 0xff, 0xe1, 0x00, 0x04, 0x67, 0x64, 0x00, 0x1f]);
const AVCC_BASE64 = btoa(String.fromCharCode(...AVCC));

describe('live frames protocol', () => {
  it('builds the frames URL from the live playlist URL, same origin, ws or wss as the page', () => {
    const http = { protocol: 'http:', host: '127.0.0.1:8080' };
    expect(framesLiveUrl('/n1/cameras/7/live/main/index.m3u8', http)).toBe(
      'ws://127.0.0.1:8080/n1/cameras/7/live/main/frames',
    );
    expect(framesLiveUrl('/n2/cameras/8/live/sub/index.m3u8?x=1#y', { protocol: 'https:', host: 'argus.example' })).toBe(
      'wss://argus.example/n2/cameras/8/live/sub/frames',
    );
  });

  it('parses config with its avcC description', () => {
    const message = parseFramesMessage(
      JSON.stringify({ type: 'config', codec: 'avc1.64001f', coded_width: 1280, coded_height: 720, description: AVCC_BASE64 }),
    );
    expect(message).toEqual({ type: 'config', codec: 'avc1.64001f', codedWidth: 1280, codedHeight: 720, description: AVCC });
    if (message.type !== 'config') throw new Error('not a config');
    expect(decoderConfig(message)).toEqual({
      codec: 'avc1.64001f',
      description: AVCC,
      optimizeForLatency: true,
      hardwareAcceleration: 'no-preference',
      codedWidth: 1280,
      codedHeight: 720,
    });
  });

  it('accepts a config without a size (the decoder reads it from the SPS)', () => {
    const message = parseFramesMessage(JSON.stringify({ type: 'config', codec: 'hvc1.1.6.L93.B0', description: 'AQ==' }));
    expect(message).toMatchObject({ type: 'config', codec: 'hvc1.1.6.L93.B0', codedWidth: 0, codedHeight: 0 });
    if (message.type !== 'config') throw new Error('not a config');
    expect(decoderConfig(message)).not.toHaveProperty('codedWidth');
  });

  it('refuses a config the decoder could not use', () => {
    const config = { type: 'config', codec: 'avc1.64001f', coded_width: 1280, coded_height: 720, description: AVCC_BASE64 };
    const bad = [
      { ...config, codec: 'avc1.64001f,mp4a.40.2' },
      { ...config, codec: 'avc1"; x' },
      { ...config, codec: 'vp09.00.10.08' },
      { ...config, description: undefined },
      { ...config, description: '' },
      { ...config, description: 'not base64!' },
      { ...config, description: 'AQ' },
      { ...config, description: 12 },
    ];
    for (const message of bad) expect(parseFramesMessage(JSON.stringify(message)).type, JSON.stringify(message)).toBe('invalid');
    expect(parseFramesMessage(JSON.stringify({ ...config, coded_width: -1, coded_height: 'x' }))).toMatchObject({
      codedWidth: 0,
      codedHeight: 0,
    });
  });

  it('parses gap, offline with its reason, unknown types and garbage', () => {
    expect(parseFramesMessage('{"type":"gap"}')).toEqual({ type: 'gap' });
    expect(parseFramesMessage('{"type":"offline","reason":"connection_refused","since_ms":1763765432000}')).toEqual({
      type: 'offline',
      reason: 'connection_refused',
      sinceMs: 1763765432000,
    });
    expect(parseFramesMessage('{"type":"offline","reason":"<script>","since_ms":-5}')).toEqual({
      type: 'offline',
      reason: null,
      sinceMs: null,
    });
    expect(parseFramesMessage('{"type":"stats","fps":15}')).toEqual({ type: 'unknown', name: 'stats' });
    expect(parseFramesMessage('not json').type).toBe('invalid');
    expect(parseFramesMessage('[1,2]').type).toBe('invalid');
    expect(parseFramesMessage('{"type":3}').type).toBe('invalid');
  });

  it('parses a frame: keyframe flag, wall-clock µs timestamp, duration, the access unit without a copy', () => {
    const data = Uint8Array.from([0, 0, 0, 2, 0x65, 0x88]);
    const bytes = encodeFrame({ key: true, timestampUs: 1_763_765_432_123_456, durationUs: 66_667, data });
    const frame = parseFrame(bytes);
    expect(frame).toMatchObject({ key: true, timestampUs: 1_763_765_432_123_456, durationUs: 66_667 });
    expect(Array.from(frame!.data)).toEqual(Array.from(data));
    expect(frame!.data.buffer).toBe(bytes);
    expect(parseFrame(encodeFrame({ key: false, timestampUs: 5, durationUs: 0, data }))).toMatchObject({
      key: false,
      timestampUs: 5,
      durationUs: 0,
    });
  });

  it('refuses frames without data or with a negative time', () => {
    expect(parseFrame(new ArrayBuffer(0))).toBeNull();
    expect(parseFrame(new ArrayBuffer(16))).toBeNull();
    expect(parseFrame(encodeFrame({ key: true, timestampUs: -1, durationUs: 0, data: Uint8Array.of(1) }))).toBeNull();
  });

  it('decodes base64 and refuses what is not', () => {
    expect(Array.from(base64Bytes('AQID')!)).toEqual([1, 2, 3]);
    expect(base64Bytes('')).toEqual(new Uint8Array(0));
    expect(base64Bytes('A===')).toBeNull();
    expect(base64Bytes('AQI')).toBeNull();
    expect(base64Bytes('AQ-_')).toBeNull();
  });
});
