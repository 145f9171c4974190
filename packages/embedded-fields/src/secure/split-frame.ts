/**
 * A card frame of split fields (one field per frame): joins the card's group (card-group.ts)
 * and wires it to the form. The number's frame shares the brand as the number changes and,
 * to pay, collects the other fields' values from their frames; the other frames take the
 * brand and hand their value over when collected. A conflicted group (a gateway frame the
 * page opened itself with this card's group id) says so in the number's frame and pays nothing.
 */
import { loadedMessages, type LocaleTag } from '@payments/core';
import type { ComponentState, PaymentError } from '../shared/payment-types';
import { SPLIT_GROUP_IN_FRAGMENT, type FrameConfig } from '../shared/protocol';
import { CardGroup } from './card-group';
import type { CardForm } from './card-form';
import { loadCardRules } from './card-rules-loader';
import { FORM_EVENTS } from './form-events';

export interface SplitFrame {
  /** Before the number's frame pays: the other fields' values in its form, or the error that stops the payment. */
  gather(): Promise<PaymentError | undefined>;
  /** Whether this frame is the one that pays (the number's). */
  readonly paying: boolean;
}

export function joinSplitFields(form: CardForm, config: FrameConfig | undefined, sessionId: string, locale: () => LocaleTag): SplitFrame | undefined {
  const split = config?.split;
  if (!split) return undefined;
  const unavailable = (): string => loadedMessages(locale()).status.fieldsUnavailable;
  // The query's placeholder without the fragment's group (a URL copied without its fragment): in no group, paying nothing.
  if (split.group === SPLIT_GROUP_IN_FRAGMENT) return { paying: split.field === 'number', gather: () => Promise.resolve({ code: 'fields_conflict', message: unavailable() }) };
  const group = new CardGroup(sessionId, split, {
    brand: (id) => void loadCardRules().then((rules) => (form.groupBrand = rules.brandById(id)), () => undefined),
    value: () => form.groupValue(),
    conflict: () => {
      if (split.field === 'number') form.showFormMessage(unavailable());
    },
  });
  addEventListener('pagehide', () => group.close(), { once: true });
  if (group.paying) form.addEventListener(FORM_EVENTS.state, (event: Event) => group.shareBrand((event as CustomEvent<ComponentState>).detail.brand));
  return {
    paying: group.paying,
    async gather(): Promise<PaymentError | undefined> {
      try {
        form.takeGroupValues(await group.collect());
        return undefined;
      } catch {
        return { code: group.conflicted ? 'fields_conflict' : 'frame_load_failed', message: unavailable() };
      }
    },
  };
}
