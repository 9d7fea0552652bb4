/**
 * What bench/live_wall.mjs reads from the wall page: every frame each tile's `<video>` presented
 * (requestVideoFrameCallback: MediaStream and MSE alike), with the page clock.
 */
export interface TileRecord {
  cameraId: number;
  video: HTMLVideoElement;
  /** presentationTime (ms since the time origin) of every callback since the last reset. */
  times: number[];
  /** Frames presented since the last reset (callbacks may skip frames presented between two of them). */
  presented: number;
  /** Players recreated after an error, offline or stall. */
  restarts: number;
}

export interface WallProbe {
  tiles: TileRecord[];
  /** Starts the measurement window: forgets what came before. */
  reset: () => void;
  /** The window's figures per tile, for page.evaluate. */
  report: () => { cameraId: number; transport: string; size: string; times: number[]; presented: number; restarts: number }[];
}

declare global {
  interface Window {
    __wall?: WallProbe;
  }
}

function probe(): WallProbe {
  window.__wall ??= {
    tiles: [],
    reset() {
      for (const tile of this.tiles) {
        tile.times = [];
        tile.presented = 0;
      }
    },
    report() {
      return this.tiles.map(({ cameraId, video, times, presented, restarts }) => ({
        cameraId,
        transport: video.dataset.transport ?? '',
        size: `${video.videoWidth}x${video.videoHeight}`,
        times,
        presented,
        restarts,
      }));
    },
  };
  return window.__wall;
}

/** Counts the frames `video` presents; returns the tile's record (restarts are counted by the tile). */
export function watchTile(video: HTMLVideoElement, cameraId: number): TileRecord {
  const tile: TileRecord = { cameraId, video, times: [], presented: 0, restarts: 0 };
  probe().tiles.push(tile);
  let lastPresented: number | null = null;
  const onFrame: VideoFrameRequestCallback = (_now, metadata) => {
    tile.times.push(metadata.presentationTime);
    tile.presented += lastPresented === null ? 1 : Math.max(1, metadata.presentedFrames - lastPresented);
    lastPresented = metadata.presentedFrames;
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
  return tile;
}
