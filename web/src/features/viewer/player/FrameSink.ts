/**
 * Puts decoded VideoFrames on the viewer's `<video>`: a MediaStreamTrackGenerator track as the element's `srcObject`,
 * so the element renders them like a WebRTC stream (digital zoom, screenshot drawImage, videoWidth/Height and the
 * stall watch keep working). One write at a time; a frame that comes while one is being written replaces the one
 * waiting (only the newest is worth showing). Every frame is closed exactly once: by the track once written, here
 * when replaced or on close.
 */
export class FrameSink {
  private readonly track: MediaStreamTrackGenerator;
  private readonly writer: WritableStreamDefaultWriter<VideoFrame>;
  private writing = false;
  private waiting: VideoFrame | null = null;
  private closed = false;

  /** `onWritten`: a frame reached the track (its timestamp, µs). `onError`: the track refused frames. */
  constructor(
    private readonly video: HTMLVideoElement,
    private readonly onWritten: (timestampUs: number) => void,
    private readonly onError: (error: unknown) => void,
  ) {
    this.track = new MediaStreamTrackGenerator({ kind: 'video' });
    this.writer = this.track.writable.getWriter();
    video.srcObject = new MediaStream([this.track]);
  }

  show(frame: VideoFrame): void {
    if (this.closed) {
      frame.close();
      return;
    }
    if (this.writing) {
      this.waiting?.close();
      this.waiting = frame;
      return;
    }
    this.write(frame);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.waiting?.close();
    this.waiting = null;
    this.writer.releaseLock();
    this.track.stop();
    if (this.video.srcObject) this.video.srcObject = null;
  }

  private write(frame: VideoFrame): void {
    this.writing = true;
    // The track owns the frame from here (it closes it after use, also when the write fails).
    const timestampUs = frame.timestamp;
    this.writer.write(frame).then(
      () => {
        this.writing = false;
        if (this.closed) return;
        this.onWritten(timestampUs);
        const next = this.waiting;
        this.waiting = null;
        if (next) this.write(next);
      },
      (error: unknown) => {
        this.writing = false;
        if (!this.closed) this.onError(error);
      },
    );
  }
}
