import { describe, expect, it } from 'vitest';
import type { ComponentState, FieldState } from './public-api';
import { clearStateClasses, setStateClasses } from './state-classes';

/** Just what the functions use of an element: its classList. */
function element(): HTMLElement & { names(): string[] } {
  const set = new Set<string>(['merchant-own']);
  const classList = {
    add: (...names: string[]) => names.forEach((n) => set.add(n)),
    remove: (...names: string[]) => names.forEach((n) => set.delete(n)),
    toggle: (name: string, on: boolean) => (on ? set.add(name) : set.delete(name), on),
  };
  return { classList, names: () => [...set].sort() } as unknown as HTMLElement & { names(): string[] };
}

const field = (over: Partial<FieldState>): FieldState => ({ empty: false, complete: false, valid: false, error: null, ...over });
const state = (fields: ComponentState['fields'], valid = false): ComponentState => ({ valid, brand: null, fields });

describe('state classes on the container', () => {
  it('empty', () => {
    const el = element();
    setStateClasses(el, 'ef-card', state({ number: field({ empty: true }), cvv: field({ empty: true }) }), false);
    expect(el.names()).toEqual(['ef-card', 'ef-card--empty', 'merchant-own']);
  });

  it('focus, then invalid', () => {
    const el = element();
    setStateClasses(el, 'ef-card', state({ number: field({}) }), true);
    expect(el.names()).toEqual(['ef-card', 'ef-card--focus', 'merchant-own']);
    setStateClasses(el, 'ef-card', state({ number: field({ error: 'card_number_invalid' }) }), false);
    expect(el.names()).toEqual(['ef-card', 'ef-card--invalid', 'merchant-own']);
  });

  it('complete', () => {
    const el = element();
    setStateClasses(el, 'ef-card', state({ number: field({ complete: true, valid: true }) }, true), false);
    expect(el.names()).toEqual(['ef-card', 'ef-card--complete', 'merchant-own']);
  });

  it('unmount removes them all and leaves the merchant own classes', () => {
    const el = element();
    setStateClasses(el, 'ef-card', state({ number: field({ empty: true }) }), true);
    clearStateClasses(el, 'ef-card');
    expect(el.names()).toEqual(['merchant-own']);
  });
});
