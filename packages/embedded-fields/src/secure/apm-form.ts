/**
 * <ef-apm-form>: the alternative-payment-method component inside its secure frame. A radio
 * group of the methods the gateway offers for the session (the multi-method provider's
 * options in one select), and under the chosen one its fields: BLIK code for
 * provider-x-local, and email, first and last name when the merchant shows them
 * (customerConfig), pre-populated from the session's customer.
 *
 * Light DOM (browser autofill of email and names), styled by the card form's sheet plus
 * apmFormStyles. Events, as <ef-card-form>'s: `ef-state` (ComponentState, deduplicated),
 * `ef-resize` ({height}), `ef-focus-exit` ({direction}, cancelable), `ef-submit` (Enter).
 */
import { formatMessage, isLocaleTag, loadedMessages, type LocaleTag, type Messages } from '@payments/core';
import { html, nothing, type TemplateResult } from 'lit/html.js';
import { defineElement, FrameElement } from './frame-element';
import { live } from 'lit/directives/live.js';
import type { AlternativeFieldName, ComponentState, FieldState, HolderData } from '../shared/payment-types';
import type { ApmFrameConfig } from '../shared/protocol';
import {
  apmErrorMessage,
  apmFieldState,
  editBlikCode,
  methodName,
  providerYOption,
  shownFields,
  type ApmFieldName,
  type ApmMode,
  type ApmValues,
  type OfferedMethod,
  type SessionShopper,
} from './apm-fields';
import { methodMark } from './apm-marks';
import { apmFormStyles } from './apm-styles';
import { FormController } from './form-controller';
import { MAX_EMAIL_LENGTH, MAX_HOLDER_NAME_LENGTH } from './field-controller';
import { cardFormStyles } from './styles';
import { themeStateStyles } from './theme-styles';

/** One radio: a method, or the multi-method provider's methods together. */
interface MethodGroup {
  key: string;
  methods: OfferedMethod[];
}

const FIELD_ATTRIBUTES: Readonly<Record<ApmFieldName, { name: string; autocomplete: string; type: string; inputmode: string }>> = {
  email: { name: 'email', autocomplete: 'email', type: 'email', inputmode: 'email' },
  firstName: { name: 'given-name', autocomplete: 'given-name', type: 'text', inputmode: 'text' },
  lastName: { name: 'family-name', autocomplete: 'family-name', type: 'text', inputmode: 'text' },
  blikCode: { name: 'blik-code', autocomplete: 'one-time-code', type: 'text', inputmode: 'numeric' },
};

type ModeKey = ApmFieldName | 'method';

const emptyValues = (): ApmValues => ({ email: '', firstName: '', lastName: '', blikCode: '' });

export class ApmForm extends FrameElement {
  #config: ApmFrameConfig | undefined;
  #methods: OfferedMethod[] = [];
  #groupKey: string | null = null;
  #providerYType: string | null = null;
  #values = emptyValues();
  #modes: Record<ModeKey, ApmMode> = { method: 'typing', email: 'typing', firstName: 'typing', lastName: 'typing', blikCode: 'typing' };
  readonly #form = new FormController(this, {
    styles: [cardFormStyles, apmFormStyles, themeStateStyles],
    styleId: 'ef-apm-form-styles',
    tabStops: () => this.#tabStops(),
    state: () => (this.#config ? this.getState() : undefined),
  });

  /** The host's configuration (customerConfig, styles, locale). */
  set config(config: ApmFrameConfig) {
    this.#config = config;
    if (isLocaleTag(config.locale)) this.locale = config.locale;
    this.requestUpdate();
    this.#emitState();
  }

  get config(): ApmFrameConfig | undefined {
    return this.#config;
  }

  set locale(locale: LocaleTag) {
    this.#form.locale = locale;
  }

  get locale(): LocaleTag {
    return this.#form.locale;
  }

  /** The methods to offer, and the session's customer to pre-populate the fields with. */
  setMethods(methods: readonly OfferedMethod[], shopper: SessionShopper | null): void {
    this.#methods = [...methods];
    this.#values = {
      email: shopper?.email ?? '',
      firstName: shopper?.first_name ?? '',
      lastName: shopper?.last_name ?? '',
      blikCode: '',
    };
    const groups = this.#groups();
    // One method needs no choosing.
    if (groups.length === 1) this.#select(groups[0]!.key);
    this.requestUpdate();
    this.#emitState();
  }

  // ---- public API ------------------------------------------------------------------------

  /** The chosen method (for the multi-method provider, its chosen option). */
  selectedMethod(): OfferedMethod | undefined {
    const group = this.#groups().find((g) => g.key === this.#groupKey);
    if (!group) return undefined;
    if (group.methods.length === 1) return group.methods[0];
    return group.methods.find((m) => m.type === this.#providerYType) ?? group.methods[0];
  }

  /** The fields shown for the chosen method. */
  shownFields(): ApmFieldName[] {
    return this.#config ? shownFields(this.selectedMethod(), this.#config.customerConfig) : [];
  }

  values(): ApmValues {
    return { ...this.#values };
  }

  validateAll(): ComponentState {
    for (const key of Object.keys(this.#modes) as ModeKey[]) this.#modes[key] = 'submitted';
    this.requestUpdate();
    this.#emitState();
    return this.getState();
  }

  getState(): ComponentState {
    const method = this.selectedMethod();
    const fields: Partial<Record<AlternativeFieldName, FieldState>> = {
      method: method
        ? { empty: false, complete: true, valid: true, error: null }
        : { empty: true, complete: false, valid: false, error: this.#modes.method === 'submitted' ? 'method_required' : null },
    };
    for (const field of this.shownFields()) fields[field] = apmFieldState(field, this.#values[field], this.#modes[field]);
    return { valid: Object.values(fields).every((state) => state.valid), brand: null, fields, method: method?.type ?? null };
  }

  getHolderData(): HolderData {
    const shown = this.shownFields();
    const data: HolderData = {};
    const email = this.#values.email.trim();
    const firstName = this.#values.firstName.trim();
    const lastName = this.#values.lastName.trim();
    if (shown.includes('email') && email) data.email = email;
    if (shown.includes('firstName') && firstName) data.firstName = firstName;
    if (shown.includes('lastName') && lastName) data.lastName = lastName;
    return data;
  }

  setBusy(busy: boolean): void {
    this.#form.setBusy(busy);
  }

  showFormMessage(text: string | null): void {
    this.#form.showMessage(text);
  }

  focusField(which: 'first' | 'last'): void {
    this.#form.focusEdge(which)?.focus();
  }

  // ---- state -----------------------------------------------------------------------------

  #groups(): MethodGroup[] {
    const providerY = this.#methods.filter((m) => m.family === 'provider-y');
    const groups: MethodGroup[] = [];
    for (const method of this.#methods) {
      if (method.family === 'provider-y' && providerY.length > 1) {
        if (!groups.some((g) => g.key === 'provider-y')) groups.push({ key: 'provider-y', methods: providerY });
      } else {
        groups.push({ key: method.type, methods: [method] });
      }
    }
    return groups;
  }

  #select(key: string): void {
    this.#groupKey = key;
    const group = this.#groups().find((g) => g.key === key);
    if (group && group.methods.length > 1 && !group.methods.some((m) => m.type === this.#providerYType)) {
      this.#providerYType = group.methods[0]!.type;
    }
    this.#modes.method = 'typing';
    this.#form.showMessage(null);
    this.#emitState();
  }

  #emitState(): void {
    this.#form.emitState();
  }

  /** Tab stops: every enabled control, but only the checked radio (or the first) of the group. */
  #tabStops(): HTMLElement[] {
    const controls = [...this.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input:not([disabled]), select:not([disabled])')];
    const radios = controls.filter((c): c is HTMLInputElement => c instanceof HTMLInputElement && c.type === 'radio');
    const radioStop = radios.find((r) => r.checked) ?? radios[0];
    return controls.filter((c) => !(c instanceof HTMLInputElement && c.type === 'radio') || c === radioStop);
  }

  // ---- events ----------------------------------------------------------------------------

  #onInput(field: ApmFieldName, event: Event): void {
    const input = event.target as HTMLInputElement;
    const value = field === 'blikCode' ? editBlikCode(input.value) : input.value;
    if (input.value !== value) input.value = value;
    this.#values[field] = value;
    this.#modes[field] = 'typing';
    this.requestUpdate();
    this.#emitState();
  }

  #onBlur(field: ApmFieldName): void {
    if (this.#modes[field] !== 'typing') return;
    this.#modes[field] = 'blurred';
    this.requestUpdate();
    this.#emitState();
  }

  // ---- rendering -------------------------------------------------------------------------

  protected override render(): TemplateResult | typeof nothing {
    if (!this.#config || this.#config.mode === 'headless') return nothing;
    const text = loadedMessages(this.#form.locale);
    const groups = this.#groups();
    const state = this.getState();
    const methodError = state.fields.method?.error ? apmErrorMessage(state.fields.method.error, text) : '';
    return html`<form
      class="ef-form ef-apm"
      novalidate
      autocomplete="on"
      aria-busy=${this.#form.busy ? 'true' : 'false'}
      @submit=${(event: SubmitEvent) => this.#form.onSubmit(event)}
      @keydown=${(event: KeyboardEvent) => this.#form.onKeyDown(event)}
    >
      ${groups.length === 0
        ? html`<p class="ef-apm-empty" role="status">${text.alternativeMethods.noMethods}</p>`
        : html`<fieldset class="ef-methods" aria-describedby="ef-method-error">
            <legend class="ef-label">${text.alternativeMethods.legend}</legend>
            <div class="ef-method-list">${groups.map((group) => this.#renderGroup(group, text))}</div>
            <p class="ef-error" id="ef-method-error" aria-live="polite">${methodError}</p>
          </fieldset>`}
      ${this.#form.renderMessage()}
    </form>`;
  }

  #renderGroup(group: MethodGroup, text: Messages): TemplateResult {
    const selected = group.key === this.#groupKey;
    const first = group.methods[0]!;
    const name = group.methods.length > 1 ? 'Provider Y' : methodName(first.type, text);
    return html`<div class="ef-method ${selected ? 'ef-method--selected' : ''}">
      <label class="ef-method-choice">
        <input
          type="radio"
          name="ef-method"
          value=${group.key}
          .checked=${live(selected)}
          ?disabled=${this.#form.busy}
          @change=${() => this.#select(group.key)}
        />
        <span class="ef-method-mark" aria-hidden="true"><svg viewBox="0 0 40 26" focusable="false">${methodMark(first.type, first.family)}</svg></span>
        <span class="ef-method-name">${name}</span>
      </label>
      ${selected ? this.#renderPanel(group, text) : nothing}
    </div>`;
  }

  #renderPanel(group: MethodGroup, text: Messages): TemplateResult {
    const method = this.selectedMethod();
    const shown = this.shownFields();
    const nameFields = shown.filter((f) => f === 'firstName' || f === 'lastName');
    return html`<div class="ef-method-panel">
      ${group.methods.length > 1 ? this.#renderProviderSelect(group, text) : nothing}
      ${shown.includes('email') ? this.#renderField('email', text) : nothing}
      ${nameFields.length > 0 ? html`<div class="ef-row">${nameFields.map((f) => this.#renderField(f, text))}</div>` : nothing}
      ${shown.includes('blikCode') ? this.#renderField('blikCode', text) : nothing}
      ${method ? html`<p class="ef-method-note">${formatMessage(text.alternativeMethods.redirectNotice, { method: methodName(method.type, text) })}</p>` : nothing}
    </div>`;
  }

  #renderProviderSelect(group: MethodGroup, text: Messages): TemplateResult {
    return html`<div class="ef-field">
      <label class="ef-label" for="ef-provider-option">${text.alternativeMethods.providerOption}</label>
      <select
        id="ef-provider-option"
        class="ef-input ef-select"
        ?disabled=${this.#form.busy}
        @change=${(event: Event) => {
          this.#providerYType = (event.target as HTMLSelectElement).value;
          this.requestUpdate();
          this.#emitState();
        }}
      >
        ${group.methods.map(
          (m) => html`<option value=${m.type} ?selected=${m.type === (this.#providerYType ?? group.methods[0]!.type)}>${providerYOption(m.type)}</option>`,
        )}
      </select>
    </div>`;
  }

  #renderField(field: ApmFieldName, text: Messages): TemplateResult {
    const id = `ef-apm-${field}`;
    const errorId = `${id}-error`;
    const hintId = `${id}-hint`;
    const state = apmFieldState(field, this.#values[field], this.#modes[field]);
    const error = state.error ? apmErrorMessage(state.error, text) : '';
    const label =
      field === 'email'
        ? text.labels.email
        : field === 'firstName'
          ? text.alternativeMethods.firstName
          : field === 'lastName'
            ? text.alternativeMethods.lastName
            : text.alternativeMethods.blikCode;
    const attributes = FIELD_ATTRIBUTES[field];
    const describedBy = [field === 'blikCode' ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
    // The BLIK code has no maxlength: a pasted "777 123" must reach editBlikCode whole.
    const maxLength = field === 'blikCode' ? undefined : field === 'email' ? MAX_EMAIL_LENGTH : MAX_HOLDER_NAME_LENGTH;
    return html`<div class="ef-field ef-field--${field}">
      <label class="ef-label" for=${id}>${label}</label>
      ${field === 'blikCode' ? html`<p class="ef-hint" id=${hintId}>${text.alternativeMethods.blikHint}</p>` : nothing}
      <div class="ef-control">
        <input
          id=${id}
          class="ef-input"
          type=${attributes.type}
          name=${attributes.name}
          autocomplete=${attributes.autocomplete}
          inputmode=${attributes.inputmode}
          autocapitalize=${field === 'firstName' || field === 'lastName' ? 'words' : 'off'}
          spellcheck="false"
          maxlength=${maxLength ?? nothing}
          ?required=${field !== 'blikCode'}
          ?disabled=${this.#form.busy}
          aria-invalid=${state.error ? 'true' : 'false'}
          aria-describedby=${describedBy || nothing}
          .value=${live(this.#values[field])}
          @input=${(event: Event) => this.#onInput(field, event)}
          @blur=${() => this.#onBlur(field)}
        />
      </div>
      <p class="ef-error" id=${errorId} aria-live="polite">${error}</p>
    </div>`;
  }
}

defineElement('ef-apm-form', ApmForm);

declare global {
  interface HTMLElementTagNameMap {
    'ef-apm-form': ApmForm;
  }
}
