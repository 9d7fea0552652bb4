import type { Locator, Page } from 'playwright-core';
import { expectVisible } from '../support/wait';

/** What one tile's `<video>` has presented so far. */
export interface TileSample {
  cameraId: string;
  /** The imager a tile of a multi-imager camera shows ('' for other tiles). */
  imagerId: string;
  muted: boolean;
  status: string | null;
  transport: string | null;
  presentedFrames: number;
  currentTime: number;
}

/** The wall view (web/src/features/walls/page and tile): header, sidebar, tiles. */
export class WallViewPage {
  readonly view: Locator;
  readonly tiles: Locator;
  readonly tileVideos: Locator;
  readonly sidebar: Locator;
  readonly wallLinks: Locator;

  constructor(readonly page: Page) {
    this.view = page.getByTestId('wall-view');
    this.tiles = page.getByTestId('wall-tile');
    this.tileVideos = page.getByTestId('wall-tile-video');
    this.sidebar = page.getByRole('complementary', { name: 'Walls' });
    this.wallLinks = page.getByRole('navigation', { name: 'Walls' }).getByRole('link');
  }

  heading(name: string): Locator {
    return this.view.getByRole('heading', { name, exact: true });
  }

  tab(name: 'Single network' | 'Multi-network (beta)'): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  async waitForWall(name: string): Promise<void> {
    await expectVisible(this.heading(name), `the wall heading '${name}'`, 20_000);
  }

  tileOfCamera(cameraId: number): Locator {
    return this.page.locator(`[data-testid="wall-tile"][data-camera-id="${cameraId}"]`);
  }

  /** Every tile video's presented frame count, status and play position. */
  async samples(): Promise<TileSample[]> {
    return this.tileVideos.evaluateAll((videos) =>
      (videos as HTMLVideoElement[]).map((video) => ({
        cameraId: video.closest('[data-testid="wall-tile"]')?.getAttribute('data-camera-id') ?? '',
        imagerId: video.closest('[data-testid="wall-tile"]')?.getAttribute('data-imager-id') ?? '',
        muted: video.muted,
        status: video.getAttribute('data-status'),
        transport: video.getAttribute('data-transport'),
        presentedFrames: video.getVideoPlaybackQuality().totalVideoFrames,
        currentTime: video.currentTime,
      })),
    );
  }
}
