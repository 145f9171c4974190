/**
 * What a handle's submitPayment() answers before its component exists (the script is still
 * loading): the same PaymentFailure, code `not_mounted`, that embedded-fields answers for a
 * component not yet on the page, in the component's locale.
 */
import type { Locale, PaymentFailure } from '@payments/embedded-fields';

const NOT_MOUNTED: Record<Locale, string> = {
  'en-US': 'The payment form is not on the page yet.',
  'bs-BA': 'Obrazac za plaćanje još nije na stranici.',
  'ro-RO': 'Formularul de plată nu este încă pe pagină.',
  'sv-SE': 'Betalformuläret finns inte på sidan än.',
};

export function notMounted(locale: Locale | undefined): PaymentFailure {
  const message = NOT_MOUNTED[locale ?? 'en-US'];
  return Object.assign(new Error(message), { name: 'PaymentFailure', code: 'not_mounted' as const, message });
}
