/**
 * The frame every screen shares: the merchant's bar (logo or monogram, name, language
 * picker), the order summary, and the footer that says who handles the card data.
 */
import { LOCALES, LOCALE_NAMES, formatMessage, loadedMessages, type LocaleTag } from '@payments/core';
import { formatPageAmount } from '../amount-format';
import { html, nothing, type TemplateResult } from 'lit/html.js';
import type { SessionView } from '../checkout-model';
import { pageTexts } from '../texts';
import { icon } from './icons';

export interface MerchantView {
  name: string;
  /** A same-origin logo path, or null for the monogram. */
  logo: string | null;
}

export function pageHeader(merchant: MerchantView | null, locale: LocaleTag, onLocale: (locale: LocaleTag) => void, disabled = false): TemplateResult {
  const text = pageTexts(locale);
  return html`<header class="topbar">
    <div class="topbar-inner">
      ${merchant
        ? html`<div class="merchant">
            ${merchant.logo
              ? html`<img class="merchant-logo" src=${merchant.logo} alt=${merchant.name} height="36" loading="lazy" />`
              : html`<span class="merchant-monogram" aria-hidden="true">${merchant.name.trim().charAt(0).toUpperCase()}</span>
                  <span class="merchant-name">${merchant.name}</span>`}
          </div>`
        : html`<div class="merchant merchant--none">${icon('lock')}<span class="merchant-name">${text.secureCheckout}</span></div>`}
      <div class="language">
        <label for="hpp-language">${icon('globe')}<span class="sr-only">${text.language}</span></label>
        <select
          id="hpp-language"
          autocomplete="off"
          ?disabled=${disabled}
          @change=${(event: Event) => onLocale((event.target as HTMLSelectElement).value as LocaleTag)}
        >
          ${LOCALES.map(
            (tag) => html`<option value=${tag} lang=${tag} ?selected=${tag === locale}>${LOCALE_NAMES[tag]}</option>`,
          )}
        </select>
      </div>
    </div>
  </header>`;
}

/** The amount and what it is for: the h1 of the checkout. */
export function orderSummary(session: SessionView, locale: LocaleTag): TemplateResult {
  const text = pageTexts(locale);
  const amount = formatPageAmount(session.amount, session.currency, locale);
  return html`<section class="summary" aria-labelledby="hpp-summary-title">
    <h1 id="hpp-summary-title" class="summary-title">
      <span class="summary-eyebrow">${formatMessage(text.payTo, { merchant: session.merchant.name })}</span>
      <span class="summary-amount">${amount}</span>
    </h1>
    <dl class="summary-lines">
      <div class="summary-line">
        <dt class="sr-only">${loadedMessages(locale).hostedPage.orderSummary}</dt>
        <dd class="summary-description">${session.description}</dd>
      </div>
      <div class="summary-line summary-line--total">
        <dt>${text.total}</dt>
        <dd>${amount}</dd>
      </div>
    </dl>
    ${session.transaction_type === 'AUTHORIZE'
      ? html`<p class="summary-note">${formatMessage(text.authorizeNote, { merchant: session.merchant.name })}</p>`
      : nothing}
  </section>`;
}

export function pageFooter(locale: LocaleTag, merchant: string): TemplateResult {
  return html`<footer class="footer">
    <p class="footer-secure">${icon('lock', 'icon icon--small')}<span>${formatMessage(pageTexts(locale).secureNote, { merchant })}</span></p>
  </footer>`;
}
