/**
 * What the frames' form elements (<ef-card-form>, <ef-apm-form>) tell whoever holds them,
 * as DOM events, bubbling and composed: `state` (ComponentState, only when it changed),
 * `resize` ({height}, only when the rounded height changed), `focusExit` ({direction},
 * cancelable: Tab left the first or last control), `submit` (Enter). And the merchant's
 * style properties, applied through the allow-list only.
 */
import type { ComponentState } from '../shared/payment-types';
import { filterStyles, STYLE_KEYS } from './style-allow-list';

export const FORM_EVENTS = {
  state: 'ef-state',
  resize: 'ef-resize',
  focusExit: 'ef-focus-exit',
  submit: 'ef-submit',
} as const;

export type FocusExitDirection = 'forward' | 'backward';

/** Dispatches a form element's events, each state and height once. */
export class FormEventEmitter {
  #lastState = '';
  #lastHeight = -1;

  constructor(private readonly element: HTMLElement) {}

  state(state: ComponentState): void {
    const serialized = JSON.stringify(state);
    if (serialized === this.#lastState) return;
    this.#lastState = serialized;
    this.#dispatch(FORM_EVENTS.state, state);
  }

  height(height: number): void {
    const rounded = Math.ceil(height);
    if (rounded === this.#lastHeight) return;
    this.#lastHeight = rounded;
    this.#dispatch(FORM_EVENTS.resize, { height: rounded });
  }

  /** True once a height was reported (the first render reports one itself). */
  get heightReported(): boolean {
    return this.#lastHeight >= 0;
  }

  /** True when the holder took over the focus move (the browser's own Tab must not also move it). */
  focusExit(direction: FocusExitDirection): boolean {
    return !this.#dispatch(FORM_EVENTS.focusExit, { direction }, true);
  }

  submit(): void {
    this.#dispatch(FORM_EVENTS.submit, undefined);
  }

  #dispatch<T>(type: string, detail: T, cancelable = false): boolean {
    return this.element.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true, cancelable }));
  }
}

/** Sets the allowed custom properties of `styles` on `element` and removes the others. */
export function applyAllowedStyles(element: HTMLElement, styles: unknown): void {
  const safe = filterStyles(styles);
  for (const key of STYLE_KEYS) {
    const value = safe[key];
    if (value === undefined) element.style.removeProperty(key);
    else element.style.setProperty(key, value);
  }
  // A chosen font family may be an allow-listed web font: its loader is a chunk of its own,
  // fetched only by forms that name a family (web-fonts.ts).
  const family = safe['--ef-font-family'];
  if (family) {
    void import('./web-fonts').then(({ loadWebFont }) => loadWebFont(family, element.ownerDocument)).catch(() => undefined);
  }
}
