import type { Locator, Page } from 'playwright-core';
import { eventually, expectVisible } from '../support/wait';

/**
 * /n/{id}/admin/users/{userId}/privileges (web/src/features/admin/users/privileges): one table row per privilege, its
 * controls named by the row number ('Scope of privilege 2', 'Camera of privilege 2', 'Live video for privilege 2').
 */
export class PrivilegesPage {
  readonly table: Locator;
  readonly addButton: Locator;
  readonly saveButton: Locator;
  readonly emptyWarning: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Privileges of the member' });
    this.addButton = page.getByRole('button', { name: 'Add privilege', exact: true });
    this.saveButton = page.getByRole('button', { name: 'Save', exact: true });
    this.emptyWarning = page.getByText('No privileges: this member has every right on every network.');
  }

  heading(memberName: string): Locator {
    return this.page.getByRole('heading', { name: `Privileges of ${memberName}` });
  }

  /** Waits for the member's heading and their rows (or the empty-list warning). */
  async waitUntilShown(memberName: string): Promise<void> {
    await expectVisible(this.heading(memberName), `the heading 'Privileges of ${memberName}'`, 20_000);
    await expectVisible(this.table.or(this.emptyWarning), 'the privileges table or the empty-list warning', 20_000);
  }

  async rowCount(): Promise<number> {
    return (await this.table.getByRole('row').count()) - 1;
  }

  scope(row: number): Locator {
    return this.page.getByRole('combobox', { name: `Scope of privilege ${row}`, exact: true });
  }

  network(row: number): Locator {
    return this.page.getByRole('combobox', { name: `Network of privilege ${row}`, exact: true });
  }

  camera(row: number): Locator {
    return this.page.getByRole('combobox', { name: `Camera of privilege ${row}`, exact: true });
  }

  tag(row: number): Locator {
    return this.page.getByRole('textbox', { name: `Tag of privilege ${row}`, exact: true });
  }

  /** right: 'Write', 'Export', 'Historical video' or 'Live video'. */
  right(row: number, right: string): Locator {
    return this.page.getByRole('checkbox', { name: `${right} for privilege ${row}`, exact: true });
  }

  /** Opens a select and clicks `option` in its own list (every row's network list holds the same names). */
  async choose(select: Locator, option: string): Promise<void> {
    await eventually(() => select.isEnabled(), (enabled) => enabled, 'the select to be enabled (its options loaded)');
    await select.click();
    const listId = await eventually(
      () => select.getAttribute('aria-controls'),
      (id) => id !== null,
      'the opened select to name its list (aria-controls)',
    );
    await this.page.locator(`[id="${listId}"]`).getByRole('option', { name: option, exact: true }).click();
    await eventually(() => select.inputValue(), (value) => value === option, `the select to show '${option}'`);
  }

  savedNotice(memberName: string): Locator {
    return this.page.getByText(`Privileges of ${memberName} saved`, { exact: true });
  }
}
