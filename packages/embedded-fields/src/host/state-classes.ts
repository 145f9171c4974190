/**
 * State classes on the element the merchant mounted into, like Stripe Elements', so a page
 * styles around the frame without JavaScript. With the prefix `ef-card` (card, saved-card;
 * `ef-apm` for alternative-payment-method):
 *  - `ef-card`            always, while mounted;
 *  - `ef-card--focus`     a field in the frame has the focus;
 *  - `ef-card--invalid`   a field shows an error;
 *  - `ef-card--complete`  everything is filled in and valid (state.valid);
 *  - `ef-card--empty`     nothing is typed in any field.
 */
import type { ComponentState } from './public-api';

const MODIFIERS = ['focus', 'invalid', 'complete', 'empty'] as const;

export function setStateClasses(container: HTMLElement, prefix: string, state: ComponentState, focused: boolean): void {
  const fields = Object.values(state.fields);
  const on = { focus: focused, invalid: fields.some((f) => f?.error), complete: state.valid, empty: fields.every((f) => f?.empty) };
  container.classList.add(prefix);
  for (const modifier of MODIFIERS) container.classList.toggle(`${prefix}--${modifier}`, Boolean(on[modifier]));
}

export function clearStateClasses(container: HTMLElement, prefix: string): void {
  container.classList.remove(prefix, ...MODIFIERS.map((modifier) => `${prefix}--${modifier}`));
}
