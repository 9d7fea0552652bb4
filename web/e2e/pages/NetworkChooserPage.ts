import type { Locator, Page } from 'playwright-core';
import { accessibleTexts, expectVisible } from '../support/wait';

/** /n: 'Select a network' with a searchable list (web/src/features/network-select). */
export class NetworkChooserPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly list: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Select a network' });
    this.search = page.getByRole('textbox', { name: 'Search networks' });
    this.list = page.getByRole('main').getByRole('navigation', { name: 'Networks' });
  }

  async waitUntilShown(): Promise<void> {
    await expectVisible(this.heading, "the network chooser ('Select a network')", 20_000);
  }

  async networkNames(): Promise<string[]> {
    await expectVisible(this.list, 'the network list');
    return accessibleTexts(this.list.getByRole('link'));
  }

  async choose(name: string): Promise<void> {
    await this.list.getByRole('link', { name, exact: true }).click();
  }
}
