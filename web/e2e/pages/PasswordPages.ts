import type { Locator, Page } from 'playwright-core';
import { expectVisible } from '../support/wait';

/** 'Forgot password?' on the sign-in page, and the same form on a reset link that no longer works (features/password). */
export class ForgotPasswordForm {
  readonly form: Locator;
  readonly email: Locator;
  readonly submit: Locator;
  /** The server's answer once sent ('If an account exists for that e-mail address, …'). */
  readonly sent: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Reset your password' });
    this.email = this.form.getByRole('textbox', { name: 'E-mail' });
    this.submit = this.form.getByRole('button', { name: 'Send link' });
    this.sent = page.getByRole('status');
  }

  async waitUntilShown(): Promise<void> {
    await expectVisible(this.form, 'the forgot-password form', 15_000);
  }

  async requestLink(email: string): Promise<void> {
    await this.waitUntilShown();
    await this.email.fill(email);
    await this.submit.click();
    await expectVisible(this.sent, "the forgot-password form's confirmation");
  }
}

/** /login/reset-password?token=…: the page of the e-mailed link. */
export class ResetPasswordPage {
  readonly form: Locator;
  readonly newPassword: Locator;
  readonly confirmation: Locator;
  readonly submit: Locator;
  readonly done: Locator;
  readonly signIn: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Choose a new password' });
    // Anchored: 'Confirm new password' contains 'new password' (the labels end with the required mark).
    this.newPassword = this.form.getByLabel(/^New password/);
    this.confirmation = this.form.getByLabel(/^Confirm new password/);
    this.submit = this.form.getByRole('button', { name: 'Set password' });
    this.done = page.getByRole('status');
    this.signIn = page.getByRole('link', { name: 'Sign in' });
    this.error = page.getByRole('alert');
  }

  async open(link: string): Promise<void> {
    await this.page.goto(link);
    await expectVisible(this.form, 'the reset-password form', 15_000);
  }

  /** Types the new password twice and sends it (does not wait for the outcome). */
  async setPassword(password: string): Promise<void> {
    await this.newPassword.fill(password);
    await this.confirmation.fill(password);
    await this.submit.click();
  }
}
