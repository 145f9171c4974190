/**
 * What the card form knows of its fields before its rules have loaded (card-rules.ts, a chunk
 * the card frame fetches as its ready report leaves): their order, the values and modes to
 * start from, the inputs' length limits, and the state of a field nothing was typed in. No
 * validator, no brand table: the frame draws its form with this alone.
 */
import type { FieldName, FieldState } from '../shared/payment-types';

/** How far the form has judged a field (field-controller.ts says what each mode shows). */
export type FieldMode = 'typing' | 'blurred' | 'submitted';

/** What `readCardData()` answers: the values to encrypt, only when every field is valid. */
export interface CardData {
  /** Digits only. Empty for saved-card. */
  number: string;
  /** '1'–'12', no leading zero. Empty for saved-card. */
  expiryMonth: string;
  /** Four digits. Empty for saved-card. */
  expiryYear: string;
  cvv: string;
  /** Trimmed; '' when the field is not shown or left empty. */
  holderName: string;
  email: string;
  /** The shopper ticked "save this card" (only when offered). */
  saveCard: boolean;
  /** A co-badged card's chosen network, as the gateway writes it (CARTES_BANCAIRES); undefined otherwise. */
  network?: string | undefined;
}

/** Longest holder name (spec: names up to 255 characters; core's CUSTOMER_LIMITS.text). */
export const MAX_HOLDER_NAME_LENGTH = 255;
/** Longest email (spec: up to 512 characters; core's CUSTOMER_LIMITS.email). */
export const MAX_EMAIL_LENGTH = 512;

/** Field order: Tab order, focus advance, and the order of ComponentState.fields. */
export const FIELD_ORDER: readonly FieldName[] = ['number', 'expiry', 'cvv', 'holderName', 'email'];

export const emptyValues = (): Record<FieldName, string> => ({ number: '', expiry: '', cvv: '', holderName: '', email: '' });
export const typingModes = (): Record<FieldName, FieldMode> => ({
  number: 'typing',
  expiry: 'typing',
  cvv: 'typing',
  holderName: 'typing',
  email: 'typing',
});

const REQUIRED_ERRORS: Readonly<Record<FieldName, string>> = {
  number: 'card_number_required',
  expiry: 'expiry_required',
  cvv: 'cvv_required',
  holderName: 'holder_name_required',
  email: 'email_required',
};

/**
 * An empty field's state, as the rules judge it (a test holds them equal): never valid when
 * required (the card fields always are), the required error only once submitted.
 */
export function emptyFieldState(field: FieldName, mode: FieldMode, required: boolean): FieldState {
  const state: FieldState = { empty: true, complete: false, valid: !required, error: required && mode === 'submitted' ? REQUIRED_ERRORS[field] : null };
  return field === 'number' ? { ...state, brand: null } : state;
}
