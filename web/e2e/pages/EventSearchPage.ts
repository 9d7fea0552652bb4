import type { Locator, Page } from 'playwright-core';
import { eventually, expectHidden, expectVisible } from '../support/wait';

/** One result card's thumbnail as laid out and loaded. */
export interface CardImageView {
  cameraId: number;
  /** CSS px of the image box. */
  renderedWidth: number;
  naturalWidth: number;
  /** The `width` query parameter of the image's address (null without one). */
  requestedWidth: number | null;
  /** The box is within the viewport (lazy images outside it may not load). */
  inViewport: boolean;
  /** The image of its current address is loaded (not an earlier one still shown while the new one loads). */
  loaded: boolean;
}

/** One colour chip: its accessible name and the vertical centres (px) of its swatch and of its label's text. */
export interface ColourChipView {
  name: string;
  swatchCentreY: number;
  textCentreY: number;
  swatchSize: number;
}

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
  /** The clip modal's people and vehicles: one per track of the event's camera over the event. */
  readonly objectThumbnails: Locator;
  /** The sidebar's 'Similar results' card of a 'Find similar', and its results to choose. */
  readonly similarResults: Locator;
  readonly similarChoices: Locator;

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
    this.objectThumbnails = this.clipModal.getByTestId('object-thumbnail');
    this.similarResults = page.getByTestId('similar-results');
    this.similarChoices = this.similarResults.getByTestId('similar-choice');
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

  /** Every card's image: rendered and natural widths, the width asked of the server, whether it is on screen. */
  async cardImages(): Promise<CardImageView[]> {
    return this.eventCards.evaluateAll((cards) =>
      cards.flatMap((card) => {
        const image = card.querySelector('img');
        if (!image) return [];
        const box = image.getBoundingClientRect();
        const width = new URL(image.src, window.location.href).searchParams.get('width');
        return [
          {
            cameraId: Number(card.getAttribute('data-camera-id')),
            renderedWidth: box.width,
            naturalWidth: image.naturalWidth,
            requestedWidth: width === null ? null : Number(width),
            inViewport: box.bottom > 0 && box.top < window.innerHeight && box.width > 0,
            loaded: image.complete && image.naturalWidth > 0 && image.currentSrc === image.src,
          },
        ];
      }),
    );
  }

  /** Chooses the thumbnail size ('Small', 'Medium' or 'Large') in the results header. */
  async chooseThumbnailSize(label: string): Promise<void> {
    // The radio input is visually hidden behind its label.
    await this.page.getByRole('radiogroup', { name: 'Thumbnail size' }).getByText(label, { exact: true }).click();
  }

  /** Sets the minimum event duration slider (0..30 s) from the keyboard; each step is released at once. */
  async setMinDuration(seconds: number): Promise<void> {
    const thumb = this.page.getByRole('slider', { name: 'Minimum event duration' });
    await thumb.focus();
    await thumb.press('Home');
    for (let step = 0; step < seconds; step += 1) await thumb.press('ArrowRight');
  }

  /** `cameraId:ts` of every result card, in order. */
  async cardKeys(): Promise<string[]> {
    return this.eventCards.evaluateAll((cards) =>
      cards.map((card) => `${card.getAttribute('data-camera-id')}:${card.getAttribute('data-ts')}`),
    );
  }

  /** Toggles the filter sidebar with the header's 'Filters' button. */
  async toggleFilters(): Promise<void> {
    await this.page.getByRole('button', { name: 'Filters', exact: true }).click();
  }

  /** The colour chips of an attribute picker (its group's accessible name, e.g. 'Top clothing colour'). */
  async colourChips(group: string): Promise<ColourChipView[]> {
    return this.page.getByRole('group', { name: group, exact: true }).evaluate((picker) =>
      Array.from(picker.querySelectorAll('input[type="checkbox"]')).map((input) => {
        const label = input.id ? picker.querySelector(`label[for="${CSS.escape(input.id)}"]`) : null;
        const swatch = label?.querySelector('.mantine-ColorSwatch-root') ?? null;
        const swatchBox = swatch?.getBoundingClientRect();
        // The text's own glyph box (not the label's line box).
        let textNode: Node | null = null;
        const walker = label ? document.createTreeWalker(label, NodeFilter.SHOW_TEXT) : null;
        while (walker && !textNode) {
          const node = walker.nextNode();
          if (!node) break;
          if (node.textContent?.trim()) textNode = node;
        }
        const range = document.createRange();
        if (textNode) range.selectNodeContents(textNode);
        const textBox = textNode ? range.getBoundingClientRect() : null;
        return {
          name: (input.getAttribute('aria-label') ?? label?.textContent ?? '').trim(),
          swatchCentreY: swatchBox ? swatchBox.top + swatchBox.height / 2 : Number.NaN,
          textCentreY: textBox ? textBox.top + textBox.height / 2 : Number.NaN,
          swatchSize: swatchBox?.height ?? 0,
        };
      }),
    );
  }

  /** The 'Only events with people' (or vehicles) switch. */
  detectionSwitch(kind: 'people' | 'vehicles'): Locator {
    return this.page.getByRole('switch', { name: `Only events with ${kind}`, exact: true });
  }

  /** Turns the people or vehicle filter on or off (Mantine's transparent switch input lies over the switch and its label). */
  async setDetectionFilter(kind: 'people' | 'vehicles', on: boolean): Promise<void> {
    const toggle = this.detectionSwitch(kind);
    await toggle.setChecked(on);
    await eventually(() => toggle.isChecked(), (checked) => checked === on, `the ${kind} filter turned ${on ? 'on' : 'off'}`);
  }

  /** One colour (or vehicle type) chip of an attribute picker, by the picker's and the chip's accessible names. */
  attributeChip(group: string, name: string): Locator {
    return this.page.getByRole('group', { name: group, exact: true }).getByRole('checkbox', { name, exact: true });
  }

  /** Chooses or unchooses a chip with its label (the chip's input is visually hidden). */
  async toggleAttributeChip(group: string, name: string): Promise<void> {
    const chip = this.attributeChip(group, name);
    const before = await chip.isChecked();
    await this.page.getByRole('group', { name: group, exact: true }).getByText(name, { exact: true }).click();
    await eventually(() => chip.isChecked(), (checked) => checked !== before, `the chip '${name}' of '${group}' toggled`);
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
