/**
 * Chromium's MediaStreamTrackGenerator (mediacapture-transform, main thread), not in TypeScript's DOM lib: a video
 * track fed with VideoFrames through its writable stream (each written frame is closed by the track).
 */
interface MediaStreamTrackGenerator extends MediaStreamTrack {
  readonly writable: WritableStream<VideoFrame>;
}

declare var MediaStreamTrackGenerator: {
  prototype: MediaStreamTrackGenerator;
  new (init: { kind: 'video' | 'audio' }): MediaStreamTrackGenerator;
};
