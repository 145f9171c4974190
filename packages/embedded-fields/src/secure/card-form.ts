/**
 * <ef-card-form>: the card fields inside the secure frame. Card data lives only here; the
 * element reports states (never values) by events and hands the values to the frame's
 * payment code through `readCardData()`. What it holds and answers (values, modes, states,
 * holder and card data) is its model (card-form-model.ts); the element draws the model and
 * turns the shopper's keys, focus and clicks into edits of it.
 *
 * It renders into light DOM: browser autofill fills number, expiry, CVV, name and email
 * together only when they sit in one <form> of one tree, and autofill does not cross shadow
 * roots reliably. Styles are scoped by `ef-` classes, and the element adopts none: its
 * document brings them (card-form-stylesheets.ts).
 *
 * Its events (`ef-state`, `ef-resize`, `ef-focus-exit`, `ef-submit`) are form-events.ts's: a
 * listener that moves the focus itself on `ef-focus-exit` calls `preventDefault()`, and the
 * element then cancels the Tab key.
 *
 * The rules it formats and judges by (card-rules.ts) may arrive after it is drawn (the card
 * frame loads them as its ready report leaves): what the shopper types before they arrive
 * stays in the inputs as typed, and is formatted and judged the moment they do
 * (#applyHeldTyping).
 */
import { isLocaleTag, type CardBrand, type LocaleTag, type Messages } from '@payments/core';
import { html, nothing, type TemplateResult } from 'lit/html.js';
import { defineElement, FrameElement } from './frame-element';
import type { ComponentState, FieldName, HolderData } from '../shared/payment-types';
import type { FrameConfig } from '../shared/protocol';
import type { Edit } from './field-controller';
import { FIELD_ORDER, type CardData } from './card-field-defaults';
import { CardFormModel } from './card-form-model';
import { cardRules, loadCardRules, whenCardRules } from './card-rules-loader';
import type { CardRules } from './card-rules';
import { renderCardField, renderSavedCard, renderSaveCardOffer } from './card-fields-view';
import { retriedImport } from './retried-import';
import { brandMarksLoaded, loadBrandMarks } from './card-marks';
import { FormController } from './form-controller';
import { FORM_EVENTS, type FocusExitDirection } from './form-events';
import { formMessages, ownFieldLabel } from './form-messages';

/** The element's event names (the same for every frame form). */
export const CARD_FORM_EVENTS = FORM_EVENTS;

export type { CardData, FocusExitDirection };

let instances = 0;

/** A co-badged card's network chooser, a chunk of its own: imported here, in the entry, for the rules' chunk (network-choice.ts). */
const importNetworkChooser = retriedImport(() => import('./network-chooser'));

/** The fields whose state leaves as a character is typed, before the `input` event (#onBeforeInput). */
const FORETOLD_FIELDS: ReadonlySet<FieldName> = new Set(['number', 'expiry', 'cvv']);

export class CardForm extends FrameElement {
  /** The configuration, the values and modes, and every state and answer made of them. */
  readonly #model = new CardFormModel();
  readonly #values = this.#model.values;
  readonly #modes = this.#model.modes;
  readonly #form = new FormController(this, {
    tabStops: () => this.#controls(),
    state: () => (this.#model.config ? this.getState() : undefined),
  });
  readonly #id = `ef${(instances += 1)}`;
  /** The fields typed in before the rules arrived, with their edits' input types, in order. */
  readonly #held = new Map<FieldName, (string | undefined)[]>();
  #awaitingRules = false;

  /** No CVV field for a new card: the hosted page's `cvv_less` option (Embedded Fields always shows it, spec). */
  get hideCvv(): boolean {
    return this.#model.hideCvv;
  }

  set hideCvv(hide: boolean) {
    this.#model.hideCvv = hide;
    this.requestUpdate();
    this.#emitState();
  }

  /** The frame's configuration (from the host's `configure`). Renders the fields it asks for. */
  get config(): FrameConfig | undefined {
    return this.#model.config;
  }

  set config(config: FrameConfig | undefined) {
    this.#model.config = config;
    this.#model.clearHiddenFields(); // update(): a field the configuration no longer shows leaves, and what was typed in it
    if (config && isLocaleTag(config.locale)) this.locale = config.locale;
    this.requestUpdate();
    this.#emitState();
  }

  /** Labels, placeholders and messages switch at once; what was typed stays. */
  get locale(): LocaleTag {
    return this.#form.locale;
  }

  set locale(locale: LocaleTag) {
    this.#form.locale = locale;
  }

  /** A brand to show before its mark has loaded: load it, then draw again (the generic card meanwhile). */
  protected override willUpdate(): void {
    if (this.#model.brand() && !brandMarksLoaded()) void loadBrandMarks().then(() => this.requestUpdate(), () => undefined);
  }

  // ---- public API ------------------------------------------------------------------------

  /** Judges every field as final (empty required fields report *_required), shows the errors, answers the state. */
  validateAll(): ComponentState {
    this.#model.judgeAll();
    this.requestUpdate();
    this.#emitState();
    return this.getState();
  }

  /** Every shown field's state; never a value. */
  getState(): ComponentState {
    return this.#model.state();
  }

  /** What the shopper typed in the optional fields (trimmed; keys only for shown, filled fields). */
  getHolderData(): HolderData {
    return this.#model.holderData();
  }

  /** The values to encrypt, or undefined unless every shown field is valid as it stands. */
  readCardData(): CardData | undefined {
    return this.#model.cardData();
  }

  /** While paying: every control disabled, the form aria-busy. */
  setBusy(busy: boolean): void {
    this.#form.setBusy(busy);
  }

  /** A form-level message (role="alert") below the fields; null removes it. */
  showFormMessage(text: string | null): void {
    this.#form.showMessage(text);
  }

  /** Split fields (card-group.ts), a frame without the number: the brand the number's frame shares. */
  set groupBrand(brand: CardBrand | undefined) {
    this.#model.groupBrand = brand;
    this.requestUpdate();
    this.#emitState();
  }

  /** Split fields, the number's frame: the other fields' values, collected for a payment. */
  takeGroupValues(values: ReadonlyMap<FieldName, string>): void {
    for (const [field, value] of values) if (field !== 'number') this.#values[field] = value;
  }

  /** Split fields: what this frame's own field holds, for the number's frame. */
  groupValue(): string {
    const field = this.#model.config?.split?.field;
    return field ? this.#values[field] : '';
  }

  /** Focuses the first or last control (the host's Tab into the frame). */
  focusField(which: 'first' | 'last'): void {
    const target = this.#form.focusEdge(which);
    if (target instanceof HTMLInputElement) this.#focusAtEnd(target);
  }

  // ---- state ----------------------------------------------------------------------------

  #emitState(): void {
    this.#form.emitState();
  }

  // ---- events ----------------------------------------------------------------------------

  /**
   * A character typed in a card field: the state it leads to leaves for the merchant page now,
   * before the browser inserts it and lays the field out (most of a keystroke's way to
   * onChange: 5–9 ms of a 4× slower CPU, Chrome 2026-11). The same edit rule as the `input`
   * event's, on the value the browser is about to make, so the `input` that follows finds
   * that state already sent. Typing only: pastes, deletions, IME compositions and autofill
   * wait for `input`, and so do the name (its maxlength may refuse the character) and the
   * email (its input has no selection to read).
   */
  #onBeforeInput(field: FieldName, event: InputEvent): void {
    const rules = cardRules();
    if (!rules || !FORETOLD_FIELDS.has(field) || event.inputType !== 'insertText' || !event.data || event.isComposing || event.defaultPrevented) return;
    const input = event.target as HTMLInputElement;
    const { selectionStart: start, selectionEnd: end } = input;
    if (start === null || end === null || input.value !== this.#values[field]) return;
    const raw = input.value.slice(0, start) + event.data + input.value.slice(end);
    const result = rules.editCardField(field, { previous: input.value, raw, caret: start + event.data.length, kind: 'insert' }, this.#model.brand());
    if (result.refused || result.value === input.value) return;
    const [value, mode] = [this.#values[field], this.#modes[field]];
    this.#values[field] = result.value;
    this.#modes[field] = 'typing';
    this.#emitState();
    this.#values[field] = value;
    this.#modes[field] = mode;
    // The browser inserts in this task; if it did not after all, the state as it stands goes next.
    setTimeout(() => {
      if (input.value === value) this.#emitState();
    });
  }

  #onInput(field: FieldName, event: Event): void {
    if ((event as InputEvent).isComposing) return; // judged at compositionend
    const inputType = event instanceof InputEvent ? event.inputType : undefined;
    const rules = cardRules();
    if (rules) this.#handleInput(rules, field, event.target as HTMLInputElement, rules.editKindOf(inputType));
    else this.#hold(field, inputType);
  }

  #onCompositionEnd(field: FieldName, event: CompositionEvent): void {
    const rules = cardRules();
    if (rules) this.#handleInput(rules, field, event.target as HTMLInputElement, 'insert');
    else this.#hold(field, 'insertText');
  }

  /**
   * An edit before the rules arrived: the input keeps it as typed until they do, whichever
   * load brings them. It asks for them too, should an earlier load have failed (each held key
   * asks again while none is under way: loadCardRules() shares the load in flight).
   */
  #hold(field: FieldName, inputType: string | undefined): void {
    this.#held.set(field, [...(this.#held.get(field) ?? []), inputType]);
    if (!this.#awaitingRules) {
      this.#awaitingRules = true;
      whenCardRules((rules) => this.#applyHeldTyping(rules));
    }
    loadCardRules().catch(() => undefined);
  }

  /**
   * The rules have arrived: each field typed in meanwhile gets the text typing would have
   * left (held-typing.ts), in field order (the CVV's length follows the number's brand); then
   * the state leaves, and focus moves on as the last key would have moved it.
   */
  #applyHeldTyping(rules: CardRules): void {
    const held = new Map(this.#held);
    this.#held.clear();
    this.#awaitingRules = false;
    const focused = this.ownerDocument.activeElement;
    let typedIn: FieldName | undefined;
    for (const field of FIELD_ORDER) {
      const input = this.querySelector<HTMLInputElement>(`#${this.#id}-${field}`);
      const inputTypes = held.get(field);
      if (!input || !inputTypes) continue;
      const value = rules.heldFieldValue(field, { previous: this.#values[field], raw: input.value, inputTypes }, this.#model.brand());
      this.#values[field] = value;
      if (input.value !== value) input.value = value;
      if (input !== focused) continue;
      typedIn = field;
      if (field !== 'email') input.setSelectionRange(value.length, value.length);
    }
    this.#emitState();
    this.requestUpdate();
    if (typedIn && this.#readyToMoveOn(rules, typedIn)) this.#focusNext(typedIn);
  }

  #handleInput(rules: CardRules, field: FieldName, input: HTMLInputElement, kind: Edit['kind']): void {
    const previous = this.#values[field];
    if (input.value === previous) return;
    const caret = field === 'email' ? input.value.length : (input.selectionStart ?? input.value.length);
    const result = rules.editCardField(field, { previous, raw: input.value, caret, kind }, this.#model.brand());
    if (!result.refused) {
      this.#values[field] = result.value;
      this.#modes[field] = 'typing';
      // The state goes to the merchant page first (unless #onBeforeInput foretold it), and the
      // redraw (errors, brand) waits for the next task: nothing after this changes the state,
      // and the input already shows what was typed.
      this.#emitState();
      this.requestUpdateAfterTask();
    }
    if (input.value !== result.value) input.value = result.value;
    const focused = this.ownerDocument.activeElement === input;
    if (field !== 'email' && focused) input.setSelectionRange(result.caret, result.caret);
    if (result.refused) return;

    const typed = kind === 'insert' || kind === 'paste';
    if (typed && focused && result.caret === result.value.length && this.#readyToMoveOn(rules, field)) this.#focusNext(field);
  }

  #readyToMoveOn(rules: CardRules, field: FieldName): boolean {
    const value = this.#values[field];
    if (field === 'number') return rules.cardNumberReady(value);
    if (field === 'expiry' || field === 'cvv') {
      const state = this.#model.fieldState(field, 'typing');
      return state.valid && state.complete;
    }
    return false;
  }

  #focusNext(field: FieldName): void {
    const shown = this.#model.shownFields();
    const next = shown[shown.indexOf(field) + 1];
    const input = next ? this.querySelector<HTMLInputElement>(`#${this.#id}-${next}`) : null;
    if (input) this.#focusAtEnd(input);
    else if (this.#model.config?.split && field !== 'cvv') this.#form.events.advance(); // the next field's frame (host/focus.ts); not past the CVV
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

  #onSaveCard(event: Event): void {
    this.#model.saveCard = (event.target as HTMLInputElement).checked;
    this.requestUpdate();
  }

  // ---- rendering -------------------------------------------------------------------------

  protected override render(): TemplateResult | typeof nothing {
    const config = this.#model.config;
    if (!config) return nothing;
    const text = formMessages(this.#form.locale, config.translations);
    const busy = this.#form.busy;
    const extra = text.savedCard;
    const shown = this.#model.drawnFields();
    const saved = this.#model.savedCard();
    const field = (name: FieldName): TemplateResult | typeof nothing =>
      shown.includes(name) ? this.#renderField(name, text) : nothing;

    return html`<form
      class="ef-form"
      novalidate
      autocomplete="on"
      aria-busy=${busy ? 'true' : 'false'}
      @submit=${(event: SubmitEvent) => this.#form.onSubmit(event)}
      @keydown=${(event: KeyboardEvent) => this.#form.onKeyDown(event)}
    >
      ${config.component === 'saved-card'
        ? html`${saved ? renderSavedCard(saved, this.#model.savedCardExpired(), text) : nothing}
            <div class="ef-row">${field('cvv')}</div>`
        : html`${field('number')}
            <div class="ef-row">${field('expiry')}${field('cvv')}</div>
            ${field('holderName')}${field('email')}`}
      ${config.component === 'card' && config.saveCard?.offer && (!config.split || config.split.field === 'number')
        ? renderSaveCardOffer(this.#model.saveCard, busy, extra.saveCard, (event) => this.#onSaveCard(event))
        : nothing}
      ${this.#form.renderMessage()}
    </form>`;
  }

  /** A co-badged number's networks to choose from (the rules are here once a number has any). */
  #networkChoice(text: Messages): TemplateResult | typeof nothing | undefined {
    const chosen = () => {
      this.requestUpdate();
      this.#emitState();
    };
    return cardRules()?.renderNetworkChoice(this.#model, `${this.#id}-number`, text, this.#form.busy, chosen, importNetworkChooser);
  }

  #renderField(name: FieldName, text: Messages): TemplateResult {
    const brand = name === 'number' || name === 'cvv' ? this.#model.brand() : undefined;
    return renderCardField({
      name,
      id: `${this.#id}-${name}`,
      text,
      state: this.#model.fieldState(name),
      value: this.#values[name],
      brand,
      network: name === 'number' ? this.#model.coBadgedNetwork() : undefined,
      required: this.#model.fieldRequired(name),
      busy: this.#form.busy,
      extra: name === 'number' ? this.#networkChoice(text) : nothing,
      hideLabel: this.#model.config?.hideLabels === true,
      ownLabel: ownFieldLabel(this.#form.locale, this.#model.config?.translations, name),
      onBeforeInput: (event) => this.#onBeforeInput(name, event),
      onInput: (event) => this.#onInput(name, event),
      onCompositionEnd: (event) => this.#onCompositionEnd(name, event),
      onBlur: () => this.#onBlur(name),
    });
  }
}

defineElement('ef-card-form', CardForm);

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
