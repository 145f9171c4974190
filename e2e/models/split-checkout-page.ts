/**
 * The test shop's split checkout (e2e/pages/split-checkout.html): the card mounted as split
 * fields, a secure frame per field in the page's own layout, found by the QA kit's
 * splitCardFrames (each frame by its title, each field by its label).
 */
import type { Locator, Page } from '@playwright/test';
import type { LocaleTag } from '@payments/core';
import { cardField, cardFieldLabels, fillCard, splitCardFrames, type CardFieldName, type CardInput, type SplitCardFrames } from '@payments/testing/playwright';
import type { CheckoutCallback } from './checkout-page';
import { TestShopPage } from './test-shop-page';

export interface SplitOpenOptions {
  locale?: LocaleTag;
  config?: unknown;
  holderName?: boolean;
  email?: boolean;
  waitReady?: boolean;
}

export class SplitCheckoutPage extends TestShopPage<CheckoutCallback> {
  readonly fields: SplitCardFrames;
  locale: LocaleTag = 'en-US';

  constructor(page: Page, merchantOrigin: string, gatewayUrl: string) {
    super(page, merchantOrigin, gatewayUrl);
    this.fields = splitCardFrames(page);
  }

  open(sessionId: string, options: SplitOpenOptions = {}): Promise<void> {
    this.locale = options.locale ?? 'en-US';
    return this.goto(
      '/split-checkout',
      {
        session: sessionId,
        locale: options.locale,
        config: options.config ? JSON.stringify(options.config) : undefined,
        holder: options.holderName ? '1' : undefined,
        email: options.email ? '1' : undefined,
      },
      options.waitReady,
    );
  }

  cardField(field: CardFieldName): Locator {
    return cardField(this.fields, field, cardFieldLabels(this.locale));
  }

  fillCard(card: CardInput): Promise<void> {
    return fillCard(this.fields, card, cardFieldLabels(this.locale));
  }

  /** The iframe elements on the page (any component's). */
  get iframes(): Locator {
    return this.page.locator('iframe:not([src*="/frames/preload"])');
  }

  /** The focus and blur events the page heard, in order (`focus:number`, `blur:number`, …). */
  focusEvents(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { events: { focus: string[] } }).events.focus);
  }

  challenge(): { dialog: Locator } {
    return { dialog: this.page.getByRole('dialog') };
  }
}
