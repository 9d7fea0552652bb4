import type { Locator, Page } from 'playwright-core';
import { expectVisible } from '../support/wait';

/** /login, LOGIN mode (web/src/features/signin). */
export class SignInPage {
  readonly form: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Sign in' });
    this.email = this.form.getByRole('textbox', { name: 'E-mail' });
    this.password = this.form.locator('input[type="password"], input[autocomplete="current-password"]');
    this.submit = this.form.getByRole('button', { name: 'Sign in', exact: true });
    this.error = this.form.getByRole('alert');
    this.heading = page.getByRole('heading', { name: 'Sign in' });
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

  /** The notice shown at /login?sessionTimeout=true. */
  sessionTimeoutNotice(): Locator {
    return this.page.getByText(
      'Your session expired after several minutes of inactivity as required by your network administrator.',
      { exact: true },
    );
  }
}
