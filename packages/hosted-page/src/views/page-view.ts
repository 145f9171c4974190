/**
 * The whole page as one template: the bar, the main area (the checkout, a notice or the
 * loading line) and the footer. The page (app.ts) draws it, and the gateway serves the
 * checkout drawn by it in the document itself (first-view/first-view.ts), so both are the
 * same markup.
 */
import { formatMessage, type LocaleTag } from '@payments/core';
import type { PageTexts } from '../texts';
import { html, nothing, type TemplateResult } from 'lit/html.js';
import { sameOriginUrl, type SessionView } from '../checkout-model';
import { checkoutView, type CheckoutActions, type CheckoutModel } from './checkout-view';
import { orderSummary, pageFooter, pageHeader, type MerchantView } from './shell-view';

export interface PageViewModel {
  merchant: MerchantView | null;
  locale: LocaleTag;
  onLocale(locale: LocaleTag): void;
  busy: boolean;
  checkout: boolean;
  /** The main area's heading (aria-labelledby), if it has one. */
  labelledBy: string | undefined;
  content: TemplateResult | typeof nothing;
}

export function pageView(model: PageViewModel): TemplateResult {
  return html`<div class="page">
      ${pageHeader(model.merchant, model.locale, model.onLocale, model.busy)}
      <main class="main ${model.checkout ? 'main--checkout' : 'main--notice'}" id="hpp-main" aria-labelledby=${model.labelledBy ?? nothing}>
        ${model.content}
      </main>
      ${model.merchant ? pageFooter(model.locale, model.merchant.name) : nothing}
    </div>`;
}

/** The checkout's content: the order summary, then the payment options. */
export function checkoutContent(model: CheckoutModel, actions: CheckoutActions): TemplateResult {
  return html`${orderSummary(model.session, model.locale)}${checkoutView(model, actions)}`;
}

/** The bar's merchant: its name, and its logo when the logo is on the page's own origin. */
export function merchantView(session: SessionView, origin: string): MerchantView {
  return { name: session.merchant.name, logo: sameOriginUrl(session.merchant.branding.logo_url, origin) };
}

/** The document's title: the notice's title or "Pay {merchant}", then the page's purpose. */
export function pageTitle(text: PageTexts, merchant: string | undefined, noticeTitle: string | undefined): string {
  const head = noticeTitle ?? (merchant ? formatMessage(text.payTo, { merchant }) : '');
  return head ? `${head} · ${text.secureCheckout}` : text.secureCheckout;
}
