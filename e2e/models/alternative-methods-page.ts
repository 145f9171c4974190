/**
 * The test shop's other-methods page (e2e/pages/alternative-methods.html): the
 * alternative-payment-method component in its secure frame (found by title), methods as
 * radios and fields by accessible name; the page's own shopper fields, Pay button, express
 * buttons built on the redirect factories, and result regions.
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

export const APM_FRAME_TITLE = 'Secure alternative payment methods';

export interface AlternativeCallback {
  response: {
    approved: boolean;
    status: string;
    transactionId: string;
    result: { status: string; processing_code: string | null } | null;
    redirect: { url: string; transaction_id: string } | null;
  } | null;
  error: { code: string; message: string; fields?: { field: string; code: string; message: string }[] } | null;
}

export interface OpenOptions {
  locale?: string;
  config?: unknown;
  /** false: the page does not follow a redirect (to look at the response). */
  navigate?: boolean;
}

export class AlternativeMethodsPage {
  readonly frame: FrameLocator;
  readonly payButton: Locator;
  readonly result: Locator;
  readonly error: Locator;

  constructor(
    readonly page: Page,
    readonly merchantOrigin: string,
    readonly gatewayUrl: string,
  ) {
    this.frame = page.locator(`iframe[title="${APM_FRAME_TITLE}"]`).contentFrame();
    this.payButton = page.getByRole('button', { name: 'Pay', exact: true });
    this.result = page.getByRole('status').filter({ hasNot: page.locator('iframe') });
    this.error = page.getByRole('alert').filter({ hasNot: page.locator('iframe') });
  }

  async open(sessionId: string, options: OpenOptions = {}): Promise<void> {
    const query = new URLSearchParams({ gateway: this.gatewayUrl, session: sessionId });
    if (options.locale) query.set('locale', options.locale);
    if (options.config) query.set('config', JSON.stringify(options.config));
    if (options.navigate === false) query.set('navigate', '0');
    await this.page.goto(`${this.merchantOrigin}/alternative-methods?${query}`);
    await expect(this.page.locator('body')).toHaveAttribute('data-ready', 'true');
  }

  /** A method's radio in the frame, by its name (BLIK, Wallet A, Provider Y, …). */
  method(name: string): Locator {
    return this.frame.getByRole('radio', { name, exact: true });
  }

  field(label: string): Locator {
    return this.frame.getByLabel(label, { exact: true });
  }

  /** The shopper details the page passes as submitPayment's customer. */
  async fillShopper(details: { firstName?: string; lastName?: string; email?: string }): Promise<void> {
    if (details.firstName !== undefined) await this.page.getByLabel('Shopper first name').fill(details.firstName);
    if (details.lastName !== undefined) await this.page.getByLabel('Shopper last name').fill(details.lastName);
    if (details.email !== undefined) await this.page.getByLabel('Shopper email').fill(details.email);
  }

  /** A host-page button built on a redirect factory ("Pay with Wallet A"). */
  expressButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Pay with ${name}` });
  }

  async pay(): Promise<void> {
    await this.payButton.click();
  }

  async callbacks(): Promise<AlternativeCallback[]> {
    return this.page.evaluate(() => (window as unknown as { events: { callbacks: AlternativeCallback[] } }).events.callbacks);
  }

  async onErrorCalls(): Promise<{ code: string }[]> {
    return this.page.evaluate(() => (window as unknown as { events: { errors: { code: string }[] } }).events.errors);
  }
}
