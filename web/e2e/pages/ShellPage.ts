import type { Locator, Page } from 'playwright-core';
import { accessibleTexts, expectHidden, expectVisible } from '../support/wait';

/** The signed-in frame (web/src/features/shell, org-switch, network-select, session). */
export class ShellPage {
  readonly userMenuButton: Locator;
  readonly sideNav: Locator;
  readonly sections: Locator;
  readonly networkButton: Locator;
  readonly changeOrgDialog: Locator;
  readonly networkDialog: Locator;
  readonly sessionExpiryDialog: Locator;

  constructor(readonly page: Page) {
    this.userMenuButton = page.getByRole('button', { name: 'User menu' });
    this.sideNav = page.locator('.mantine-AppShell-navbar');
    this.sections = page.getByRole('navigation', { name: 'Sections' });
    this.networkButton = this.sideNav.getByRole('button', { name: 'Select network' });
    this.changeOrgDialog = page.getByRole('dialog', { name: 'Change organization' });
    this.networkDialog = page.getByRole('dialog', { name: 'Select network' });
    this.sessionExpiryDialog = page.getByRole('dialog', { name: 'Your session is about to expire' });
  }

  async waitUntilSignedIn(): Promise<void> {
    await expectVisible(this.userMenuButton, 'the user menu button (signed-in shell)', 20_000);
  }

  async openUserMenu(): Promise<Locator> {
    await this.userMenuButton.click();
    const menu = this.page.getByRole('menu');
    await expectVisible(menu, 'the user menu');
    return menu;
  }

  /** Signs out and waits for the page's reload to end on the sign-in form (a navigation started before it ends
   * would be aborted by the reload). */
  async signOut(): Promise<void> {
    const menu = await this.openUserMenu();
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await this.page.waitForURL(/\/login(\?|$)/, { timeout: 15_000 });
    await expectVisible(this.page.getByRole('form', { name: 'Sign in' }), 'the sign-in form after signing out', 15_000);
  }

  async openChangeOrganization(): Promise<Locator> {
    const menu = await this.openUserMenu();
    await menu.getByRole('menuitem', { name: 'Change organization' }).click();
    await expectVisible(this.changeOrgDialog, "the 'Change organization' dialog");
    return this.changeOrgDialog;
  }

  /** Organization entries of the open change-organization dialog. */
  organizationOption(name: string): Locator {
    return this.changeOrgDialog.getByRole('list', { name: 'Organizations' }).getByRole('button', { name });
  }

  async openNetworkSelector(): Promise<Locator> {
    await this.networkButton.click();
    await expectVisible(this.networkDialog, "the 'Select network' dialog");
    return this.networkDialog;
  }

  sectionLink(name: 'Cameras' | 'Video walls' | 'Exports' | 'Events'): Locator {
    return this.sections.getByRole('link', { name, exact: true });
  }

  async sectionLinkNames(): Promise<string[]> {
    await expectVisible(this.sections, 'the side-nav section links');
    return accessibleTexts(this.sections.getByRole('link'));
  }

  insufficientPermissions(): Locator {
    return this.page.getByText('You do not have the appropriate permissions to view cameras...', { exact: true });
  }

  pageNotFound(): Locator {
    return this.page.getByText('Page not found', { exact: true });
  }

  async expectNoDialog(): Promise<void> {
    await expectHidden(this.page.getByRole('dialog'), 'any dialog');
  }
}
