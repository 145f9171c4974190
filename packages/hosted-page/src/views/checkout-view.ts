/**
 * The checkout itself: the payment options as one radio group (saved cards, a new card,
 * wallets and redirect methods); the chosen option opens below its radio with its fields
 * and its own pay button, so the button always sits right under what the shopper filled
 * in. Errors are linked to their fields (aria-describedby) and announced; a declined
 * payment shows a banner that takes focus, above the options, and the shopper tries again.
 */
import { cardBrandName, formatMessage, formatPlural, loadedMessages, type LocaleTag, type Messages } from '@payments/core';
import { formatPageAmount } from '../amount-format';
import { html, nothing, type TemplateResult } from 'lit/html.js';
import { live } from 'lit/directives/live.js';
import { expirationMMYY, lastFour, type PaymentOption, type RedirectOption, type SessionView } from '../checkout-model';
import type { ContactError, ContactFieldName, ContactValues } from '../contact-fields';
import { pageTexts, type PageTexts } from '../texts';
import { icon, networkMarks, type IconName } from './icons';

export interface Banner {
  title: string;
  body?: string;
}

export interface CheckoutModel {
  session: SessionView;
  locale: LocaleTag;
  options: readonly PaymentOption[];
  selected: string;
  busy: 'processing' | 'redirecting' | null;
  banner: Banner | null;
  instalmentChoices: readonly number[];
  instalments: number;
  contact: ContactValues;
  contactErrors: Partial<Record<ContactFieldName, ContactError>>;
  /** The card form element of a card option (kept across renders), or null. */
  formFor(option: PaymentOption): HTMLElement | null;
  cancelHref: string;
}

export interface CheckoutActions {
  select(id: string): void;
  pay(): void;
  contactInput(name: ContactFieldName, value: string): void;
  instalments(count: number): void;
}

export function checkoutView(model: CheckoutModel, actions: CheckoutActions): TemplateResult {
  const text = pageTexts(model.locale);
  const catalog = loadedMessages(model.locale);
  const busy = model.busy !== null;
  return html`<section class="pay" aria-labelledby="hpp-methods-title">
    ${model.banner
      ? html`<div class="banner" id="hpp-banner" role="alert" tabindex="-1">
          ${icon('alert', 'icon banner-icon')}
          <div>
            <h2 class="banner-title">${model.banner.title}</h2>
            ${model.banner.body ? html`<p class="banner-body">${model.banner.body}</p>` : nothing}
          </div>
        </div>`
      : nothing}
    <fieldset class="methods">
      <legend class="methods-legend"><h2 id="hpp-methods-title" class="section-title">${text.howToPay}</h2></legend>
      <div class="method-list">
        ${model.options.map((option) => {
          const selected = option.id === model.selected;
          return html`<div class="method ${selected ? 'method--selected' : ''}">
            <label class="method-head">
              <input
                class="method-radio"
                type="radio"
                name="hpp-method"
                .value=${option.id}
                .checked=${live(selected)}
                ?disabled=${busy}
                @change=${() => actions.select(option.id)}
              />
              <span class="method-icon">${icon(iconOf(option))}</span>
              <span class="method-text">
                <span class="method-name">${optionName(option, catalog, text, model.options)}</span>
                ${option.kind === 'saved-card'
                  ? html`<span class="method-sub">${formatMessage(catalog.savedCard.expires, { date: expiryText(option) })}</span>`
                  : nothing}
              </span>
              ${option.kind === 'card' ? networkMarks() : nothing}
            </label>
            ${selected ? html`<div class="method-panel">${panel(model, actions, option, text, catalog)}</div>` : nothing}
          </div>`;
        })}
      </div>
    </fieldset>
    <p class="sr-only" role="status">${model.busy === 'processing' ? catalog.status.processing : ''}</p>
    <p class="cancel-line">
      <a class="cancel-link" href=${model.cancelHref}>${formatMessage(text.cancel, { merchant: model.session.merchant.name })}</a>
    </p>
  </section>`;
}

function panel(model: CheckoutModel, actions: CheckoutActions, option: PaymentOption, text: PageTexts, catalog: Messages): TemplateResult {
  const busy = model.busy !== null;
  const amount = formatPageAmount(model.session.amount, model.session.currency, model.locale);
  if (option.kind === 'redirect') {
    const name = optionName(option, catalog, text);
    return html`${option.data.length > 0 ? contactFields(model, actions, option, catalog) : nothing}
      <p class="method-note">${formatMessage(catalog.alternativeMethods.redirectNotice, { method: name })}</p>
      ${payButton(
        model.busy === 'redirecting' ? formatMessage(text.redirecting, { method: name }) : formatMessage(text.continueTo, { method: name }),
        busy,
        actions.pay,
      )}`;
  }
  const form = model.formFor(option);
  return html`${form ?? nothing}
    ${model.instalmentChoices.length > 0
      ? html`<div class="field">
          <label class="field-label" for="hpp-instalments">${text.instalments}</label>
          <select
            id="hpp-instalments"
            class="select"
            ?disabled=${busy}
            @change=${(event: Event) => actions.instalments(Number((event.target as HTMLSelectElement).value))}
          >
            ${model.instalmentChoices.map(
              (count) =>
                html`<option value=${count} ?selected=${count === model.instalments}>
                  ${count === 1 ? text.payInFull : formatPlural(model.locale, catalog.plurals.instalments, count)}
                </option>`,
            )}
          </select>
        </div>`
      : nothing}
    ${payButton(busy ? catalog.status.processing : formatMessage(catalog.hostedPage.pay, { amount }), busy, actions.pay)}`;
}

function payButton(label: string, busy: boolean, pay: () => void): TemplateResult {
  return html`<button
    type="button"
    class="button button--primary pay-button"
    aria-disabled=${busy ? 'true' : 'false'}
    @click=${() => {
      if (!busy) pay();
    }}
  >
    ${busy ? html`<span class="spinner" aria-hidden="true"></span>` : icon('lock', 'icon icon--small')}<span>${label}</span>
  </button>`;
}

const CONTACT_AUTOCOMPLETE: Readonly<Record<ContactFieldName, string>> = {
  email: 'email',
  first_name: 'given-name',
  last_name: 'family-name',
  blik_code: 'one-time-code',
};

function contactFields(model: CheckoutModel, actions: CheckoutActions, option: RedirectOption, catalog: Messages): TemplateResult {
  const label = (name: ContactFieldName) =>
    name === 'email'
      ? catalog.labels.email
      : name === 'first_name'
        ? catalog.alternativeMethods.firstName
        : name === 'last_name'
          ? catalog.alternativeMethods.lastName
          : catalog.alternativeMethods.blikCode;
  const message = (error: ContactError | undefined) =>
    error === 'required'
      ? catalog.customerErrors.required
      : error === 'email_invalid'
        ? catalog.customerErrors.email_invalid
        : error === 'blik_invalid'
          ? catalog.alternativeMethods.blikInvalid
          : error === 'too_long'
            ? catalog.customerErrors.too_long
            : '';
  const field = ({ name, required }: { name: ContactFieldName; required: boolean }) => {
    const id = `hpp-${name}`;
    const error = message(model.contactErrors[name]);
    const hint = name === 'blik_code' ? catalog.alternativeMethods.blikHint : '';
    const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
    return html`<div class="field field--${name}">
      <label class="field-label" for=${id}>${label(name)}</label>
      <input
        id=${id}
        class="input"
        type=${name === 'email' ? 'email' : 'text'}
        inputmode=${name === 'blik_code' ? 'numeric' : name === 'email' ? 'email' : 'text'}
        autocomplete=${CONTACT_AUTOCOMPLETE[name]}
        maxlength=${name === 'blik_code' ? 6 : name === 'email' ? 512 : 255}
        spellcheck="false"
        ?required=${required}
        ?disabled=${model.busy !== null}
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${describedBy || nothing}
        .value=${live(model.contact[name] ?? '')}
        @input=${(event: Event) => actions.contactInput(name, (event.target as HTMLInputElement).value)}
        @keydown=${(event: KeyboardEvent) => {
          if (event.key === 'Enter' && !event.isComposing) actions.pay();
        }}
      />
      ${hint ? html`<p class="field-hint" id=${`${id}-hint`}>${hint}</p>` : nothing}
      <p class="field-error" id=${`${id}-error`} aria-live="polite">${error}</p>
    </div>`;
  };
  return html`<div class="contact-fields">${option.data.map(field)}</div>`;
}

function iconOf(option: PaymentOption): IconName {
  if (option.kind !== 'redirect') return 'card';
  if (option.family === 'wallet') return 'wallet';
  if (option.family === 'bank') return 'bank';
  if (option.family === 'local') return 'phone';
  return 'link';
}

/** An option's name; the card is a "new card" only beside saved ones. */
export function optionName(option: PaymentOption, catalog: Messages, text: PageTexts, beside: readonly PaymentOption[] = []): string {
  switch (option.kind) {
    case 'card':
      return beside.some((o) => o.kind === 'saved-card') ? text.newCard : catalog.hostedPage.card;
    case 'saved-card':
      return formatMessage(text.savedCardOption, { brand: brandName(option.card.brand), last4: lastFour(option.card.masked) });
    case 'redirect':
      return typeof option.name === 'string' ? option.name : catalog.alternativeMethods[option.name.key];
  }
}

function brandName(brand: string | null): string {
  return cardBrandName(brand) ?? (brand || 'Card');
}

function expiryText(option: Extract<PaymentOption, { kind: 'saved-card' }>): string {
  const mmyy = expirationMMYY(option.card);
  return `${mmyy.slice(0, 2)}/${mmyy.slice(2)}`;
}
