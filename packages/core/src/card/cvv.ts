/** Card security code (CVV, CVC, CID, CVN): digits only, length by brand. */
import type { CardBrand } from './brands';
import type { FieldValidation, FieldValidationOptions } from './card-errors';

/** Accepted security code lengths: the brand's, or 3 and 4 when the brand is unknown. */
export function cvvLengths(brand: CardBrand | undefined): readonly (3 | 4)[] {
  return brand ? [brand.cvvLength] : [3, 4];
}

/** The CVV field's cap. */
export function maxCvvLength(brand: CardBrand | undefined): 3 | 4 {
  return brand?.cvvLength ?? 4;
}

/**
 * Validates a security code for the brand (undefined: 3 or 4 digits). Complete at the
 * longest accepted length, or with `final` at any accepted length. Anything but ASCII
 * digits, or more digits than the brand takes (the shopper typed an Amex CID, then changed
 * the card), is invalid at once.
 */
export function validateCvv(
  text: string,
  brand: CardBrand | undefined,
  options: FieldValidationOptions = {},
): FieldValidation {
  const final = options.final ?? false;
  if (text === '') {
    return final ? { state: 'empty', valid: false, error: 'cvv_required' } : { state: 'empty', valid: false };
  }
  const lengths = cvvLengths(brand);
  const max = maxCvvLength(brand);
  if (!/^\d+$/.test(text) || text.length > max) return { state: 'incomplete', valid: false, error: 'cvv_invalid' };
  const allowed = (lengths as readonly number[]).includes(text.length);
  if (text.length === max || (final && allowed)) return { state: 'complete', valid: true };
  if (final) return { state: 'incomplete', valid: false, error: 'cvv_incomplete' };
  return { state: 'incomplete', valid: allowed };
}
