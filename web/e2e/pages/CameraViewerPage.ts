import type { Locator, Page } from 'playwright-core';
import { eventually, expectVisible } from '../support/wait';

/** What the `<video>` element of the viewer reports (read in the page). */
export interface VideoSample {
  /** Date.now() in the page when sampled. */
  atMs: number;
  currentTime: number;
  paused: boolean;
  readyState: number;
  videoWidth: number;
  videoHeight: number;
  /** End of the last buffered range (s), or null with nothing buffered. */
  bufferedEnd: number | null;
  /** MediaError code, or null. */
  errorCode: number | null;
  /** Whether the element has a source at all (hls.js attaches a blob: MediaSource URL; frames a MediaStream). */
  hasSource: boolean;
  /** Frames presented so far (getVideoPlaybackQuality). */
  presentedFrames: number;
  /** Wall-clock ms of the frame on screen on the frames transport (`data-frame-wall-ms`), else null. */
  frameWallMs: number | null;
  /**
   * How far the picture has played (s): currentTime for src media (MSE, HLS); for a MediaStream (frames), whose
   * currentTime runs with the clock whether frames come or not, the wall clock of the frame on screen.
   */
  mediaTimeS: number;
}

/** What the `<video>` element says about its sound (read in the page). */
export interface AudioSample {
  muted: boolean;
  volume: number;
  /** `data-codecs` set by the WebSocket player from the server's init message, or null. */
  codecs: string|null;
  /** Chromium's count of decoded audio bytes (0 when nothing was decoded or the browser has no such counter). */
  audioDecodedBytes: number;
}

/** Timeline zoom level labels (features/timeline constants.ts, locales/en/timeline.json). */
export const TIMELINE_LEVEL_SPANS_MS: Readonly<Record<string, number>> = {
  '5 min': 5 * 60_000,
  '15 min': 15 * 60_000,
  '30 min': 30 * 60_000,
  '1 h': 60 * 60_000,
};
/** When the timeline follows now, this share of its span lies after now (FUTURE_MARGIN_RATIO). */
export const TIMELINE_FUTURE_MARGIN_RATIO = 0.1;
/** A tick label of the timeline track: a clock time ('10:35 PM', '22:35', '10:35:15 PM') or a date ('Nov 24'). */
const TICK_LABEL = /^(\d{1,2}:\d{2}(:\d{2})?( [AP]M)?|[A-Z][a-z]{2} \d{1,2})$/;
/** The live-state texts of the player (features/viewer): stalled stream, server-reported offline. */
export const RECONNECTING_TEXT = 'Reconnecting…';

/**
 * The camera viewer of the camera page (web/src/features/viewer and features/timeline): the video stage, its status
 * overlay, the control bar and the timeline, by their data-testids and accessible names.
 */
export class CameraViewerPage {
  readonly viewer: Locator;
  readonly stage: Locator;
  readonly video: Locator;
  readonly status: Locator;
  readonly controls: Locator;
  readonly liveButton: Locator;
  readonly screenshotButton: Locator;
  readonly playerTime: Locator;
  readonly timeline: Locator;
  readonly track: Locator;
  readonly nowMarker: Locator;
  readonly playhead: Locator;
  readonly zoomLevel: Locator;
  readonly pauseButton: Locator;
  readonly skipBackButton: Locator;
  readonly speedButton: Locator;
  readonly settingsButton: Locator;
  readonly theaterButton: Locator;
  /** Live, camera offline: why, in place of the playback buttons. */
  readonly offlineReason: Locator;
  /** Media with sound only: 'Sound on' while muted, 'Sound off' while not. */
  readonly muteButton: Locator;
  /** Media with sound only: the volume slider's thumb (role slider, 'Volume'). */
  readonly volumeSlider: Locator;

  constructor(readonly page: Page) {
    this.viewer = page.getByTestId('camera-viewer');
    this.stage = this.viewer.getByTestId('video-stage');
    this.video = this.viewer.getByTestId('camera-video');
    this.status = this.viewer.getByTestId('video-status');
    this.controls = this.viewer.getByTestId('player-controls');
    this.liveButton = this.controls.getByRole('button', { name: 'Live', exact: true });
    this.screenshotButton = this.controls.getByRole('button', { name: 'Screenshot', exact: true });
    this.playerTime = this.controls.getByTestId('player-time');
    this.timeline = this.viewer.getByTestId('timeline');
    this.track = this.timeline.getByTestId('timeline-track');
    this.nowMarker = this.track.getByTestId('timeline-now');
    this.playhead = this.track.getByTestId('timeline-playhead');
    this.zoomLevel = this.timeline.getByRole('combobox', { name: 'Zoom level' });
    this.pauseButton = this.controls.getByRole('button', { name: 'Pause', exact: true });
    this.skipBackButton = this.controls.getByRole('button', { name: 'Back 10 seconds', exact: true });
    this.speedButton = this.controls.getByRole('button', { name: /^Playback speed/ });
    this.settingsButton = this.controls.getByRole('button', { name: 'Settings', exact: true });
    this.theaterButton = this.controls.getByRole('button', { name: /^(Theater mode|Exit theater mode)$/ });
    this.offlineReason = this.controls.getByTestId('offline-reason');
    this.muteButton = this.controls.getByRole('button', {name : /^Sound (on|off)$/});
    this.volumeSlider = this.controls.getByRole('slider', {name : 'Volume'});
  }

  async audio(): Promise<AudioSample> {
    return this.video.evaluate((element) => {
      const video = element as HTMLVideoElement & {webkitAudioDecodedByteCount?: number};
      return {
        muted : video.muted,
        volume : video.volume,
        codecs : video.dataset.codecs ?? null,
        audioDecodedBytes : video.webkitAudioDecodedByteCount ?? 0,
      };
    });
  }

  /** The tick labels drawn on the timeline track. */
  tickLabels(): Locator {
    return this.track.getByText(TICK_LABEL);
  }

  /** Opens the settings menu and returns the labels of its quality items (all but the detected-objects toggle). */
  async qualityLabels(): Promise<string[]> {
    await this.settingsButton.click();
    const menu = this.page.getByRole('menu');
    await expectVisible(menu, 'the settings menu');
    const items = await menu.getByRole('menuitem').allInnerTexts();
    const toggle = ['Show detected objects', 'Hide detected objects'];
    return items.map((text) => text.trim()).filter((text) => !toggle.includes(text));
  }

  /** Chooses a quality level from a freshly opened settings menu (a closing menu may still be visible for a moment). */
  async chooseQuality(label: string): Promise<void> {
    const menu = this.page.getByRole('menu');
    if (await menu.isVisible()) await this.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden', timeout: 5_000 });
    await this.settingsButton.click();
    await expectVisible(menu, 'the settings menu');
    await menu.getByRole('menuitem', { name: label }).click();
    await menu.waitFor({ state: 'hidden', timeout: 5_000 });
  }

  async waitUntilShown(): Promise<void> {
    await expectVisible(this.video, 'the camera video element', 20_000);
  }

  /** The status overlay's text, or null while none is shown (playing). */
  async statusText(): Promise<string | null> {
    if ((await this.status.count()) === 0 || !(await this.status.first().isVisible())) return null;
    return (await this.status.first().innerText()).replace(/\s+/g, ' ').trim();
  }

  /** The overlay texts that mean the video failed (spec 02 §4 video core states). */
  errorTexts(): Locator {
    return this.viewer.getByText(
      /^(offline|An error has occurred during video playback|No video available|Recent video is not yet available for playback, try again later\.|media error|No video source is configured for this camera\.)$/,
    );
  }

  async isLive(): Promise<boolean> {
    return (await this.liveButton.getAttribute('aria-pressed')) === 'true';
  }

  async expectLive(expected: boolean, timeout = 10_000): Promise<void> {
    await eventually(() => this.isLive(), (live) => live === expected, `Live button aria-pressed (expected ${expected})`, timeout);
  }

  async sample(): Promise<VideoSample> {
    return this.video.evaluate((element) => {
      const video = element as HTMLVideoElement;
      const { buffered } = video;
      const frameWall = Number(video.dataset.frameWallMs);
      const frameWallMs = video.dataset.frameWallMs && Number.isFinite(frameWall) ? frameWall : null;
      const stream = video.srcObject !== null;
      return {
        atMs: Date.now(),
        currentTime: video.currentTime,
        paused: video.paused,
        readyState: video.readyState,
        videoWidth: video.videoWidth,
        videoHeight: video.videoHeight,
        bufferedEnd: buffered.length > 0 ? buffered.end(buffered.length - 1) : null,
        errorCode: video.error?.code ?? null,
        hasSource: Boolean(video.currentSrc || video.getAttribute('src') || stream),
        presentedFrames: video.getVideoPlaybackQuality().totalVideoFrames,
        frameWallMs,
        mediaTimeS: stream ? (frameWallMs ?? 0) / 1000 : video.currentTime,
      };
    });
  }

  /** The live/history transport in use (`data-transport` of the video: 'frames', 'ws' or 'hls'), null without a player. */
  async transport(): Promise<string | null> {
    return this.video.getAttribute('data-transport');
  }

  /**
   * Live latency over a WebSocket transport, read in the page: Date.now() minus the wall-clock time of the frame on
   * screen — frames: `data-frame-wall-ms`; MSE: `data-wall-base-ms` (UTC ms of media time 0) plus currentTime; null
   * before the stream's first frame / init.
   */
  async liveLatencyMs(): Promise<number | null> {
    return this.video.evaluate((element) => {
      const video = element as HTMLVideoElement;
      const frameWall = Number(video.dataset.frameWallMs);
      if (video.dataset.frameWallMs && Number.isFinite(frameWall)) return Date.now() - frameWall;
      const base = Number(video.dataset.wallBaseMs);
      if (!video.dataset.wallBaseMs || !Number.isFinite(base)) return null;
      return Date.now() - (base + video.currentTime * 1000);
    });
  }

  /** Waits until the video has a decoded frame and the picture moves (the first frame played). */
  async waitUntilPlaying(what: string, timeout = 20_000): Promise<VideoSample> {
    const first = await eventually(
      () => this.sample(),
      (sample) => sample.readyState >= 2 && sample.videoWidth > 0,
      `${what}: the video has a frame (readyState ≥ 2, videoWidth > 0)`,
      timeout,
    );
    return eventually(
      () => this.sample(),
      (sample) => sample.mediaTimeS > first.mediaTimeS && !sample.paused,
      `${what}: the picture starts moving (currentTime, or the frame's wall clock on a MediaStream)`,
      timeout,
    );
  }

  /** How far the picture played (mediaTimeS) over `periodMs` of wall time (from a sample at the start to the end). */
  async advanceOver(periodMs: number): Promise<{ start: VideoSample; end: VideoSample; advancedS: number }> {
    const start = await this.sample();
    await this.page.waitForTimeout(periodMs);
    const end = await this.sample();
    return { start, end, advancedS: end.mediaTimeS - start.mediaTimeS };
  }

  async setZoomLevel(label: keyof typeof TIMELINE_LEVEL_SPANS_MS): Promise<void> {
    await this.zoomLevel.selectOption({ label });
  }

  /**
   * Track x (page px) of `targetMs` while the timeline follows now: the window is [now + 10% span − span,
   * now + 10% span], so NOW sits at 90 % of the track. The track's own `now` only ticks once a second (useNow), so the
   * position is anchored on the NOW marker's drawn position, read together with the page's clock.
   */
  async followingTrackX(targetMs: number, spanMs: number): Promise<{ x: number; y: number; msPerPx: number }> {
    const box = await this.track.boundingBox();
    if (!box) throw new Error('the timeline track has no box');
    const nowPercent = await this.nowMarker.evaluate((element) => parseFloat((element as HTMLElement).style.left));
    const expectedNowPercent = (1 - TIMELINE_FUTURE_MARGIN_RATIO) * 100;
    if (Math.abs(nowPercent - expectedNowPercent) > 1) {
      throw new Error(`the timeline does not follow now: NOW marker at ${nowPercent}% (expected ${expectedNowPercent}%)`);
    }
    // The drawn `now` is at most 1 s older than the page's clock; take the middle of that second.
    const pageNow = await this.page.evaluate(() => Date.now());
    const drawnNowMs = pageNow - 500;
    const msPerPx = spanMs / box.width;
    const nowX = box.x + (box.width * nowPercent) / 100;
    return { x: nowX - (drawnNowMs - targetMs) / msPerPx, y: box.y + box.height / 2, msPerPx };
  }
}
