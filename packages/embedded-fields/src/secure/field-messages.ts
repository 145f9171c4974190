/**
 * The card form's field errors as the shopper reads them: each field's own sentence ("Enter
 * the name on the card.", never a generic "This field is required."), and the one
 * `invalid_card` error a submit answers with. That error says the same as the fields do: its
 * message is the first problem's (in field order), and `fields` lists every one, so a
 * merchant page that shows it cannot contradict the form.
 */
import type { CardErrorCode, Messages } from '@payments/core';
import type { ComponentState, PaymentError } from '../shared/payment-types';

/** The message of a FieldState error code in the locale. */
export function fieldErrorMessage(text: Messages, code: string): string {
  if (Object.hasOwn(text.cardErrors, code)) return text.cardErrors[code as CardErrorCode];
  if (code.endsWith('_too_long')) return text.customerErrors.too_long;
  if (code === 'email_invalid') return text.customerErrors.email_invalid;
  return text.status.genericError;
}

/** The submit's error for a form that is not valid: the fields' own messages, first one first. */
export function invalidCardError(state: Pick<ComponentState, 'fields'>, text: Messages, fallback: CardErrorCode): PaymentError {
  const fields = Object.entries(state.fields).flatMap(([field, fieldState]) =>
    fieldState?.error ? [{ field, code: fieldState.error, message: fieldErrorMessage(text, fieldState.error) }] : [],
  );
  return { code: 'invalid_card', message: fields[0]?.message ?? text.cardErrors[fallback], fields };
}
