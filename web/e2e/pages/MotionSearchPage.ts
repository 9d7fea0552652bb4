import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { eventually, expectHidden, expectSettled, expectVisible } from '../support/wait';

/** A time typed into the portal's date-time picker (12-hour mode also chooses AM or PM). */
export interface PickedTime {
  hours: string;
  minutes: string;
  amPm?: 'AM' | 'PM';
}

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
  /** Browser-native date or time inputs in the drawer (the portal uses its own picker instead). */
  readonly nativeDateInputs: Locator;

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
    this.nativeDateInputs = this.drawer.locator('input[type="date"], input[type="datetime-local"], input[type="time"]');
  }

  /** The 'Start' or 'End' field of the search range (a button that opens the portal's date-time picker). */
  dateTimeField(label: 'Start' | 'End'): Locator {
    return this.drawer.getByRole('button', { name: label, exact: true });
  }

  /**
   * In the field's picker: clicks the day (its calendar name, e.g. 'November 24, 2026'), types the time when given,
   * and applies. Returns the field's text afterwards.
   */
  async pickDateTime(label: 'Start' | 'End', day: string, time?: PickedTime): Promise<string> {
    const field = this.dateTimeField(label);
    await field.click();
    const pickerId = await eventually(
      () => field.getAttribute('aria-controls'),
      (id) => Boolean(id),
      `the ${label} field names its open picker (aria-controls)`,
    );
    const picker = this.page.locator(`[id="${pickerId}"]`);
    await expectVisible(picker, `the ${label} date-time picker`);
    await picker.getByRole('button', { name: day, exact: true }).click();
    if (time) {
      await this.typeInto(picker.getByRole('spinbutton', { name: 'Hours', exact: true }), time.hours);
      await this.typeInto(picker.getByRole('spinbutton', { name: 'Minutes', exact: true }), time.minutes);
      if (time.amPm) await picker.getByRole('combobox', { name: 'AM/PM', exact: true }).selectOption(time.amPm);
    }
    await picker.getByRole('button', { name: 'Apply', exact: true }).click();
    await expectHidden(picker, `the ${label} date-time picker after Apply`);
    return (await field.innerText()).trim();
  }

  /**
   * Types into one of the picker's time fields and checks that it took: on a busy machine a key pressed while the
   * field re-renders can be lost, as it would be for a user typing faster than the page answers; then it types again.
   */
  private async typeInto(input: Locator, text: string): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      await input.click();
      await input.press('Backspace');
      await input.press('Backspace');
      await input.pressSequentially(text, { delay: 30 });
      const value = await input.inputValue();
      if (value === text || attempt === 2) {
        expect(value, `the time field after typing '${text}'`).toBe(text);
        return;
      }
    }
  }

  async open(): Promise<void> {
    await this.openButton.click();
    await expectVisible(this.drawer, 'the motion search drawer');
    await expectSettled(this.drawer, 'the motion search drawer');
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
    // In the middle of the drawer's scrolled area, clear of its header and its sticky Search footer.
    await this.region.evaluate((element) => element.scrollIntoView({ block: 'center' }));
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

  /** The region picture's width / height in pixels as drawn. */
  async regionAspect(): Promise<number> {
    const box = await this.region.boundingBox();
    if (!box || box.height === 0) throw new Error('the region selector has no box');
    return box.width / box.height;
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
