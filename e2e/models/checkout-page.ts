/**
 * The test shop's checkout (e2e/pages/checkout.html) as a QA engineer drives it: fields
 * found by accessible name inside the secure frame (found by its title), no selectors into
 * the frame's markup, no fixed waits.
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

export const CARD_FRAME_TITLE = 'Secure card payment';

export interface CardDetails {
  number: string;
  expiry?: string;
  cvv?: string;
  holderName?: string;
}

export class CheckoutPage {
  readonly frame: FrameLocator;
  readonly payButton: Locator;
  readonly result: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.frame = page.frameLocator(`iframe[title="${CARD_FRAME_TITLE}"]`);
    this.payButton = page.getByRole('button', { name: 'Pay' });
    this.result = page.getByRole('status');
    this.error = page.getByRole('alert').filter({ hasNot: page.locator('iframe') });
  }

  async open(merchantOrigin: string, sessionId: string, options: { locale?: string; config?: unknown; component?: string } = {}): Promise<void> {
    const query = new URLSearchParams({ session: sessionId });
    if (options.locale) query.set('locale', options.locale);
    if (options.config) query.set('config', JSON.stringify(options.config));
    if (options.component) query.set('component', options.component);
    await this.page.goto(`${merchantOrigin}/checkout?${query}`);
    await expect(this.page.locator('body')).toHaveAttribute('data-ready', 'true');
  }

  field(name: string): Locator {
    return this.frame.getByLabel(name, { exact: true });
  }

  async fillCard(card: CardDetails): Promise<void> {
    await this.field('Card number').fill(card.number);
    await this.field('Expiry date').fill(card.expiry ?? '12 / 34');
    await this.field('CVV').fill(card.cvv ?? '123');
    if (card.holderName !== undefined) await this.field('Cardholder name').fill(card.holderName);
  }

  async pay(): Promise<void> {
    await this.payButton.click();
  }

  /** The 3-D Secure challenge dialog over the page, and the ACS inside it. */
  challenge(): { dialog: Locator; acs: FrameLocator } {
    const dialog = this.page.getByRole('dialog');
    return { dialog, acs: dialog.frameLocator('iframe') };
  }

  async callbacks(): Promise<{ response: { approved: boolean; status: string; transaction: { id: string; processing_code: string } } | null; error: { code: string; message: string } | null }[]> {
    return this.page.evaluate(() => (window as unknown as { events: { callbacks: never[] } }).events.callbacks);
  }
}
