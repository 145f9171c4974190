/** Card number: cleaning pasted text, display formatting and validation. */
import { cardNumberGaps, detectCardBrand, maxCardNumberLength, UNKNOWN_BRAND_LENGTHS } from './brands';
import type { CardBrand, CardBrandId } from './brands';
import type { FieldValidation, FieldValidationOptions } from './card-errors';
import { luhnCheck } from './luhn';

/** Spaces of any kind, dashes of any kind, dots and zero-width characters. */
const SEPARATORS = /[\s.\-\u2010-\u2015\u2212\u200B-\u200D\u2060]/g;
/** Full-width digits, as typed with a Japanese or Chinese IME. */
const FULL_WIDTH_DIGITS = /[\uFF10-\uFF19]/g;

/**
 * The digits of a typed or pasted card number, or undefined when it holds anything other
 * than digits and separators (spaces including NBSP, dashes, dots). Full-width digits are
 * read as digits.
 */
export function normalizeCardNumber(text: string): string | undefined {
  const cleaned = text
    .replace(FULL_WIDTH_DIGITS, (d) => String.fromCharCode(d.charCodeAt(0) - 0xff10 + 48))
    .replace(SEPARATORS, '');
  return /^\d*$/.test(cleaned) ? cleaned : undefined;
}

/**
 * Digits grouped for display with the brand's spacing: '4242 4242 4242 4242',
 * '3782 822463 10005' (Amex), '3056 930902 5904' (14-digit Diners). Does not cut digits
 * beyond the brand's length; cap input with `maxCardNumberLength`.
 */
export function formatCardNumber(digits: string, brand: CardBrand | undefined = detectCardBrand(digits)): string {
  const gaps = cardNumberGaps(brand, digits.length);
  let formatted = '';
  let start = 0;
  for (const gap of gaps) {
    if (digits.length <= gap) break;
    formatted += `${digits.slice(start, gap)} `;
    start = gap;
  }
  return formatted + digits.slice(start);
}

/** Options of {@link validateCardNumber}. */
export interface CardNumberValidationOptions extends FieldValidationOptions {
  /** Brands the merchant accepts; when given, other and unknown brands are unsupported. */
  acceptedBrands?: readonly CardBrandId[];
}

/** The card number's validation result, with the brand when it is known. */
export interface CardNumberValidation extends FieldValidation {
  brand?: CardBrand;
}

/**
 * Validates a card number as typed (separators allowed). Unknown brands are accepted at
 * 12 to 19 digits with a Luhn check. Complete means the brand's longest length is reached,
 * or, with `final`, any of its lengths. Errors while typing appear only when no further
 * digit could fix them (wrong brand, Luhn failure at the longest length, too long).
 */
export function validateCardNumber(text: string, options: CardNumberValidationOptions = {}): CardNumberValidation {
  const final = options.final ?? false;
  const digits = normalizeCardNumber(text);
  if (digits === undefined) return { state: 'incomplete', valid: false, error: 'card_number_invalid' };
  if (digits === '') {
    return final ? { state: 'empty', valid: false, error: 'card_number_required' } : { state: 'empty', valid: false };
  }
  const brand = detectCardBrand(digits);
  const lengths = brand?.lengths ?? UNKNOWN_BRAND_LENGTHS;
  const max = maxCardNumberLength(brand);
  const atAllowedLength = lengths.includes(digits.length);
  const complete = digits.length === max || (final && atAllowedLength);
  const state = complete || digits.length > max ? 'complete' : 'incomplete';
  const withBrand = brand ? { brand } : {};

  const accepted = options.acceptedBrands;
  if (accepted && brand && !accepted.includes(brand.id)) {
    return { state, valid: false, error: 'card_number_unsupported', ...withBrand };
  }
  if (digits.length > max) return { state, valid: false, error: 'card_number_invalid', ...withBrand };
  const checksumOk = !(brand?.luhn ?? true) || luhnCheck(digits);
  if (!atAllowedLength) {
    return final
      ? { state, valid: false, error: 'card_number_incomplete', ...withBrand }
      : { state, valid: false, ...withBrand };
  }
  if (!checksumOk) {
    return complete
      ? { state, valid: false, error: 'card_number_invalid', ...withBrand }
      : { state, valid: false, ...withBrand };
  }
  if (accepted && !brand) return { state, valid: false, error: 'card_number_unsupported' };
  return { state, valid: true, ...withBrand };
}
