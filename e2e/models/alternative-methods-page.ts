/**
 * The test shop's other-methods page (e2e/pages/alternative-methods.html): the
 * alternative-payment-method component in its secure frame (found by title), methods as
 * radios and fields by accessible name; the page's own shopper fields, Pay button, express
 * buttons built on the redirect factories, and result regions.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { TestShopPage } from './test-shop-page';

export const APM_FRAME_TITLE = 'Secure alternative payment methods';
/** The frame's title in each locale (the host sets it, and changes it on changeLocale). */
export const APM_FRAME_TITLES = {
  'en-US': APM_FRAME_TITLE,
  'bs-BA': 'Sigurni alternativni načini plaćanja',
  'ro-RO': 'Metode alternative de plată securizate',
  'sv-SE': 'Säkra alternativa betalningssätt',
} as const;
/** The payment-method frame, whatever the locale it speaks. */
export const APM_FRAME_SELECTOR = Object.values(APM_FRAME_TITLES)
  .map((title) => `iframe[title="${title}"]`)
  .join(', ');

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
  /** false: do not wait for the secure frame (a test of a frame that fails to load). */
  waitReady?: boolean;
}

export class AlternativeMethodsPage extends TestShopPage<AlternativeCallback, { code: string }> {
  readonly frame: FrameLocator;

  constructor(page: Page, merchantOrigin: string, gatewayUrl: string) {
    super(page, merchantOrigin, gatewayUrl);
    this.frame = page.locator(APM_FRAME_SELECTOR).contentFrame();
  }

  open(sessionId: string, options: OpenOptions = {}): Promise<void> {
    return this.goto('/alternative-methods', {
      session: sessionId,
      locale: options.locale,
      config: options.config ? JSON.stringify(options.config) : undefined,
      navigate: options.navigate === false ? '0' : undefined,
    }, options.waitReady);
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

}
