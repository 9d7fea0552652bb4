/** Stand-in for hls.js at the transport boundary (unit tests only; E2E uses the real library and real video). */
type Handler = (event: string, data: unknown) => void;

export class FakeHls {
  static instances: FakeHls[] = [];
  static supported = true;
  static Events = {
    LEVEL_LOADED: 'hlsLevelLoaded',
    ERROR: 'hlsError',
    BUFFER_APPENDING: 'hlsBufferAppending',
    FRAG_BUFFERED: 'hlsFragBuffered',
  };
  static isSupported() {
    return FakeHls.supported;
  }
  static latest(): FakeHls {
    return FakeHls.instances[FakeHls.instances.length - 1];
  }

  handlers = new Map<string, Handler[]>();
  url: string | null = null;
  media: HTMLMediaElement | null = null;
  destroyed = false;
  playingDate: Date | null = null;

  constructor(readonly config: Record<string, unknown>) {
    FakeHls.instances.push(this);
  }
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }
  emit(event: string, data: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(event, data);
  }
  attachMedia(media: HTMLMediaElement) {
    this.media = media;
  }
  loadSource(url: string) {
    this.url = url;
  }
  destroy() {
    this.destroyed = true;
    this.handlers.clear();
  }
  off(event: string, handler: Handler) {
    this.handlers.set(event, (this.handlers.get(event) ?? []).filter((known) => known !== handler));
  }
  /** What hls.js tells about one main-playlist part appended to the video's buffer; `append` changes the buffer. */
  appendPart(append: () => void = () => undefined) {
    this.emit(FakeHls.Events.BUFFER_APPENDING, { type: 'video', parent: 'main' });
    append();
    this.emit(FakeHls.Events.FRAG_BUFFERED, { frag: { type: 'main' } });
  }
}

export const hlsModule = { default: FakeHls };
