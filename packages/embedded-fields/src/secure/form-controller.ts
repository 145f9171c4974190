/**
 * What every form of the secure frames shares (<ef-card-form> for card and saved card,
 * <ef-apm-form> for the payment methods), plugged in as a controller of their FrameElement so each
 * form file holds only what differs: the document stylesheets (where the form brings its
 * own), the locale (and the document's lang), the busy state, the form-level message, the
 * events (`ef-state` deduplicated, `ef-resize` on every size change, `ef-focus-exit` at the
 * edges, `ef-submit` on Enter) and the keyboard rules behind them.
 */
import { isLocaleTag, type LocaleTag } from '@payments/core';
import { html, nothing, type TemplateResult } from 'lit/html.js';
import type { ComponentState } from '../shared/payment-types';
import type { FrameElement, FrameElementController } from './frame-element';
import { backgroundTask } from './background-task';
import { FormEventEmitter } from './form-events';
import type { Stylesheet } from './stylesheet';

/** Stylesheets adopted on a document once (adoptStyles). */
export interface DocumentStyles {
  styles: readonly Stylesheet[];
  /** The id of the <style> that stands in where adoption is missing. */
  styleId: string;
}

/**
 * The form's stylesheets, adopted on its document as it connects; none for <ef-card-form>,
 * whose document brings them (card-form-stylesheets.ts).
 */
type FormStyles = DocumentStyles | { styles?: undefined; styleId?: undefined };

export type FormControllerOptions = FormStyles & {
  /** The controls Tab stops at, in order (the first and last are the frame's edges). */
  tabStops(): HTMLElement[];
  /** The form's state, or undefined while it is not configured (nothing is reported then). */
  state(): ComponentState | undefined;
};

export class FormController implements FrameElementController {
  readonly events: FormEventEmitter;
  #locale: LocaleTag = 'en-US';
  #busy = false;
  #message: string | null = null;
  #resizeObserver: ResizeObserver | undefined;
  #measuring = false;

  constructor(
    private readonly host: FrameElement,
    private readonly options: FormControllerOptions,
  ) {
    this.events = new FormEventEmitter(host);
    host.addController(this);
  }

  hostConnected(): void {
    if (this.options.styles) adoptStyles(this.host.ownerDocument, this.options);
    this.host.ownerDocument.documentElement.lang = this.#locale;
    this.#resizeObserver = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.borderBoxSize?.[0];
      this.events.height(box ? box.blockSize : this.host.getBoundingClientRect().height);
    });
    this.#resizeObserver.observe(this.host);
  }

  hostDisconnected(): void {
    this.#resizeObserver?.disconnect();
    this.#resizeObserver = undefined;
  }

  /**
   * The first height, measured in a task of its own (background-task.ts): the first layout of
   * a fresh frame is its costliest step, and the host's handshake messages go first.
   */
  hostUpdated(): void {
    if (this.events.heightReported || this.#measuring) return;
    this.#measuring = true;
    backgroundTask(() => {
      this.#measuring = false;
      if (!this.events.heightReported && this.host.isConnected) this.events.height(this.host.getBoundingClientRect().height);
    });
  }

  /** Labels, placeholders and messages switch at once; what was typed stays. */
  get locale(): LocaleTag {
    return this.#locale;
  }

  set locale(locale: LocaleTag) {
    if (!isLocaleTag(locale)) return;
    this.#locale = locale;
    if (this.host.isConnected) this.host.ownerDocument.documentElement.lang = locale;
    this.host.requestUpdate();
  }

  /** While paying: every control disabled, the form aria-busy. */
  get busy(): boolean {
    return this.#busy;
  }

  setBusy(busy: boolean): void {
    this.#busy = busy;
    this.host.requestUpdate();
  }

  /** A form-level message (role="alert") below the fields; null removes it. */
  showMessage(text: string | null): void {
    this.#message = text === null || text.trim() === '' ? null : text;
    this.host.requestUpdate();
  }

  renderMessage(): TemplateResult | typeof nothing {
    return this.#message ? html`<p class="ef-form-message" role="alert">${this.#message}</p>` : nothing;
  }

  /** Reports the state when it changed (and only once configured). */
  emitState(): void {
    const state = this.options.state();
    if (state) this.events.state(state);
  }

  /** Focuses the first or last tab stop (the host's Tab into the frame). */
  focusEdge(which: 'first' | 'last'): HTMLElement | undefined {
    const stops = this.options.tabStops();
    return which === 'first' ? stops[0] : stops[stops.length - 1];
  }

  /** The form's submit: Enter in a field, never while busy. */
  onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    if (!this.#busy) this.events.submit();
  }

  /** Enter submits (not in a select, not while composing); Tab at an edge reports focus-exit. */
  onKeyDown(event: KeyboardEvent): void {
    if (event.key === 'Enter' && !event.isComposing && !(event.target instanceof HTMLSelectElement)) {
      event.preventDefault();
      if (!this.#busy) this.events.submit();
      return;
    }
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
    const edge = this.focusEdge(event.shiftKey ? 'first' : 'last');
    if (event.target !== edge) return;
    const handled = this.events.focusExit(event.shiftKey ? 'backward' : 'forward');
    if (handled) event.preventDefault();
  }
}

/** Adopts the stylesheets on the document once (a <style> with `styleId` where adoption is missing). */
export function adoptStyles(doc: Document, options: DocumentStyles): void {
  const sheets = options.styles.map((css) => css.styleSheet).filter((sheet): sheet is CSSStyleSheet => sheet !== undefined);
  if (sheets.length === options.styles.length && 'adoptedStyleSheets' in doc) {
    if (sheets.every((sheet) => doc.adoptedStyleSheets.includes(sheet))) return;
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets.filter((sheet) => !sheets.includes(sheet)), ...sheets];
    return;
  }
  if (doc.getElementById(options.styleId)) return;
  const style = doc.createElement('style');
  style.id = options.styleId;
  style.textContent = options.styles.map((css) => css.cssText).join('\n');
  doc.head.append(style);
}
