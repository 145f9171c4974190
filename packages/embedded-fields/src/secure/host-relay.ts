/**
 * What a frame tells its host once its ready report is out: its states (never values), its
 * height, Tab leaving it, which field got or lost the focus (the host's `focus` / `blur`
 * events and `--focus` class) and Enter in a field (the host's `submit` event). Field names
 * only, never values. An event before penpal's handshake has ended waits for it; after, it
 * is sent at once, inside the event (before the form redraws: a keystroke's state reaches
 * the merchant's onChange a redraw sooner).
 */
import type { RemoteProxy } from 'penpal';
import type { ComponentState } from '../shared/payment-types';
import type { HostMethods, HostRemote } from '../shared/protocol';
import { FORM_EVENTS } from './form-events';

/** What every host offers a frame. */
export type CommonHost = Pick<HostRemote, 'change' | 'resize' | 'focusExit'>;
type Relayed = RemoteProxy<CommonHost> & Partial<RemoteProxy<Pick<HostMethods, 'fieldFocus' | 'submitKey'>>> & { advance?: () => Promise<void> };

/** The field an element belongs to: its `ef-field--<name>` wrapper, else its id's last part. */
export function fieldOf(element: Element): string {
  const wrapper = element.closest('[class*="ef-field--"]');
  const named = wrapper ? /(?:^|\s)ef-field--(\w+)/.exec(wrapper.className)?.[1] : undefined;
  return named ?? (element.id ? element.id.slice(element.id.lastIndexOf('-') + 1) : 'method');
}

/** Relays `form`'s events to the host (`connected`), in order. */
export function relayFormEvents(form: HTMLElement, connected: Promise<RemoteProxy<CommonHost>>): void {
  const call = callWhenConnected(connected as Promise<Relayed>);
  form.addEventListener(FORM_EVENTS.state, (event: Event) => call((host) => host.change((event as CustomEvent<ComponentState>).detail)));
  form.addEventListener(FORM_EVENTS.resize, (event: Event) => call((host) => host.resize((event as CustomEvent<{ height: number }>).detail.height)));
  form.addEventListener(FORM_EVENTS.focusExit, (event: Event) => {
    // The host moves focus to the merchant page's next element; the browser's own Tab must not also move it.
    event.preventDefault();
    call((host) => host.focusExit((event as CustomEvent<{ direction: 'forward' | 'backward' }>).detail.direction));
  });
  for (const [type, focused] of [['focusin', true], ['focusout', false]] as const) {
    form.addEventListener(type, (event) => {
      if (!(event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement)) return;
      const field = fieldOf(event.target);
      call((host) => host.fieldFocus?.({ field, focused }));
    });
  }
  form.addEventListener(FORM_EVENTS.submit, () => call((host) => host.submitKey?.()));
  form.addEventListener(FORM_EVENTS.advance, () => call((host) => host.advance?.()));
}

/** Calls on the host: queued until connected, then in order; at once after. A call the host does not answer is dropped. */
function callWhenConnected(connected: Promise<Relayed>): (send: (host: Relayed) => Promise<unknown> | undefined) => void {
  let host: Relayed | undefined;
  const queued: ((host: Relayed) => void)[] = [];
  const ignore = () => undefined;
  connected.then(
    (remote) => {
      host = remote;
      for (const send of queued.splice(0)) send(remote);
    },
    ignore, // the host went away: nothing to tell
  );
  return (send) => {
    if (host) void send(host)?.catch(ignore);
    else queued.push((remote) => void send(remote)?.catch(ignore));
  };
}
