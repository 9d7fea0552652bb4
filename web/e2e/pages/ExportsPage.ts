import type { Download, Locator, Page } from 'playwright-core';
import { eventually, expectHidden, expectSettled, expectVisible } from '../support/wait';

/**
 * The camera page's exports drawer (web/src/features/exports/camera) and the exports page with its detail drawer and
 * Verify dialog (features/exports/page, features/exports/verify), by accessible names and data-testids.
 */
export class CameraExportsDrawerPage {
  readonly openButton: Locator;
  readonly drawer: Locator;
  readonly filename: Locator;
  readonly start: Locator;
  readonly end: Locator;
  readonly createButton: Locator;
  readonly createdLink: Locator;

  constructor(readonly page: Page) {
    this.openButton = page.getByTestId('camera-page').getByRole('button', { name: 'Export', exact: true });
    this.drawer = page.getByTestId('camera-exports-drawer');
    this.filename = this.drawer.getByRole('textbox', { name: 'Filename' });
    this.start = this.drawer.getByTestId('time-range-start');
    this.end = this.drawer.getByTestId('time-range-end');
    this.createButton = this.drawer.getByRole('button', { name: 'Create', exact: true });
    this.createdLink = page.getByRole('link', { name: 'View it on the exports page' });
  }

  async open(): Promise<void> {
    await this.openButton.click();
    await expectVisible(this.drawer, 'the camera exports drawer', 20_000);
    await expectSettled(this.drawer, 'the camera exports drawer');
  }

  /** A row of the drawer's recent exports. */
  recentExport(jobId: number): Locator {
    return this.drawer.getByTestId(`recent-export-${jobId}`);
  }

  /**
   * Types a time in words ('25 seconds ago') into a picker's text entry and presses Enter; returns the field's text.
   */
  async typeTime(field: Locator, phrase: string): Promise<string> {
    await field.click();
    const entry = this.page.getByRole('textbox', { name: 'Type a time' });
    await expectVisible(entry, 'the picker’s text entry');
    await entry.fill(phrase);
    await entry.press('Enter');
    await expectHidden(entry, 'the picker after Enter');
    return (await field.innerText()).trim();
  }
}

export class ExportsPage {
  readonly page: Page;
  readonly root: Locator;
  readonly detail: Locator;
  readonly detailStatus: Locator;
  readonly verifyButton: Locator;
  readonly verifyDialog: Locator;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('exports-page');
    this.detail = page.getByRole('dialog', { name: 'Export details' });
    this.detailStatus = this.detail.getByTestId('export-status');
    this.verifyButton = this.root.getByRole('button', { name: 'Verify an export' });
    this.verifyDialog = page.getByRole('dialog', { name: 'Verify an export' });
  }

  /** Waits until the detail drawer's status reads `label` (polled by the page every 5 s). */
  async waitForDetailStatus(label: string, timeout: number): Promise<void> {
    await eventually(
      async () => ((await this.detailStatus.count()) > 0 ? (await this.detailStatus.first().innerText()).trim() : ''),
      (text) => text === label,
      `the export's status in its detail drawer reads '${label}'`,
      timeout,
    );
  }

  /** Clicks a download control of the detail drawer and answers the download. */
  async download(control: Locator): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download', { timeout: 30_000 }), control.click()]);
    return download;
  }
}
