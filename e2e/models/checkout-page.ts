/**
 * The test shop's checkout (e2e/pages/checkout.html) as a QA engineer drives it, on the QA
 * kit's helpers: fields found by accessible name inside the secure frame (found by its
 * title), no selectors into the frame's markup, no fixed waits.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import type { LocaleTag } from '@payments/core';
import { cardField, cardFieldLabels, cardFrame, fillCard, type CardFieldName, type CardInput } from '@payments/testing/playwright';
import { TestShopPage } from './test-shop-page';

export interface OpenOptions {
  locale?: string;
  config?: unknown;
  component?: string;
  /** false: do not wait for the secure frame (a test of a frame that fails to load). */
  waitReady?: boolean;
}

export interface CheckoutCallback {
  response: { approved: boolean; status: string; transaction: { id: string; processing_code: string } } | null;
  error: { code: string; message: string } | null;
}

export class CheckoutPage extends TestShopPage<CheckoutCallback> {
  readonly frame: FrameLocator;

  constructor(page: Page, merchantOrigin: string, gatewayUrl: string) {
    super(page, merchantOrigin, gatewayUrl);
    this.frame = cardFrame(page);
  }

  /** The locale the page opened the component in: fields are found by their names in it. */
  locale: LocaleTag = 'en-US';

  open(sessionId: string, options: OpenOptions = {}): Promise<void> {
    this.locale = (options.locale as LocaleTag | undefined) ?? 'en-US';
    return this.goto('/checkout', {
      session: sessionId,
      locale: options.locale,
      config: options.config ? JSON.stringify(options.config) : undefined,
      component: options.component,
    }, options.waitReady);
  }

  /** The test shop's own retry after the frame failed to load. */
  get reloadFormButton(): Locator {
    return this.page.getByRole('button', { name: 'Load the payment form again' });
  }

  /** A field by its accessible name in the current locale (en-US names by default). */
  field(name: string): Locator {
    return this.frame.getByLabel(name, { exact: true });
  }

  cardField(field: CardFieldName): Locator {
    return cardField(this.frame, field, cardFieldLabels(this.locale));
  }

  fillCard(card: CardInput): Promise<void> {
    return fillCard(this.frame, card, cardFieldLabels(this.locale));
  }

  /** The 3-D Secure challenge dialog over the page, and the ACS inside it. */
  challenge(): { dialog: Locator; acs: FrameLocator } {
    const dialog = this.page.getByRole('dialog');
    return { dialog, acs: dialog.locator('iframe').contentFrame() };
  }
}
