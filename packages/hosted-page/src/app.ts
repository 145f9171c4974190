/**
 * <hpp-app>: the hosted payment page. Reads the session (and the customer's saved cards)
 * with the public client key, shows the checkout in the merchant's colours and the chosen
 * language, pays by card (with <ef-card-form>, the card component's field element) or by a
 * redirect method, runs 3-D Secure through the shared state machine, and ends on a screen
 * whose one action is a link the gateway turns into success_url / cancel_url / error_url.
 *
 * Light DOM (like <ef-card-form>): one document stylesheet styles both, and autofill sees
 * the card fields in one form. One timer: a result that returns by itself goes back to the
 * merchant after AUTO_RETURN_MS (notice-model.ts); otherwise the page waits for the shopper.
 * Loading is page-load.ts, a payment attempt payment-attempt.ts, the views views/.
 */
import {
  isLocaleTag,
  loadedMessages,
  resolveLocale,
  type LocaleTag,
  type Transaction,
} from '@payments/core';
import { loadCardRules, type CardForm } from '@payments/embedded-fields/secure';
import { html, nothing, type TemplateResult } from 'lit/html.js';
import { PageElement } from './page-element';
import {
  exitHref,
  instalmentChoices,
  outcomeOf,
  type PaymentOption,
  type SessionView,
} from './checkout-model';
import type { PaymentResult } from './checkout-payment';
import { attemptPayment, warmPaymentFlow } from './payment-attempt';
import { checkContact, type ContactError, type ContactFieldName, type ContactValues } from './contact-fields';
import type { HppApi } from './hpp-api';
import { hasPageTexts, loadLanguage, pageTexts } from './texts';
import { type Banner, type CheckoutActions, type CheckoutModel } from './views/checkout-view';
import { noticeView, type NoticeModel } from './views/notice-view';
import { AUTO_RETURN_MS, noticeModel, returnsByItself, type Screen } from './notice-model';
import { keptCardForm } from './card-forms';
import { storeLocale } from './page-data';
import { loadPage } from './page-load';
import { firstView, takeOverFirstView } from './take-over';
import { checkoutContent, merchantView, pageTitle, pageView } from './views/page-view';

export class HostedPaymentPage extends PageElement {
  /** From the document's meta tags (the gateway writes them). */
  sessionId = '';
  clientKey = '';

  #api: HppApi | undefined;
  #session: SessionView | null = null;
  #locale: LocaleTag = resolveLocale(undefined, navigator.languages);
  #screen: Screen = { kind: 'loading' };
  #options: PaymentOption[] = [];
  #selected = 'card';
  #busy: 'processing' | 'redirecting' | null = null;
  /** The banner, in whatever language the page is in when it renders. */
  #banner: ((locale: LocaleTag) => Banner) | null = null;
  #instalments = 1;
  #contact: ContactValues = {};
  #contactErrors: Partial<Record<ContactFieldName, ContactError>> = {};
  readonly #forms = new Map<string, CardForm>();
  #focus: 'banner' | 'notice' | 'invalid-contact' | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    // Back from a provider or the issuer through the browser's cache: start over, never a stale "processing".
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) location.reload();
    });
    void this.#start();
  }

  // ---- loading ---------------------------------------------------------------------------

  async #start(): Promise<void> {
    const loaded = await loadPage(this.clientKey, this.sessionId, this.#locale);
    this.#locale = loaded.locale;
    if (loaded.session) this.#session = loaded.session;
    if (loaded.options) {
      this.#options = loaded.options;
      this.#selected = loaded.options[0]!.id;
    }
    if (loaded.kind === 'notice') return this.#show({ kind: 'notice', notice: loaded.notice });
    this.#api = loaded.api;
    if (loaded.returned) return this.#confirmReturn(loaded.returned, false);
    this.#openCheckout();
  }

  /**
   * Asks the gateway how the transaction the shopper came back with ended. When the gateway
   * does not answer, the shopper must not pay again blindly: a page says the payment is not
   * confirmed yet, with Check again (the same question, asked again).
   */
  async #confirmReturn(transactionId: string, focus: boolean): Promise<void> {
    const session = this.#session!;
    let found: Transaction | null;
    try {
      const status = await this.#api!.status(transactionId);
      found = status.found && status.transaction?.reference === session.reference ? status.transaction : null;
    } catch {
      return this.#show({ kind: 'notice', notice: 'unconfirmed', transactionId }, focus);
    }
    if (found && this.#showOutcome(found, focus)) return;
    this.#openCheckout();
  }

  #openCheckout(): void {
    const session = this.#session!;
    if (session.status === 'COMPLETED') return this.#show({ kind: 'notice', notice: 'completed' });
    if (session.status === 'EXPIRED') return this.#show({ kind: 'notice', notice: 'expired' });

    const choices = instalmentChoices(session);
    this.#instalments = choices.includes(1) ? 1 : (choices[0] ?? 1);
    const customer = session.customer;
    this.#contact = { email: customer?.email ?? '', first_name: customer?.first_name ?? '', last_name: customer?.last_name ?? '' };
    this.#show({ kind: 'checkout' });
    void this.#takeOverFirstView();
    // Once the shopper starts (not before the page is drawn): the card rules, the paying code
    // and the merchant's key, so typing and Pay cost no round trip. Pay waits for them if it
    // comes first; keys typed before the rules arrive are formatted when they do (the form).
    const started = () => void this.#started();
    this.addEventListener('focusin', started, { once: true });
    this.addEventListener('pointerdown', started, { once: true });
  }

  /** The shopper has started (a focus or a touch, here or in the first view): what typing and paying need next. */
  readonly #started = (): Promise<unknown> => {
    if (this.#api) warmPaymentFlow(this.#api);
    return loadCardRules().catch(() => undefined);
  };

  /** The gateway's first view (the checkout in the document) gives way to the page's own, with what the shopper did in it (take-over.ts). */
  #takeOverFirstView(): Promise<void> {
    return takeOverFirstView({
      locale: () => this.#locale,
      setLocale: (locale) => this.#setLocale(locale),
      selected: () => this.#selected,
      offers: (id) => this.#options.some((o) => o.id === id),
      select: (id) => this.#select(id),
      drawn: async () => {
        await this.updateComplete;
        const form = this.#forms.get(this.#selected) ?? null;
        await form?.updateComplete;
        return form;
      },
      pay: () => void this.#pay(),
      started: this.#started,
    });
  }

  #show(screen: Screen, focus = false): void {
    this.#screen = screen;
    if (focus && screen.kind !== 'checkout') this.#focus = 'notice';
    if (returnsByItself(screen)) this.#returnByItself();
    this.requestUpdate();
  }

  #returning = false;

  /** Back to the merchant (the gateway picks success_url or error_url), once. */
  #returnByItself(): void {
    if (this.#returning) return;
    this.#returning = true;
    window.setTimeout(() => location.assign(exitHref(this.sessionId, 'return')), AUTO_RETURN_MS);
  }

  /** Shows how a transaction ended; true when that ends the checkout (approved or pending). */
  #showOutcome(transaction: Transaction, focus: boolean): boolean {
    const outcome = outcomeOf(transaction);
    if (outcome.kind === 'approved' || outcome.kind === 'pending') {
      this.#show({ kind: 'result', outcome: outcome.kind, transaction }, focus);
      return true;
    }
    const reason = outcome.reason;
    this.#setBanner((locale) => {
      const text = pageTexts(locale);
      const body = { funds: text.declinedFunds, authentication: text.declinedAuthentication, failed: text.failed, provider: text.canceledAtProvider, generic: text.declinedGeneric }[reason];
      return { title: loadedMessages(locale).status.declined, body };
    });
    return false;
  }

  #setBanner(banner: ((locale: LocaleTag) => Banner) | null): void {
    this.#banner = banner;
    if (banner) this.#focus = 'banner';
    this.requestUpdate();
  }

  // ---- actions ---------------------------------------------------------------------------

  async #setLocale(locale: LocaleTag): Promise<void> {
    if (!isLocaleTag(locale)) return;
    await loadLanguage(locale);
    this.#locale = locale;
    storeLocale(this.sessionId, locale);
    for (const form of this.#forms.values()) form.locale = locale;
    this.requestUpdate();
  }

  #select(id: string): void {
    if (this.#busy) return;
    this.#selected = id;
    this.#contactErrors = {};
    this.requestUpdate();
  }

  async #pay(): Promise<void> {
    const api = this.#api;
    const session = this.#session;
    const option = this.#options.find((o) => o.id === this.#selected);
    if (this.#busy || !api || !session?.hpp || !option) return;
    const cvvLess = session.hpp.options.cvv_less === true;
    const form = this.#formFor(option);

    // Checked before anything is sent (or the button says "Processing"): the errors show at their fields.
    if (option.kind === 'redirect') {
      this.#contactErrors = checkContact(option.data, this.#contact);
      if (Object.values(this.#contactErrors).some(Boolean)) {
        this.#focus = 'invalid-contact';
        this.requestUpdate();
        return;
      }
    } else if (form) {
      // The rules judge the card (they came at the first touch; a failed load is tried again here).
      try {
        await loadCardRules();
      } catch {
        return this.#setBanner((locale) => ({ title: loadedMessages(locale).status.serviceUnavailable }));
      }
      if (this.#busy) return; // a second Pay while the rules came
      if (!form.validateAll().valid) return this.#focusInvalidField(form);
    }

    this.#busy = 'processing';
    this.#banner = null;
    form?.setBusy(true);
    this.requestUpdate();
    let result: PaymentResult;
    try {
      result = await this.#run(api, session, option, form, cvvLess);
    } finally {
      form?.setBusy(false);
    }
    if (result.kind === 'left-page') return; // navigating: stay busy until the page goes
    this.#busy = null;
    switch (result.kind) {
      case 'invalid':
        this.requestUpdate();
        if (form) await this.#focusInvalidField(form);
        return;
      case 'expired':
        return this.#show({ kind: 'notice', notice: 'expired' }, true);
      case 'error':
        return this.#setBanner((locale) => ({ title: result.message(locale) }));
      case 'done':
        this.#showOutcome(result.transaction, true);
    }
  }

  /** One payment attempt with the chosen option (payment-attempt.ts). */
  #run(api: HppApi, session: SessionView, option: PaymentOption, form: CardForm | null, cvvLess: boolean): Promise<PaymentResult> {
    return attemptPayment({
      api,
      session,
      option,
      form,
      cvvLess,
      instalments: instalmentChoices(session).length > 0 ? this.#instalments : undefined,
      contact: this.#contact,
      labels: () => ({
        title: loadedMessages(this.#locale).status.challengeFrameTitle,
        help: pageTexts(this.#locale).challengeHelp,
        close: loadedMessages(this.#locale).status.close,
      }),
      onLeave: () => {
        if (option.kind === 'redirect') this.#busy = 'redirecting';
        this.requestUpdate();
      },
    });
  }

  async #focusInvalidField(form: CardForm): Promise<void> {
    await form.updateComplete;
    form.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }

  // ---- card forms ------------------------------------------------------------------------

  /** The card form of a card option, made once and kept (what was typed survives re-renders). */
  #formFor(option: PaymentOption): CardForm | null {
    return keptCardForm(this.#forms, option, this.#session!, this.#locale, () => void this.#pay());
  }

  // ---- rendering -------------------------------------------------------------------------

  protected override updated(): void {
    document.documentElement.lang = this.#locale;
    // Any screen but the checkout replaces the first view at once (the checkout takes it over: #takeOverFirstView).
    if (this.#screen.kind !== 'checkout' && this.#screen.kind !== 'loading') firstView()?.remove();
    if (hasPageTexts(this.#locale)) document.title = pageTitle(pageTexts(this.#locale), this.#session?.merchant.name, this.#notice()?.title);
    const focus = this.#focus;
    this.#focus = null;
    if (focus === 'banner') this.querySelector<HTMLElement>('#hpp-banner')?.focus();
    if (focus === 'notice') this.querySelector<HTMLElement>('#hpp-notice-title')?.focus();
    if (focus === 'invalid-contact') this.querySelector<HTMLElement>('.contact-fields [aria-invalid="true"]')?.focus();
  }

  protected override render(): TemplateResult | typeof nothing {
    // Nothing until the page's texts are there (the document brings them; another language is a chunk).
    if (!hasPageTexts(this.#locale)) return nothing;
    const session = this.#session;
    const screen = this.#screen;
    const notice = this.#notice();
    return pageView({
      merchant: session ? merchantView(session, location.origin) : null,
      locale: this.#locale,
      onLocale: (locale) => void this.#setLocale(locale),
      busy: this.#busy !== null,
      checkout: screen.kind === 'checkout',
      labelledBy: screen.kind === 'checkout' ? 'hpp-summary-title' : notice ? 'hpp-notice-title' : undefined,
      content:
        screen.kind === 'loading'
          ? html`<p class="loading" role="status"><span class="spinner spinner--dark" aria-hidden="true"></span>${pageTexts(this.#locale).loading}</p>`
          : notice
            ? html`<div class="notice-wrap">${noticeView(notice)}</div>`
            : session
              ? checkoutContent(this.#checkoutModel(session), this.#checkoutActions)
              : nothing,
    });
  }

  #checkoutModel(session: SessionView): CheckoutModel {
    return {
      session,
      locale: this.#locale,
      options: this.#options,
      selected: this.#selected,
      busy: this.#busy,
      banner: this.#banner?.(this.#locale) ?? null,
      instalmentChoices: instalmentChoices(session),
      instalments: this.#instalments,
      contact: this.#contact,
      contactErrors: this.#contactErrors,
      formFor: (option) => this.#formFor(option),
      cancelHref: exitHref(this.sessionId, 'cancel'),
    };
  }

  readonly #checkoutActions: CheckoutActions = {
    select: (id) => this.#select(id),
    pay: () => void this.#pay(),
    contactInput: (name, value) => {
      this.#contact = { ...this.#contact, [name]: value };
      if (this.#contactErrors[name]) this.#contactErrors = { ...this.#contactErrors, [name]: undefined };
      this.requestUpdate();
    },
    instalments: (count) => {
      this.#instalments = count;
      this.requestUpdate();
    },
  };

  /** The notice or result screen's content, or null on the checkout. */
  #notice(): NoticeModel | null {
    return noticeModel(this.#screen, {
      locale: this.#locale,
      session: this.#session,
      options: this.#options,
      returnHref: exitHref(this.sessionId, 'return'),
      reload: () => location.reload(),
      checkAgain: (transactionId) => void this.#confirmReturn(transactionId, true),
    });
  }
}

if (!customElements.get('hpp-app')) customElements.define('hpp-app', HostedPaymentPage);

declare global {
  interface HTMLElementTagNameMap {
    'hpp-app': HostedPaymentPage;
  }
}
