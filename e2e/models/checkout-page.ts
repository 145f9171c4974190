/**
 * The test shop's checkout (e2e/pages/checkout.html) as a QA engineer drives it, on the QA
 * kit's helpers: fields found by accessible name inside the secure frame (found by its
 * title), no selectors into the frame's markup, no fixed waits.
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { cardField, cardFrame, fillCard, type CardFieldName, type CardInput } from '@payments/testing/playwright';

export interface OpenOptions {
  locale?: string;
  config?: unknown;
  component?: string;
}

export class CheckoutPage {
  readonly frame: FrameLocator;
  readonly payButton: Locator;
  readonly result: Locator;
  readonly error: Locator;

  constructor(
    readonly page: Page,
    readonly merchantOrigin: string,
    readonly gatewayUrl: string,
  ) {
    this.frame = cardFrame(page);
    this.payButton = page.getByRole('button', { name: 'Pay' });
    this.result = page.getByRole('status');
    this.error = page.getByRole('alert').filter({ hasNot: page.locator('iframe') });
  }

  async open(sessionId: string, options: OpenOptions = {}): Promise<void> {
    const query = new URLSearchParams({ gateway: this.gatewayUrl, session: sessionId });
    if (options.locale) query.set('locale', options.locale);
    if (options.config) query.set('config', JSON.stringify(options.config));
    if (options.component) query.set('component', options.component);
    await this.page.goto(`${this.merchantOrigin}/checkout?${query}`);
    await expect(this.page.locator('body')).toHaveAttribute('data-ready', 'true');
  }

  /** A field by its accessible name in the current locale (en-US names by default). */
  field(name: string): Locator {
    return this.frame.getByLabel(name, { exact: true });
  }

  cardField(field: CardFieldName): Locator {
    return cardField(this.frame, field);
  }

  fillCard(card: CardInput): Promise<void> {
    return fillCard(this.frame, card);
  }

  async pay(): Promise<void> {
    await this.payButton.click();
  }

  /** The 3-D Secure challenge dialog over the page, and the ACS inside it. */
  challenge(): { dialog: Locator; acs: FrameLocator } {
    const dialog = this.page.getByRole('dialog');
    return { dialog, acs: dialog.locator('iframe').contentFrame() };
  }

  async callbacks(): Promise<{ response: { approved: boolean; status: string; transaction: { id: string; processing_code: string } } | null; error: { code: string; message: string } | null }[]> {
    return this.page.evaluate(() => (window as unknown as { events: { callbacks: never[] } }).events.callbacks);
  }
}
