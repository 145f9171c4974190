/**
 * `on(event, handler)` / `off(event, handler?)` of every component: a typed event map
 * (public PaymentComponentEventMap). A handler that throws does not stop the others (its
 * error is reported to the page asynchronously, as a DOM listener's would be).
 */
import type { PaymentComponentEvent, PaymentComponentEventMap } from './public-api';
import { PaymentComponentError } from './options';

const EVENTS: readonly string[] = ['ready', 'change', 'focus', 'blur', 'error', 'submit', 'brand'] satisfies PaymentComponentEvent[];

type Handler = (payload: never) => void;

export class ComponentEvents {
  readonly #handlers = new Map<string, Set<Handler>>();

  on(event: unknown, handler: unknown): void {
    const name = checkEvent(event);
    if (typeof handler !== 'function') throw new PaymentComponentError(`PaymentComponent: on("${name}", handler) needs a handler function`);
    let set = this.#handlers.get(name);
    if (!set) this.#handlers.set(name, (set = new Set()));
    set.add(handler as Handler);
  }

  off(event: unknown, handler?: unknown): void {
    const name = checkEvent(event);
    if (handler === undefined) this.#handlers.delete(name);
    else this.#handlers.get(name)?.delete(handler as Handler);
  }

  /** Forgets every handler (the component's destroy()). */
  clear(): void {
    this.#handlers.clear();
  }

  emit<E extends PaymentComponentEvent>(event: E, payload: PaymentComponentEventMap[E]): void {
    for (const handler of [...(this.#handlers.get(event) ?? [])]) {
      try {
        (handler as (payload: PaymentComponentEventMap[E]) => void)(payload);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}

function checkEvent(event: unknown): string {
  if (typeof event !== 'string' || !EVENTS.includes(event)) {
    throw new PaymentComponentError(`PaymentComponent: event must be one of ${EVENTS.join(', ')}, got ${String(event).slice(0, 40)}`);
  }
  return event;
}
