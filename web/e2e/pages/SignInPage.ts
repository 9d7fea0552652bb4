import type { Locator, Page } from 'playwright-core';
import { accessibleTexts, expectVisible } from '../support/wait';

/** The ORG_CHOOSE step of /login: 'Choose an organization', for a user of several organizations. */
export interface OrganizationChooser {
  readonly region: Locator;
  readonly heading: Locator;
  /** Shown only for more than 5 organizations. */
  readonly search: Locator;
  /** One button per organization, named by the organization. */
  readonly list: Locator;
  readonly error: Locator;
  readonly back: Locator;
}

/** /login, LOGIN mode, and the ORG_CHOOSE step after it (web/src/features/signin). */
export class SignInPage {
  readonly form: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly heading: Locator;
  readonly organizationChooser: OrganizationChooser;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Sign in' });
    this.email = this.form.getByRole('textbox', { name: 'E-mail' });
    this.password = this.form.locator('input[type="password"], input[autocomplete="current-password"]');
    this.submit = this.form.getByRole('button', { name: 'Sign in', exact: true });
    this.error = this.form.getByRole('alert');
    this.heading = page.getByRole('heading', { name: 'Sign in' });
    const chooser = page.getByRole('region', { name: 'Choose an organization' });
    this.organizationChooser = {
      region: chooser,
      heading: chooser.getByRole('heading', { name: 'Choose an organization' }),
      search: chooser.getByRole('textbox', { name: 'Search organizations' }),
      list: chooser.getByRole('list', { name: 'Organizations' }),
      error: chooser.getByRole('alert'),
      back: chooser.getByRole('button', { name: 'Back to sign-in' }),
    };
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/login${query}`);
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await expectVisible(this.form, 'the sign-in form', 15_000);
  }

  /** Fills and submits the form (does not wait for the outcome). */
  async signIn(email: string, password: string): Promise<void> {
    await this.waitUntilShown();
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** Waits for the organization chooser (after the password, or after a second step). */
  async waitForOrganizationChooser(): Promise<void> {
    await expectVisible(this.organizationChooser.region, "the organization chooser ('Choose an organization')", 15_000);
  }

  /** The names of the organizations offered, in order. */
  async organizationNames(): Promise<string[]> {
    await this.waitForOrganizationChooser();
    return accessibleTexts(this.organizationChooser.list.getByRole('button'));
  }

  /** Waits for the organization chooser and clicks `name` (does not wait for the outcome). */
  async chooseOrganization(name: string): Promise<void> {
    await this.waitForOrganizationChooser();
    await this.organizationChooser.list.getByRole('button', { name, exact: true }).click();
  }

  /** Signs in as a user of several organizations: the password, then `organization` (does not wait for the outcome). */
  async signInTo(email: string, password: string, organization: string): Promise<void> {
    await this.signIn(email, password);
    await this.chooseOrganization(organization);
  }

  /** The notice shown at /login?sessionTimeout=true. */
  sessionTimeoutNotice(): Locator {
    return this.page.getByText(
      'Your session expired after several minutes of inactivity as required by your network administrator.',
      { exact: true },
    );
  }
}
