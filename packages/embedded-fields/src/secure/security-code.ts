/**
 * The security-code field's label and placeholder, by the card's brand: the name the brand
 * gives its code (Visa CVV, Mastercard and Maestro CVC, American Express and Discover CID,
 * UnionPay CVN; core's `securityCodeName`), and a placeholder with as many digits as the
 * brand's code has (1234 for American Express, 123 for the others). Before a brand is known,
 * the locale's own label (CVV; CVC in Swedish, as Swedish cards call it) and a 3-digit
 * placeholder. The names are not translated (style/README.md). The error messages say
 * "security code" in the shopper's language, whatever the label.
 */
import type { CardBrand, Messages } from '@payments/core';

export interface SecurityCodeField {
  label: string;
  placeholder: string;
}

export function securityCodeField(brand: CardBrand | undefined, text: Messages): SecurityCodeField {
  return {
    label: brand?.securityCodeName ?? text.labels.cvv,
    placeholder: brand?.cvvLength === 4 ? '1234' : text.placeholders.cvv,
  };
}
