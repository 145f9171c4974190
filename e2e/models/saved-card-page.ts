/**
 * The test shop's saved-card page (e2e/pages/saved-card.html) as a QA engineer drives it:
 * the card or saved-card component in its secure frame (found by title), fields and the
 * save checkbox by accessible name, the page's own result and error regions.
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { cardField, cardFrame, fillCard, type CardInput } from '@payments/testing/playwright';

export interface SavedCardData {
  paymentMethodId: string;
  maskedPan: string;
  /** MMYY. */
  expirationDate: string;
  cardBrand: string;
}

export interface SavedCardCallback {
  response: { approved: boolean; status: string; transaction: { id: string; payment_method: { type: string; token: string | null } } } | null;
  error: { code: string; message: string; gatewayCode?: string } | null;
}

export class SavedCardPage {
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

  /** The saved-card component for `card`. */
  async openSavedCard(sessionId: string, card: SavedCardData, locale?: string): Promise<void> {
    await this.open(sessionId, 'saved-card', { componentConfig: { data: card } }, locale);
  }

  /** The card component with the merchant's "save this card" option. */
  async openCardWithSaveOption(sessionId: string, locale?: string): Promise<void> {
    await this.open(sessionId, 'card', { saveCard: { offer: true } }, locale);
  }

  private async open(sessionId: string, component: string, config: unknown, locale?: string): Promise<void> {
    const query = new URLSearchParams({ gateway: this.gatewayUrl, session: sessionId, component, config: JSON.stringify(config) });
    if (locale) query.set('locale', locale);
    await this.page.goto(`${this.merchantOrigin}/saved-card?${query}`);
    await expect(this.page.locator('body')).toHaveAttribute('data-ready', 'true');
  }

  cvv(label = 'CVV'): Locator {
    return this.frame.getByLabel(label, { exact: true });
  }

  saveCheckbox(label = 'Save this card for future payments'): Locator {
    return this.frame.getByRole('checkbox', { name: label });
  }

  fillCard(card: CardInput): Promise<void> {
    return fillCard(this.frame, card);
  }

  cardNumber(): Locator {
    return cardField(this.frame, 'number');
  }

  async pay(): Promise<void> {
    await this.payButton.click();
  }

  async callbacks(): Promise<SavedCardCallback[]> {
    return this.page.evaluate(() => (window as unknown as { events: { callbacks: SavedCardCallback[] } }).events.callbacks);
  }

  async onErrorCalls(): Promise<{ code: string; message: string }[]> {
    return this.page.evaluate(() => (window as unknown as { events: { errors: { code: string; message: string }[] } }).events.errors);
  }
}
