/**
 * The hosted payment page (/hpp/{session_id}) as a shopper drives it: payment options as
 * radios, card fields and buttons by accessible name, the issuer's challenge by its
 * dialog and frame title, the end screens by their heading. No CSS selectors into frames,
 * no fixed waits.
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

export interface CardDetails {
  number: string;
  expiry?: string;
  cvv?: string;
}

/** The page's own words per language, for the few things a test reads back. */
export const HPP_WORDS = {
  'en-US': { language: 'Language', cardNumber: 'Card number', expiry: 'Expiry date', cvv: 'CVV', pay: 'Pay', howToPay: 'How would you like to pay?', paid: 'Payment successful' },
  'bs-BA': { language: 'Jezik', cardNumber: 'Broj kartice', expiry: 'Datum isteka', cvv: 'CVV', pay: 'Platite', howToPay: 'Kako želite platiti?', paid: 'Plaćanje je uspješno' },
  'ro-RO': { language: 'Limbă', cardNumber: 'Numărul cardului', expiry: 'Data expirării', cvv: 'CVV', pay: 'Plătiți', howToPay: 'Cum doriți să plătiți?', paid: 'Plata a reușit' },
  'sv-SE': { language: 'Språk', cardNumber: 'Kortnummer', expiry: 'Utgångsdatum', cvv: 'CVC', pay: 'Betala', howToPay: 'Hur vill du betala?', paid: 'Betalningen är klar' },
} as const;

export type HppLocale = keyof typeof HPP_WORDS;

/** The page's own script (its entry): what the first view's tests hold back. */
export const HOSTED_PAGE_SCRIPT = /\/hpp\/assets\/index-[\w-]+\.js$/;

export class HostedPaymentPage {
  locale: HppLocale = 'en-US';

  constructor(readonly page: Page) {}

  get words() {
    return HPP_WORDS[this.locale];
  }

  async open(redirectUrl: string, locale: HppLocale = 'en-US'): Promise<void> {
    this.locale = locale;
    await this.page.goto(redirectUrl);
    await this.expectPageScript();
  }

  /**
   * The page's script has run: the checkout the gateway drew in the document (its first
   * view, usable before any script) is taken over by the page's own, which pays.
   */
  async expectPageScript(): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(this.page.locator('#hpp-first-view')).toHaveCount(0);
  }

  /** Waits until the checkout (not a notice) is shown. */
  async expectCheckout(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: this.words.howToPay })).toBeVisible();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  get languagePicker(): Locator {
    return this.page.getByRole('combobox', { name: this.words.language, exact: true });
  }

  async chooseLanguage(locale: HppLocale): Promise<void> {
    await this.languagePicker.selectOption(locale);
    this.locale = locale;
  }

  method(name: string | RegExp): Locator {
    return this.page.getByRole('radio', { name, exact: typeof name === 'string' });
  }

  field(name: string): Locator {
    return this.page.getByLabel(name, { exact: true });
  }

  /** The security code, labelled as the card's brand names it (CVV, CVC, CID, CVN). */
  securityCode(): Locator {
    return this.page.getByLabel(/^(CVV|CVC|CID|CVN)$/);
  }

  async fillCard(card: CardDetails): Promise<void> {
    await this.field(this.words.cardNumber).fill(card.number);
    await this.field(this.words.expiry).fill(card.expiry ?? '12 / 34');
    if (card.cvv !== '') await this.securityCode().fill(card.cvv ?? '123');
  }

  /** The one pay button of the chosen option ("Pay €49.99", "Continue to Wallet A"). */
  payButton(name: string | RegExp = new RegExp(`^${this.words.pay} `)): Locator {
    return this.page.getByRole('button', { name });
  }

  async pay(): Promise<void> {
    await this.payButton().click();
  }

  async payWithCard(card: CardDetails): Promise<void> {
    await this.fillCard(card);
    await this.pay();
  }

  /** The declined or error banner above the options. */
  get banner(): Locator {
    return this.page.getByRole('alert');
  }

  get cancelLink(): Locator {
    return this.page.getByRole('link', { name: /^Cancel and return to / });
  }

  continueLink(merchant = 'Northwind Outfitters'): Locator {
    return this.page.getByRole('link', { name: `Continue to ${merchant}` });
  }

  /** The challenge dialog on the page and the issuer's document inside it (found by its title). */
  challenge(): { dialog: Locator; acs: FrameLocator } {
    const dialog = this.page.getByRole('dialog', { name: 'Bank verification' });
    return { dialog, acs: dialog.getByTitle('Bank verification').contentFrame() };
  }

  /** Approve or Decline on the issuer's own full page (redirect step) or a provider's page. */
  async answerFullPage(outcome: 'Approve' | 'Decline' | 'Abandon'): Promise<void> {
    await this.page.getByRole('button', { name: outcome, exact: true }).click();
  }
}
