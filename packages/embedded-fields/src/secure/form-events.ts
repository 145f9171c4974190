/**
 * What the frames' form elements (<ef-card-form>, <ef-apm-form>) tell whoever holds them,
 * as DOM events, bubbling and composed: `state` (ComponentState, only when it changed),
 * `resize` ({height}, only when the rounded height changed), `focusExit` ({direction},
 * cancelable: Tab left the first or last control), `submit` (Enter), `advance` (split
 * fields: the frame's field typed complete and valid).
 */
import type { ComponentState } from '../shared/payment-types';

export const FORM_EVENTS = {
  state: 'ef-state',
  resize: 'ef-resize',
  focusExit: 'ef-focus-exit',
  submit: 'ef-submit',
  advance: 'ef-advance',
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

  /** Split fields: this frame's field was typed complete and valid (the host moves the caret to the next field's frame). */
  advance(): void {
    this.#dispatch(FORM_EVENTS.advance, undefined);
  }

  #dispatch<T>(type: string, detail: T, cancelable = false): boolean {
    return this.element.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true, cancelable }));
  }
}
