/**
 * The hosted page's card forms: <ef-card-form>, the card frame's own field element (from
 * the secure face), configured for a card or saved-card option of this session: no holder
 * fields, the CVV hidden for a new card when the session is `cvv_less` (a saved card then
 * has no form at all). The merchant's focus colour and the page's radius come from the
 * page's stylesheet (payment-options.css: the form's `--ef-color-focus` is the page's
 * `--brand-ink`, which the gateway writes into the document: theme.ts).
 */
import { CardForm } from '@payments/embedded-fields/secure';
import type { LocaleTag } from '@payments/core';
import { expirationMMYY, type PaymentOption, type SessionView } from './checkout-model';

export function createCardForm(
  option: Extract<PaymentOption, { kind: 'card' | 'saved-card' }>,
  session: SessionView,
  locale: LocaleTag,
  form = new CardForm(), // <ef-card-form>, registered by its module
): CardForm {
  form.config = {
    protocolVersion: 1,
    component: option.kind,
    locale,
    customerConfig: { hasHolderName: false, holderNameRequired: false, hasHolderEmail: false, holderEmailRequired: false },
    styles: {}, // set below, as the page's own (the frame's allow-list is for a merchant page's styles)
    saveCard: null,
    savedCard:
      option.kind === 'saved-card'
        ? { paymentMethodId: option.card.id, maskedPan: option.card.masked, expirationDate: expirationMMYY(option.card), cardBrand: option.card.brand ?? '' }
        : null,
  };
  form.locale = locale;
  if (option.kind === 'card') form.hideCvv = session.hpp?.options.cvv_less === true;
  return form;
}

/**
 * The card form of an option from `forms`, made (and kept there) on first use: what was typed
 * survives re-renders. Null for an option without one (a redirect method; a saved card when
 * the session is `cvv_less`). `pay` runs on Enter in a field.
 */
export function keptCardForm(forms: Map<string, CardForm>, option: PaymentOption, session: SessionView, locale: LocaleTag, pay: () => void): CardForm | null {
  const cvvLess = session.hpp?.options.cvv_less === true;
  if (option.kind === 'redirect' || (option.kind === 'saved-card' && cvvLess)) return null;
  let form = forms.get(option.id);
  if (!form) {
    form = createCardForm(option, session, locale);
    form.addEventListener('ef-submit', pay);
    forms.set(option.id, form);
  }
  return form;
}
