import type { Locator, Page } from 'playwright-core';
import { expectSettled, expectVisible } from '../support/wait';

/**
 * The camera page's 'Clip bookmark' drawer (web/src/features/bookmarks) and the timeline's bookmark marks, by
 * accessible names and data-testids.
 */
export class BookmarksDrawerPage {
  readonly openButton: Locator;
  readonly drawer: Locator;
  readonly description: Locator;
  readonly saveButton: Locator;
  readonly savedTab: Locator;
  readonly savedList: Locator;
  readonly detail: Locator;

  constructor(readonly page: Page) {
    this.openButton = page.getByTestId('camera-page').getByRole('button', { name: 'Clip bookmark', exact: true });
    this.drawer = page.getByTestId('bookmarks-drawer');
    this.description = this.drawer.getByRole('textbox', { name: 'Description' });
    this.saveButton = this.drawer.getByRole('button', { name: 'Save bookmark', exact: true });
    this.savedTab = this.drawer.getByRole('tab', { name: 'Saved', exact: true });
    this.savedList = this.drawer.getByRole('list', { name: 'Saved bookmarks' });
    this.detail = this.drawer.getByTestId('bookmark-detail');
  }

  async open(): Promise<void> {
    await this.openButton.click();
    await expectVisible(this.drawer, 'the bookmarks drawer', 20_000);
    await expectSettled(this.drawer, 'the bookmarks drawer');
  }

  /** A saved bookmark's entry in the drawer's list, by its description. */
  savedItem(description: string): Locator {
    return this.savedList.getByTestId('bookmark-item').filter({ hasText: description });
  }

  /** The timeline's mark of a bookmark, by its description. */
  timelineMark(description: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^Bookmark: ${description},`) });
  }

  /** The confirmation dialog of a delete. */
  confirmDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Delete bookmark' });
  }
}
