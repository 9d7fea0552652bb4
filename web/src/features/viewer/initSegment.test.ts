import { describe, expect, it } from 'vitest';
import { initSegmentHasAudio, videoSizeOfInitSegment } from './initSegment';
import { box, initSegment, sampleEntry, track } from './test/initSegmentBytes';

describe('video size of an init segment', () => {
  it('reads the H.264 sample entry of the video track', () => {
    expect(videoSizeOfInitSegment(initSegment(track(sampleEntry('avc1', 1280, 720))))).toEqual({ width: 1280, height: 720 });
  });

  it('reads H.265 entries and skips a non-video (audio) track before the video', () => {
    const audio = track(box('mp4a', new Uint8Array(28)));
    expect(videoSizeOfInitSegment(initSegment(audio, track(sampleEntry('hvc1', 2688, 1512))))).toEqual({
      width: 2688,
      height: 1512,
    });
    expect(videoSizeOfInitSegment(initSegment(track(sampleEntry('hev1', 640, 360))))).toEqual({ width: 640, height: 360 });
  });

  it('answers null for bytes that are not an init segment with video, whatever they hold', () => {
    expect(videoSizeOfInitSegment(new ArrayBuffer(0))).toBeNull();
    expect(videoSizeOfInitSegment(new TextEncoder().encode('{"errors":["Camera is offline"]}').buffer)).toBeNull();
    expect(videoSizeOfInitSegment(initSegment(track(box('mp4a', new Uint8Array(28)))))).toBeNull();
    const truncated = initSegment(track(sampleEntry('avc1', 1280, 720))).slice(0, 60);
    expect(videoSizeOfInitSegment(truncated)).toBeNull();
    const lying = new Uint8Array(initSegment(track(sampleEntry('avc1', 1280, 720))));
    new DataView(lying.buffer).setUint32(16, 0xffffff00); // moov claims to be 4 GB
    expect(videoSizeOfInitSegment(lying.buffer)).toBeNull();
    expect(videoSizeOfInitSegment(initSegment(track(sampleEntry('avc1', 0, 0))))).toBeNull();
  });
});

describe('audio in an init segment', () => {
  it('finds an AAC track beside the video, and nothing in a video-only or broken segment', () => {
    const audio = track(box('mp4a', new Uint8Array(28)));
    const video = track(sampleEntry('avc1', 1280, 720));
    expect(initSegmentHasAudio(initSegment(video, audio))).toBe(true);
    expect(initSegmentHasAudio(initSegment(video))).toBe(false);
    expect(initSegmentHasAudio(new ArrayBuffer(0))).toBe(false);
    expect(initSegmentHasAudio(initSegment(video, audio).slice(0, 200))).toBe(false);
  });
});
