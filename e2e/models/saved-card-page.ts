/**
 * The test shop's saved-card page (e2e/pages/saved-card.html) as a QA engineer drives it:
 * the card or saved-card component in its secure frame (found by title), fields and the
 * save checkbox by accessible name, the page's own result and error regions.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { cardField, cardFrame, fillCard, type CardInput } from '@payments/testing/playwright';
import { TestShopPage } from './test-shop-page';

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

export class SavedCardPage extends TestShopPage<SavedCardCallback> {
  readonly frame: FrameLocator;

  constructor(page: Page, merchantOrigin: string, gatewayUrl: string) {
    super(page, merchantOrigin, gatewayUrl);
    this.frame = cardFrame(page);
  }

  /** The saved-card component for `card` (`options`: more of the component's options, e.g. `styles`). */
  async openSavedCard(sessionId: string, card: SavedCardData, locale?: string, options: Record<string, unknown> = {}): Promise<void> {
    await this.open(sessionId, 'saved-card', { ...options, componentConfig: { data: card } }, locale);
  }

  /** The card component with the merchant's "save this card" option. */
  async openCardWithSaveOption(sessionId: string, locale?: string): Promise<void> {
    await this.open(sessionId, 'card', { saveCard: { offer: true } }, locale);
  }

  private open(sessionId: string, component: string, config: unknown, locale?: string): Promise<void> {
    return this.goto('/saved-card', { session: sessionId, component, config: JSON.stringify(config), locale });
  }

  /** The security code: labelled as the saved card's brand names it (CVV, CVC, CID, CVN), whatever the locale. */
  cvv(label = 'CVV'): Locator {
    const codeName = /^(CVV|CVC|CID|CVN)$/;
    return codeName.test(label) ? this.frame.getByLabel(codeName) : this.frame.getByLabel(label, { exact: true });
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
}
