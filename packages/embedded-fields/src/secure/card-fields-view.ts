/**
 * The card form's templates: one field (label, input, brand or CVV mark, error) and the
 * saved card's summary. Pure functions of what <ef-card-form> knows; the element keeps the
 * state and the handlers.
 */
import { formatMessage, type CardBrand, type Messages } from '@payments/core';
import { html, nothing, type TemplateResult } from 'lit/html.js';
import type { FieldName, FieldState } from '../shared/payment-types';
import { brandMark, cvvMark } from './card-marks';
import { MAX_EMAIL_LENGTH, MAX_HOLDER_NAME_LENGTH } from './card-field-defaults';
import type { SavedCardView } from './field-controller';
import { fieldErrorMessage } from './field-messages';
import { securityCodeField } from './security-code';

/** Per field: its id suffix, form name, autocomplete token and label key. */
const FIELD_ATTRIBUTES: Readonly<
  Record<FieldName, { name: string; autocomplete: string; label: 'cardNumber' | 'expiryDate' | 'cvv' | 'cardholderName' | 'email' }>
> = {
  number: { name: 'cardnumber', autocomplete: 'cc-number', label: 'cardNumber' },
  expiry: { name: 'exp-date', autocomplete: 'cc-exp', label: 'expiryDate' },
  cvv: { name: 'cvc', autocomplete: 'cc-csc', label: 'cvv' },
  holderName: { name: 'ccname', autocomplete: 'cc-name', label: 'cardholderName' },
  email: { name: 'email', autocomplete: 'email', label: 'email' },
};

export interface CardFieldView {
  name: FieldName;
  /** The input's id (the label's `for`, and the stem of the error's and brand's ids). */
  id: string;
  text: Messages;
  state: FieldState;
  value: string;
  /** The detected brand (number and CVV fields). */
  brand: CardBrand | undefined;
  /** The number's: a co-badged card's chosen network, whose mark and name show instead of the brand's. */
  network?: { id: string; name: string } | undefined;
  required: boolean;
  busy: boolean;
  /** Drawn at the field's end: the number's network choice (network-choice.ts). */
  extra?: TemplateResult | typeof nothing | undefined;
  /** The label is for assistive technology only (the merchant labels the field outside the frame). */
  hideLabel?: boolean;
  /** The merchant's own label (translations' `card.<field>.label`: form-messages.ts, ownFieldLabel): it wins over the brand's name for its code. */
  ownLabel?: string | undefined;
  onBeforeInput(event: InputEvent): void;
  onInput(event: Event): void;
  onCompositionEnd(event: CompositionEvent): void;
  onBlur(): void;
}

export function renderCardField(view: CardFieldView): TemplateResult {
  const { name, id, text, state, brand } = view;
  const { name: formName, autocomplete, label } = FIELD_ATTRIBUTES[name];
  const errorId = `${id}-error`;
  const error = state.error ? fieldErrorMessage(text, state.error) : '';
  const { label: brandLabel, placeholder } =
    name === 'cvv' ? securityCodeField(brand, text) : { label: text.labels[label], placeholder: text.placeholders[label] };
  const labelText = view.ownLabel ?? brandLabel;
  const network = name === 'number' ? view.network : undefined;
  const brandName = network?.name ?? brand?.displayName;
  const brandId = name === 'number' && brandName ? `${id}-brand` : '';
  const describedBy = [error ? errorId : '', brandId].filter(Boolean).join(' ');
  const numeric = name === 'number' || name === 'expiry' || name === 'cvv';
  const mark = name === 'number' ? brandMark(network?.id ?? brand?.id) : name === 'cvv' ? cvvMark(brand?.cvvLength ?? 3) : undefined;
  const maxLength = name === 'holderName' ? MAX_HOLDER_NAME_LENGTH : name === 'email' ? MAX_EMAIL_LENGTH : undefined;
  return html`<div class="ef-field ef-field--${name}">
    <label class="${view.hideLabel ? 'ef-sr-only' : 'ef-label'}" for=${id}>${labelText}</label>
    <div class="ef-control">
      <input
        id=${id}
        class="ef-input ${mark ? 'ef-input--with-mark' : ''}"
        type=${name === 'email' ? 'email' : 'text'}
        name=${formName}
        autocomplete=${autocomplete}
        inputmode=${numeric ? 'numeric' : name === 'email' ? 'email' : 'text'}
        autocorrect="off"
        autocapitalize=${name === 'holderName' ? 'words' : 'off'}
        spellcheck="false"
        dir=${name === 'holderName' ? 'auto' : 'ltr'}
        maxlength=${maxLength ?? nothing}
        placeholder=${placeholder}
        ?required=${view.required}
        ?disabled=${view.busy}
        aria-invalid=${state.error ? 'true' : 'false'}
        ?data-complete=${state.complete && state.valid && !state.empty}
        aria-describedby=${describedBy || nothing}
        .value=${view.value}
        @beforeinput=${(event: InputEvent) => view.onBeforeInput(event)}
        @input=${(event: Event) => view.onInput(event)}
        @compositionend=${(event: CompositionEvent) => view.onCompositionEnd(event)}
        @blur=${() => view.onBlur()}
      />
      ${mark ? html`<span class="ef-mark" aria-hidden="true">${mark}</span>` : nothing}
      ${brandId ? html`<span class="ef-sr-only" id=${brandId}>${brandName}</span>` : nothing}
    </div>
    <p class="ef-error" id=${errorId} aria-live="polite">${error}</p>
    ${view.extra ?? nothing}
  </div>`;
}

export function renderSavedCard(card: SavedCardView, expired: boolean, text: Messages): TemplateResult {
  const spoken = formatMessage(text.savedCard.cardEnding, { brand: card.brandName, last4: card.last4 });
  const expiry = formatMessage(expired ? text.savedCard.expired : text.savedCard.expires, { date: card.expiry });
  return html`<div class="ef-saved">
    <span aria-hidden="true">${brandMark(card.brand?.id)}</span>
    <span class="ef-saved-text">
      <span class="ef-saved-number"
        ><span aria-hidden="true">${card.brandName}${card.last4 ? ` •••• ${card.last4}` : ''}</span
        ><span class="ef-sr-only">${card.last4 ? spoken : card.brandName}</span></span
      >
      ${card.expiry ? html`<span class="ef-saved-expiry ${expired ? 'ef-saved-expiry--expired' : ''}">${expiry}</span>` : nothing}
    </span>
  </div>`;
}

/** The "save this card" box a card form offers (the merchant's `saveCard.offer`). */
export function renderSaveCardOffer(checked: boolean, busy: boolean, label: string, onChange: (event: Event) => void): TemplateResult {
  return html`<label class="ef-check">
    <input type="checkbox" name="save-card" .checked=${checked} ?disabled=${busy} @change=${onChange} /><span>${label}</span>
  </label>`;
}
