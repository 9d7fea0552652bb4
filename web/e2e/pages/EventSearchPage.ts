import type { Locator, Page } from 'playwright-core';
import { eventually, expectHidden, expectVisible } from '../support/wait';

export interface DayGroupView {
  day: string;
  heading: string;
  count: string;
  cards: number;
}

/**
 * The event search page `/n/{networkId}/events` (web/src/features/event-search): filter sidebar, camera selection
 * modal, date-time picker, results grouped by day and the clip modal; by accessible names and data-testids.
 */
export class EventSearchPage {
  readonly root: Locator;
  readonly noCamerasHeading: Locator;
  readonly cameraModal: Locator;
  readonly cameraCount: Locator;
  readonly dateTimeButton: Locator;
  readonly picker: Locator;
  readonly dayGroups: Locator;
  readonly eventCards: Locator;
  readonly footer: Locator;
  readonly endOfResults: Locator;
  readonly noResults: Locator;
  readonly clipModal: Locator;
  readonly clipVideo: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('event-search-page');
    this.noCamerasHeading = page.getByRole('heading', { name: 'Select cameras to search' });
    this.cameraModal = page.getByRole('dialog', { name: 'Select cameras' });
    this.cameraCount = this.cameraModal.getByTestId('camera-count');
    this.dateTimeButton = page.getByTestId('date-time-button');
    this.picker = page.getByTestId('date-time-picker');
    this.dayGroups = page.getByTestId('day-group');
    this.eventCards = page.getByTestId('event-card');
    this.footer = page.getByTestId('search-footer');
    this.endOfResults = page.getByTestId('end-of-results');
    this.noResults = page.getByTestId('no-results');
    this.clipModal = page.getByTestId('clip-modal');
    this.clipVideo = this.clipModal.getByTestId('motion-clip-video');
  }

  async waitUntilShown(): Promise<void> {
    await expectVisible(this.root, 'the event search page', 20_000);
  }

  /** Opens the camera modal, ticks the named cameras and confirms. */
  async selectCameras(names: string[]): Promise<void> {
    await this.root.getByRole('button', { name: 'Select cameras' }).first().click();
    await expectVisible(this.cameraModal, 'the camera selection modal');
    for (const name of names) await this.cameraModal.getByRole('checkbox', { name, exact: true }).check();
  }

  async confirmCameras(): Promise<void> {
    await this.cameraModal.getByRole('button', { name: /^(Confirm|Update)$/ }).click();
    await expectHidden(this.cameraModal, 'the camera selection modal after Confirm');
  }

  async openDateTimePicker(): Promise<void> {
    await this.dateTimeButton.click();
    await expectVisible(this.picker, 'the date-time picker');
  }

  /** In the open picker: picks a preset and resets the times to all day. */
  async choosePresetAllDay(preset: string): Promise<void> {
    await this.picker.getByText(preset, { exact: true }).click();
    const reset = this.picker.getByRole('button', { name: 'Reset to all day' });
    if (await reset.isEnabled()) await reset.click();
  }

  async confirmDateTime(): Promise<void> {
    await this.picker.getByRole('button', { name: 'Confirm' }).click();
    await expectHidden(this.picker, 'the date-time picker after Confirm');
  }

  /** Waits until every page is searched (the footer's 'End of results' or 'no results found'). */
  async waitUntilComplete(timeout = 60_000): Promise<void> {
    await eventually(
      async () => (await this.endOfResults.count()) + (await this.noResults.count()),
      (count) => count > 0,
      'the event search completes (end of results or no results found)',
      timeout,
    );
  }

  async groups(): Promise<DayGroupView[]> {
    return this.dayGroups.evaluateAll((sections) =>
      sections.map((section) => ({
        day: section.getAttribute('data-day') ?? '',
        heading: section.querySelector('h3')?.textContent?.trim() ?? '',
        count: section.querySelector('[data-testid="day-count"]')?.textContent?.trim() ?? '',
        cards: section.querySelectorAll('[data-testid="event-card"]').length,
      })),
    );
  }

  /** naturalWidth of each card's image (0: not loaded or no image element). */
  async cardImageWidths(): Promise<number[]> {
    return this.eventCards.evaluateAll((cards) =>
      cards.map((card) => (card.querySelector('img') as HTMLImageElement | null)?.naturalWidth ?? 0),
    );
  }

  async openCard(index: number): Promise<void> {
    await this.eventCards.nth(index).click();
    await expectVisible(this.clipModal, 'the clip modal');
  }

  async clipIndex(): Promise<number> {
    return Number(await this.clipModal.getAttribute('data-index'));
  }

  /** The clip modal's title (the camera name). */
  async clipTitle(): Promise<string> {
    return (await this.page.locator('.mantine-Modal-title').last().innerText()).trim();
  }

  async clipVideoSample(): Promise<{ readyState: number; currentTime: number; videoWidth: number }> {
    return this.clipVideo.evaluate((element) => {
      const video = element as HTMLVideoElement;
      return { readyState: video.readyState, currentTime: video.currentTime, videoWidth: video.videoWidth };
    });
  }
}
