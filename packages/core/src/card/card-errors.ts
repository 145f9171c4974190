/**
 * Error codes of the card fields. Every code has a message in every locale catalog
 * (`i18n/`), which the catalog's type enforces.
 */
export const CARD_ERROR_CODES = [
  'card_number_required',
  'card_number_incomplete',
  'card_number_invalid',
  'card_number_unsupported',
  'expiry_required',
  'expiry_incomplete',
  'expiry_invalid',
  'expiry_invalid_month',
  'expiry_in_past',
  'expiry_too_far',
  'cvv_required',
  'cvv_incomplete',
  'cvv_invalid',
  // The card form's own fields (holder name and email, when the merchant asks for them).
  'holder_name_required',
  'email_required',
] as const;

/** A card field error code. */
export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];

/** How far a field has been filled in. */
export type FieldState = 'empty' | 'incomplete' | 'complete';

/** Options of the field validators. */
export interface FieldValidationOptions {
  /**
   * The shopper has left the field or is submitting: a value that could still grow is
   * judged as it stands, and an empty one is reported as missing.
   */
  final?: boolean;
}

/**
 * A field's validation result. `state: 'complete'` means nothing more can be typed (the
 * field may move focus on); `valid` means the value can be submitted as it stands.
 */
export interface FieldValidation<Code extends CardErrorCode = CardErrorCode> {
  state: FieldState;
  valid: boolean;
  error?: Code;
}
