import type { Locator, Page } from 'playwright-core';
import { eventually, expectVisible } from '../support/wait';

/**
 * The motion search drawer of the camera page and its recap modal (web/src/features/motion-search), by accessible
 * names and data-testids.
 */
export class MotionSearchPage {
  readonly openButton: Locator;
  readonly drawer: Locator;
  readonly advancedMode: Locator;
  readonly region: Locator;
  readonly regionRect: Locator;
  readonly searchButton: Locator;
  readonly progress: Locator;
  readonly thumbnails: Locator;
  readonly errorAlert: Locator;
  readonly recap: Locator;
  readonly recapDialog: Locator;

  constructor(readonly page: Page) {
    this.openButton = page.getByTestId('camera-page').getByRole('button', { name: 'Motion search', exact: true });
    this.drawer = page.getByTestId('motion-search-drawer');
    this.advancedMode = this.drawer.getByText('Advanced', { exact: true });
    this.region = this.drawer.getByTestId('roi-selector');
    this.regionRect = this.drawer.getByTestId('roi-rect');
    this.searchButton = this.drawer.getByRole('button', { name: 'Search', exact: true });
    this.progress = this.drawer.getByTestId('motion-search-progress');
    this.thumbnails = this.drawer.getByTestId('motion-thumbnail');
    this.errorAlert = this.drawer.getByTestId('motion-search-error');
    this.recap = page.getByTestId('motion-recap');
    this.recapDialog = page.getByRole('dialog').filter({ has: page.getByTestId('motion-recap') });
  }

  async open(): Promise<void> {
    await this.openButton.click();
    await expectVisible(this.drawer, 'the motion search drawer');
  }

  /** The region selector's grid (`data-grid`, e.g. 60×60 for a fisheye camera). */
  async grid(): Promise<{ cols: number; rows: number }> {
    const [cols, rows] = ((await this.region.getAttribute('data-grid')) ?? '').split('x').map(Number);
    if (!cols || !rows) throw new Error('the region selector names no grid');
    return { cols, rows };
  }

  /** Advanced mode: region, sensitivity and minimum duration. */
  async chooseAdvanced(): Promise<void> {
    await this.advancedMode.click();
    await expectVisible(this.region, 'the region selector');
  }

  /**
   * Drags over the region selector (advanced mode) from the centre of one grid cell to the centre of another; returns
   * the drawn region as the page keeps it ('x,y,w,h').
   */
  async drawRegion(from: { col: number; row: number }, to: { col: number; row: number }): Promise<string | null> {
    const box = await this.region.boundingBox();
    if (!box) throw new Error('the region selector has no box');
    const { cols, rows } = await this.grid();
    const at = (cell: { col: number; row: number }) => ({
      x: box.x + (box.width * (cell.col + 0.5)) / cols,
      y: box.y + (box.height * (cell.row + 0.5)) / rows,
    });
    const start = at(from);
    const end = at(to);
    const { mouse } = this.page;
    await mouse.move(start.x, start.y);
    await mouse.down();
    await mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2, { steps: 4 });
    await mouse.move(end.x, end.y, { steps: 4 });
    await mouse.up();
    return this.regionRect.getAttribute('data-roi');
  }

  /** Runs the search and waits for 'end of results'. */
  async search(timeout = 60_000): Promise<void> {
    await this.searchButton.click();
    await eventually(
      async () => (await this.progress.count()) > 0 && (await this.progress.innerText()).trim(),
      (text) => text === 'end of results',
      "the motion search progress 'end of results'",
      timeout,
    );
  }

  /** naturalWidth of the image of thumbnail `index` ([] without an image element, [0] while not loaded). */
  async thumbnailImageWidths(index: number): Promise<number[]> {
    return this.thumbnails
      .nth(index)
      .locator('img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth));
  }

  async openThumbnail(index: number): Promise<void> {
    await this.thumbnails.nth(index).click();
    await expectVisible(this.recap, 'the recap modal');
  }

  /** Date, time and duration texts of the open recap. */
  async recapDetails(): Promise<string[]> {
    const texts = await this.recap.getByTestId('motion-recap-details').locator('p').allInnerTexts();
    return texts.map((text) => text.trim());
  }

  async jumpToVideo(): Promise<void> {
    await this.recap.getByRole('button', { name: 'Jump to video', exact: true }).click();
  }
}
