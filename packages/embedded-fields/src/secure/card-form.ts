/**
 * <ef-card-form>: the card fields inside the secure frame. Card data lives only here; the
 * element reports states (never values) by events and hands the values to the frame's
 * payment code through `readCardData()`.
 *
 * It renders into light DOM: browser autofill fills number, expiry, CVV, name and email
 * together only when they sit in one <form> of one tree, and autofill does not cross shadow
 * roots reliably. Styles are scoped by `ef-` classes and adopted on the document once.
 *
 * Events (CustomEvent, bubbling and composed; names in CARD_FORM_EVENTS):
 *  - `ef-state`: ComponentState, after any input or blur that changes it (deduplicated);
 *  - `ef-resize`: {height}, the element's border-box height, when it changes;
 *  - `ef-focus-exit`: {direction}, Tab on the last control or Shift+Tab on the first. The
 *    browser's own Tab still happens (focus leaves the frame natively where browsers allow
 *    it); a listener that moves focus itself calls `preventDefault()` on the event, and the
 *    element then cancels the key;
 *  - `ef-submit`: Enter in a field (not while busy).
 */
import {
  detectCardBrand,
  formatMessage,
  isLocaleTag,
  messages,
  normalizeCardNumber,
  toEncryptableExpiry,
  validateExpiry,
  type CardBrand,
  type CardErrorCode,
  type LocaleTag,
  type Messages,
} from '@payments/core';
import { html, LitElement, nothing, svg, type PropertyValues, type SVGTemplateResult, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { ComponentState, FieldName, FieldState, HolderData } from '../shared/payment-types';
import type { FrameConfig } from '../shared/protocol';
import {
  cardNumberReady,
  cardNumberState,
  cvvState,
  describeSavedCard,
  editCardNumber,
  editCvv,
  editExpiry,
  editHolderName,
  editKindOf,
  emailState,
  expiryState,
  holderNameState,
  MAX_EMAIL_LENGTH,
  MAX_HOLDER_NAME_LENGTH,
  savedCardExpired,
  type Edit,
  type EditResult,
  type FieldMode,
  type SavedCardView,
} from './field-controller';
import { applyAllowedStyles, FORM_EVENTS, FormEventEmitter, type FocusExitDirection } from './form-events';
import { cardFormStyles } from './styles';

/** The element's event names (the same for every frame form). */
export const CARD_FORM_EVENTS = FORM_EVENTS;

/** What `readCardData()` answers: the values to encrypt, only when every field is valid. */
export interface CardData {
  /** Digits only. Empty for saved-card. */
  number: string;
  /** '1'–'12', no leading zero. Empty for saved-card. */
  expiryMonth: string;
  /** Four digits. Empty for saved-card. */
  expiryYear: string;
  cvv: string;
  /** Trimmed; '' when the field is not shown or left empty. */
  holderName: string;
  email: string;
  /** The shopper ticked "save this card" (only when offered). */
  saveCard: boolean;
}

export type { FocusExitDirection };

/** The message of a FieldState error code in the locale. */
function errorMessage(text: Messages, code: string): string {
  if (code in text.cardErrors) return text.cardErrors[code as CardErrorCode];
  if (code.endsWith('_required')) return text.customerErrors.required;
  if (code.endsWith('_too_long')) return text.customerErrors.too_long;
  if (code === 'email_invalid') return text.customerErrors.email_invalid;
  return text.status.genericError;
}

/** Field order: Tab order, focus advance, and the order of ComponentState.fields. */
const FIELD_ORDER: readonly FieldName[] = ['number', 'expiry', 'cvv', 'holderName', 'email'];

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

const emptyValues = (): Record<FieldName, string> => ({ number: '', expiry: '', cvv: '', holderName: '', email: '' });
const typingModes = (): Record<FieldName, FieldMode> => ({
  number: 'typing',
  expiry: 'typing',
  cvv: 'typing',
  holderName: 'typing',
  email: 'typing',
});

let instances = 0;

/** The stylesheet, adopted once per document (a <style> element where adoption is missing). */
function adoptStyles(doc: Document): void {
  const sheet = cardFormStyles.styleSheet;
  if (sheet && 'adoptedStyleSheets' in doc) {
    if (!doc.adoptedStyleSheets.includes(sheet)) doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    return;
  }
  if (doc.getElementById('ef-card-form-styles')) return;
  const style = doc.createElement('style');
  style.id = 'ef-card-form-styles';
  style.textContent = cardFormStyles.cssText;
  doc.head.append(style);
}

export class CardForm extends LitElement {
  #config: FrameConfig | undefined;
  #locale: LocaleTag = 'en-US';
  #values = emptyValues();
  #modes = typingModes();
  #saveCard = false;
  #busy = false;
  #formMessage: string | null = null;
  readonly #events = new FormEventEmitter(this);
  #resizeObserver: ResizeObserver | undefined;
  readonly #id = `ef${(instances += 1)}`;
  #hideCvv = false;

  /** No CVV field for a new card: the hosted page's `cvv_less` option (Embedded Fields always shows it, spec). */
  get hideCvv(): boolean {
    return this.#hideCvv;
  }

  set hideCvv(hide: boolean) {
    this.#hideCvv = hide;
    this.requestUpdate();
    this.#emitState();
  }

  /** The frame's configuration (from the host's `configure`). Renders the fields it asks for. */
  get config(): FrameConfig | undefined {
    return this.#config;
  }

  set config(config: FrameConfig | undefined) {
    this.#config = config;
    applyAllowedStyles(this, config?.styles);
    if (config && isLocaleTag(config.locale)) this.locale = config.locale;
    this.requestUpdate();
    this.#emitState();
  }

  /** Labels, placeholders and messages switch at once; what was typed stays. */
  get locale(): LocaleTag {
    return this.#locale;
  }

  set locale(locale: LocaleTag) {
    if (!isLocaleTag(locale)) return;
    this.#locale = locale;
    if (this.isConnected) this.ownerDocument.documentElement.lang = locale;
    this.requestUpdate();
  }

  /** Light DOM: see the file comment. */
  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    adoptStyles(this.ownerDocument);
    this.ownerDocument.documentElement.lang = this.#locale;
    this.#resizeObserver = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.borderBoxSize?.[0];
      this.#events.height(box ? box.blockSize : this.getBoundingClientRect().height);
    });
    this.#resizeObserver.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resizeObserver?.disconnect();
    this.#resizeObserver = undefined;
  }

  // ---- public API ------------------------------------------------------------------------

  /** Judges every field as final (empty required fields report *_required), shows the errors, answers the state. */
  validateAll(): ComponentState {
    for (const field of FIELD_ORDER) this.#modes[field] = 'submitted';
    this.requestUpdate();
    this.#emitState();
    return this.getState();
  }

  /** Every shown field's state; never a value. */
  getState(): ComponentState {
    const fields: Partial<Record<FieldName, FieldState>> = {};
    for (const field of this.#shownFields()) fields[field] = this.#fieldState(field, this.#modes[field]);
    return {
      // An expired saved card cannot pay, whatever its CVV.
      valid: Object.values(fields).every((state) => state.valid) && this.#shownFields().length > 0 && !this.#savedCardExpired(),
      brand: this.#brandId(),
      fields,
    };
  }

  /** What the shopper typed in the optional fields (trimmed; keys only for shown, filled fields). */
  getHolderData(): HolderData {
    const data: HolderData = {};
    const shown = this.#shownFields();
    const holderName = this.#values.holderName.trim();
    const email = this.#values.email.trim();
    if (shown.includes('holderName') && holderName) data.holderName = holderName;
    if (shown.includes('email') && email) data.email = email;
    return data;
  }

  /** The values to encrypt, or undefined unless every shown field is valid as it stands. */
  readCardData(): CardData | undefined {
    const shown = this.#shownFields();
    if (shown.length === 0) return undefined;
    if (!shown.every((field) => this.#fieldState(field, 'submitted').valid)) return undefined;
    const holderName = shown.includes('holderName') ? this.#values.holderName.trim() : '';
    const email = shown.includes('email') ? this.#values.email.trim() : '';
    if (this.#config?.component === 'saved-card') {
      if (!this.#config.savedCard) return undefined;
      return { number: '', expiryMonth: '', expiryYear: '', cvv: this.#values.cvv, holderName, email, saveCard: false };
    }
    const number = normalizeCardNumber(this.#values.number);
    const expiry = validateExpiry(this.#values.expiry, new Date(), { final: true }).expiry;
    if (!number || !expiry) return undefined;
    const { month, year } = toEncryptableExpiry(expiry);
    return {
      number,
      expiryMonth: month,
      expiryYear: year,
      cvv: this.#values.cvv,
      holderName,
      email,
      saveCard: Boolean(this.#config?.saveCard?.offer) && this.#saveCard,
    };
  }

  /** While paying: every control disabled, the form aria-busy. */
  setBusy(busy: boolean): void {
    this.#busy = busy;
    this.requestUpdate();
  }

  /** A form-level message (role="alert") below the fields; null removes it. */
  showFormMessage(text: string | null): void {
    this.#formMessage = text === null || text.trim() === '' ? null : text;
    this.requestUpdate();
  }

  /** Focuses the first or last control (the host's Tab into the frame). */
  focusField(which: 'first' | 'last'): void {
    const controls = this.#controls();
    const target = which === 'first' ? controls[0] : controls[controls.length - 1];
    if (target) this.#focusAtEnd(target);
  }

  // ---- state -----------------------------------------------------------------------------

  #shownFields(): FieldName[] {
    const config = this.#config;
    if (!config) return [];
    if (config.component === 'saved-card') return ['cvv'];
    const { hasHolderName, hasHolderEmail } = config.customerConfig;
    return FIELD_ORDER.filter(
      (field) =>
        (field !== 'holderName' || hasHolderName) && (field !== 'email' || hasHolderEmail) && (field !== 'cvv' || !this.#hideCvv),
    );
  }

  #savedCard(): SavedCardView | undefined {
    const card = this.#config?.component === 'saved-card' ? this.#config.savedCard : null;
    return card ? describeSavedCard(card) : undefined;
  }

  #savedCardExpired(): boolean {
    const card = this.#config?.component === 'saved-card' ? this.#config.savedCard : null;
    return card ? savedCardExpired(card.expirationDate, new Date()) : false;
  }

  #brand(): CardBrand | undefined {
    return this.#config?.component === 'saved-card' ? this.#savedCard()?.brand : detectCardBrand(this.#values.number);
  }

  #brandId(): string | null {
    return this.#config?.component === 'saved-card' ? (this.#savedCard()?.brandId ?? null) : (this.#brand()?.id ?? null);
  }

  #fieldState(field: FieldName, mode: FieldMode): FieldState {
    const value = this.#values[field];
    const customer = this.#config?.customerConfig;
    switch (field) {
      case 'number':
        return cardNumberState(value, mode);
      case 'expiry':
        return expiryState(value, mode, new Date());
      case 'cvv':
        return cvvState(value, this.#brand(), mode);
      case 'holderName':
        return holderNameState(value, Boolean(customer?.holderNameRequired), mode);
      case 'email':
        return emailState(value, Boolean(customer?.holderEmailRequired), mode);
    }
  }

  #emitState(): void {
    if (this.#config) this.#events.state(this.getState());
  }

  // ---- events ----------------------------------------------------------------------------

  #edit(field: FieldName, edit: Edit): EditResult {
    switch (field) {
      case 'number':
        return editCardNumber(edit);
      case 'expiry':
        return editExpiry(edit);
      case 'cvv':
        return editCvv(edit, this.#brand());
      case 'holderName':
        return editHolderName(edit);
      case 'email':
        return { value: edit.raw.slice(0, MAX_EMAIL_LENGTH), caret: edit.caret, refused: false };
    }
  }

  #onInput(field: FieldName, event: Event): void {
    if ((event as InputEvent).isComposing) return; // judged at compositionend
    const inputType = event instanceof InputEvent ? event.inputType : undefined;
    this.#handleInput(field, event.target as HTMLInputElement, editKindOf(inputType));
  }

  #onCompositionEnd(field: FieldName, event: CompositionEvent): void {
    this.#handleInput(field, event.target as HTMLInputElement, 'insert');
  }

  #handleInput(field: FieldName, input: HTMLInputElement, kind: Edit['kind']): void {
    const previous = this.#values[field];
    if (input.value === previous) return;
    const caret = field === 'email' ? input.value.length : (input.selectionStart ?? input.value.length);
    const result = this.#edit(field, { previous, raw: input.value, caret, kind });
    if (input.value !== result.value) input.value = result.value;
    const focused = this.ownerDocument.activeElement === input;
    if (field !== 'email' && focused) input.setSelectionRange(result.caret, result.caret);
    if (result.refused) return;

    this.#values[field] = result.value;
    this.#modes[field] = 'typing';
    this.requestUpdate();
    this.#emitState();

    const typed = kind === 'insert' || kind === 'paste';
    if (typed && focused && result.caret === result.value.length && this.#readyToMoveOn(field)) this.#focusNext(field);
  }

  #readyToMoveOn(field: FieldName): boolean {
    const value = this.#values[field];
    if (field === 'number') return cardNumberReady(value);
    if (field === 'expiry' || field === 'cvv') {
      const state = this.#fieldState(field, 'typing');
      return state.valid && state.complete;
    }
    return false;
  }

  #focusNext(field: FieldName): void {
    const shown = this.#shownFields();
    const next = shown[shown.indexOf(field) + 1];
    const input = next ? this.querySelector<HTMLInputElement>(`#${this.#id}-${next}`) : null;
    if (input) this.#focusAtEnd(input);
  }

  #focusAtEnd(input: HTMLInputElement): void {
    input.focus();
    if (input.type === 'text') input.setSelectionRange(input.value.length, input.value.length);
  }

  #onBlur(field: FieldName): void {
    if (this.#modes[field] !== 'typing') return;
    this.#modes[field] = 'blurred';
    this.requestUpdate();
    this.#emitState();
  }

  #controls(): HTMLInputElement[] {
    return [...this.querySelectorAll<HTMLInputElement>('input:not([disabled])')];
  }

  #onKeyDown(event: KeyboardEvent): void {
    if (event.key === 'Enter' && !event.isComposing) {
      event.preventDefault();
      if (!this.#busy) this.#events.submit();
      return;
    }
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
    const controls = this.#controls();
    const edge = event.shiftKey ? controls[0] : controls[controls.length - 1];
    if (event.target !== edge) return;
    const direction: FocusExitDirection = event.shiftKey ? 'backward' : 'forward';
    const handled = this.#events.focusExit(direction);
    if (handled) event.preventDefault();
  }

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    if (!this.#busy) this.#events.submit();
  }

  #onSaveCard(event: Event): void {
    this.#saveCard = (event.target as HTMLInputElement).checked;
    this.requestUpdate();
  }

  // ---- rendering -------------------------------------------------------------------------

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (!this.#events.heightReported) this.#events.height(this.getBoundingClientRect().height);
  }

  protected override render(): TemplateResult | typeof nothing {
    const config = this.#config;
    if (!config) return nothing;
    const text = messages(this.#locale);
    const extra = text.savedCard;
    const shown = this.#shownFields();
    const saved = this.#savedCard();
    const field = (name: FieldName): TemplateResult | typeof nothing =>
      shown.includes(name) ? this.#renderField(name, text) : nothing;

    return html`<form
      class="ef-form"
      novalidate
      autocomplete="on"
      aria-busy=${this.#busy ? 'true' : 'false'}
      @submit=${(event: SubmitEvent) => this.#onSubmit(event)}
      @keydown=${(event: KeyboardEvent) => this.#onKeyDown(event)}
    >
      ${config.component === 'saved-card'
        ? html`${saved ? this.#renderSavedCard(saved, text) : nothing}
            <div class="ef-row">${field('cvv')}</div>`
        : html`${field('number')}
            <div class="ef-row">${field('expiry')}${field('cvv')}</div>
            ${field('holderName')}${field('email')}`}
      ${config.component === 'card' && config.saveCard?.offer
        ? html`<label class="ef-check">
            <input
              type="checkbox"
              name="save-card"
              .checked=${live(this.#saveCard)}
              ?disabled=${this.#busy}
              @change=${(event: Event) => this.#onSaveCard(event)}
            /><span>${extra.saveCard}</span>
          </label>`
        : nothing}
      ${this.#formMessage ? html`<p class="ef-form-message" role="alert">${this.#formMessage}</p>` : nothing}
    </form>`;
  }

  #renderField(name: FieldName, text: Messages): TemplateResult {
    const { name: formName, autocomplete, label } = FIELD_ATTRIBUTES[name];
    const id = `${this.#id}-${name}`;
    const errorId = `${id}-error`;
    const state = this.#fieldState(name, this.#modes[name]);
    const error = state.error ? errorMessage(text, state.error) : '';
    const brand = name === 'number' ? this.#brand() : undefined;
    const brandId = brand ? `${id}-brand` : '';
    const describedBy = [error ? errorId : '', brandId].filter(Boolean).join(' ');
    const numeric = name === 'number' || name === 'expiry' || name === 'cvv';
    const customer = this.#config?.customerConfig;
    const required =
      numeric ||
      (name === 'holderName' && Boolean(customer?.holderNameRequired)) ||
      (name === 'email' && Boolean(customer?.holderEmailRequired));
    const mark = name === 'number' ? brandMark(brand?.id) : name === 'cvv' ? cvvMark(this.#brand()?.cvvLength ?? 3) : undefined;
    const maxLength = name === 'holderName' ? MAX_HOLDER_NAME_LENGTH : name === 'email' ? MAX_EMAIL_LENGTH : undefined;

    return html`<div class="ef-field ef-field--${name}">
      <label class="ef-label" for=${id}>${text.labels[label]}</label>
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
          placeholder=${text.placeholders[label]}
          ?required=${required}
          ?disabled=${this.#busy}
          aria-invalid=${state.error ? 'true' : 'false'}
          aria-describedby=${describedBy || nothing}
          .value=${live(this.#values[name])}
          @input=${(event: Event) => this.#onInput(name, event)}
          @compositionend=${(event: CompositionEvent) => this.#onCompositionEnd(name, event)}
          @blur=${() => this.#onBlur(name)}
        />
        ${mark ? html`<span class="ef-mark" aria-hidden="true">${mark}</span>` : nothing}
        ${brand ? html`<span class="ef-sr-only" id=${brandId}>${brand.displayName}</span>` : nothing}
      </div>
      <p class="ef-error" id=${errorId} aria-live="polite">${error}</p>
    </div>`;
  }

  #renderSavedCard(card: SavedCardView, text: Messages): TemplateResult {
    const spoken = formatMessage(text.savedCard.cardEnding, { brand: card.brandName, last4: card.last4 });
    const expired = this.#savedCardExpired();
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
}

// ---- brand marks (drawn, not images: no network, no innerHTML) ----------------------------

const frame = (fill: string, stroke = fill): SVGTemplateResult =>
  svg`<rect x="0.5" y="0.5" width="39" height="25" rx="3.5" fill=${fill} stroke=${stroke} />`;

const BRAND_MARKS: Readonly<Record<string, () => SVGTemplateResult>> = {
  visa: () => svg`${frame('#1434cb')}
    <text x="20" y="17.2" text-anchor="middle" fill="#fff" font-family="Arial, Helvetica, sans-serif" font-size="11.5" font-weight="800" font-style="italic" letter-spacing="0.3">VISA</text>`,
  mastercard: () => svg`${frame('#1f1f1f')}
    <circle cx="15.5" cy="13" r="7.5" fill="#eb001b" />
    <circle cx="24.5" cy="13" r="7.5" fill="#f79e1b" fill-opacity="0.9" />
    <path d="M20 7a7.5 7.5 0 0 1 0 12a7.5 7.5 0 0 1 0-12z" fill="#ff5f00" />`,
  maestro: () => svg`${frame('#1f1f1f')}
    <circle cx="15.5" cy="13" r="7.5" fill="#eb001b" />
    <circle cx="24.5" cy="13" r="7.5" fill="#0099df" fill-opacity="0.92" />
    <path d="M20 7a7.5 7.5 0 0 1 0 12a7.5 7.5 0 0 1 0-12z" fill="#7375cf" />`,
  amex: () => svg`${frame('#1f72cd')}
    <text x="20" y="16.6" text-anchor="middle" fill="#fff" font-family="Arial, Helvetica, sans-serif" font-size="9.5" font-weight="800" letter-spacing="0.4">AMEX</text>`,
  discover: () => svg`${frame('#ffffff', '#c9ced6')}
    <text x="17.5" y="15.8" text-anchor="middle" fill="#231f20" font-family="Arial, Helvetica, sans-serif" font-size="6.6" font-weight="700" letter-spacing="0.1">DISCOVER</text>
    <circle cx="33.2" cy="13.5" r="2.6" fill="#f48120" />`,
  diners: () => svg`${frame('#ffffff', '#c9ced6')}
    <circle cx="20" cy="13" r="8" fill="#0079be" />
    <circle cx="17" cy="13" r="4.4" fill="none" stroke="#fff" stroke-width="1.4" />
    <circle cx="23" cy="13" r="4.4" fill="none" stroke="#fff" stroke-width="1.4" />`,
  jcb: () => svg`${frame('#ffffff', '#c9ced6')}
    <rect x="7" y="5" width="8.4" height="16" rx="2.4" fill="#0e4c96" />
    <rect x="15.8" y="5" width="8.4" height="16" rx="2.4" fill="#e21836" />
    <rect x="24.6" y="5" width="8.4" height="16" rx="2.4" fill="#007b40" />
    <text x="20" y="16.4" text-anchor="middle" fill="#fff" font-family="Arial, Helvetica, sans-serif" font-size="7.4" font-weight="800" letter-spacing="3.3">JCB</text>`,
  unionpay: () => svg`${frame('#ffffff', '#c9ced6')}
    <path d="M9 5h8l-3 16H6z" fill="#e21836" />
    <path d="M16 5h8l-3 16h-8z" fill="#00447c" />
    <path d="M23 5h9l-3 16h-9z" fill="#007b84" />
    <text x="20.5" y="15.6" text-anchor="middle" fill="#fff" font-family="Arial, Helvetica, sans-serif" font-size="6.4" font-weight="800">UP</text>`,
};

/** A generic card, for a number whose brand is not known yet. */
const UNKNOWN_MARK = svg`<rect x="0.75" y="0.75" width="38.5" height="24.5" rx="3.5" fill="#f3f4f6" stroke="#868e9c" stroke-width="1.2" />
  <rect x="1" y="6" width="38" height="4" fill="#868e9c" />
  <rect x="5" y="15" width="12" height="2.5" rx="1.25" fill="#868e9c" />`;

/** The mark of a brand id (ours), or the generic card. */
function brandMark(id: string | undefined): TemplateResult {
  const draw = id ? BRAND_MARKS[id] : undefined;
  return html`<svg viewBox="0 0 40 26" focusable="false" data-brand=${id ?? 'unknown'}>${draw ? draw() : UNKNOWN_MARK}</svg>`;
}

/** A card's back with the security code's digits (4 for Amex, on its front). */
function cvvMark(length: 3 | 4): TemplateResult {
  return html`<svg viewBox="0 0 40 26" focusable="false" data-cvv=${length}>
    <rect x="0.75" y="0.75" width="38.5" height="24.5" rx="3.5" fill="#f3f4f6" stroke="#868e9c" stroke-width="1.2" />
    ${length === 4
      ? svg`<rect x="21" y="11" width="14" height="7" rx="1.5" fill="#fff" stroke="#0a5ad4" stroke-width="1" />
          <text x="28" y="16.4" text-anchor="middle" fill="#1a1f36" font-family="Arial, Helvetica, sans-serif" font-size="5" font-weight="700">1234</text>`
      : svg`<rect x="1" y="4.5" width="38" height="5" fill="#868e9c" />
          <rect x="5" y="13" width="18" height="6" rx="1" fill="#fff" stroke="#c9ced6" stroke-width="0.8" />
          <rect x="24" y="12" width="12" height="8" rx="1.5" fill="#fff" stroke="#0a5ad4" stroke-width="1" />
          <text x="30" y="17.9" text-anchor="middle" fill="#1a1f36" font-family="Arial, Helvetica, sans-serif" font-size="5" font-weight="700">123</text>`}
  </svg>`;
}

if (!customElements.get('ef-card-form')) customElements.define('ef-card-form', CardForm);

declare global {
  interface HTMLElementTagNameMap {
    'ef-card-form': CardForm;
  }
  interface HTMLElementEventMap {
    'ef-state': CustomEvent<ComponentState>;
    'ef-resize': CustomEvent<{ height: number }>;
    'ef-focus-exit': CustomEvent<{ direction: FocusExitDirection }>;
    'ef-submit': CustomEvent<undefined>;
  }
}
