/**
 * What a frame tells its host beyond states and heights: which field got or lost the focus
 * (the host's `focus` / `blur` events and `--focus` class) and Enter in a field (the host's
 * `submit` event). Field names only, never values.
 */
import type { RemoteProxy } from 'penpal';
import type { HostMethods } from '../shared/protocol';
import { FORM_EVENTS } from './form-events';

type Relayed = Partial<RemoteProxy<Pick<HostMethods, 'fieldFocus' | 'submitKey'>>>;

/** The field an element belongs to: its `ef-field--<name>` wrapper, else its id's last part. */
export function fieldOf(element: Element): string {
  const wrapper = element.closest('[class*="ef-field--"]');
  const named = wrapper ? /(?:^|\s)ef-field--(\w+)/.exec(wrapper.className)?.[1] : undefined;
  return named ?? (element.id ? element.id.slice(element.id.lastIndexOf('-') + 1) : 'method');
}

export function relayFocusAndSubmit(form: HTMLElement, host: Relayed): void {
  const ignore = () => undefined;
  for (const [type, focused] of [['focusin', true], ['focusout', false]] as const) {
    form.addEventListener(type, (event) => {
      if (!(event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement)) return;
      void host.fieldFocus?.({ field: fieldOf(event.target), focused })?.catch(ignore);
    });
  }
  form.addEventListener(FORM_EVENTS.submit, () => void host.submitKey?.()?.catch(ignore));
}
