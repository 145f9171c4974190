import { describe, expect, it } from 'vitest';
import { getCardBrand, messages } from '@payments/core';
import { securityCodeField } from './security-code';

describe('securityCodeField', () => {
  it("names the code as the brand does, with the brand's number of digits", () => {
    const text = messages('en-US');
    expect(securityCodeField(getCardBrand('amex'), text)).toEqual({ label: 'CID', placeholder: '1234' });
    expect(securityCodeField(getCardBrand('visa'), text)).toEqual({ label: 'CVV', placeholder: '123' });
    expect(securityCodeField(getCardBrand('mastercard'), text)).toEqual({ label: 'CVC', placeholder: '123' });
  });

  it("uses the locale's label before the brand is known", () => {
    expect(securityCodeField(undefined, messages('en-US'))).toEqual({ label: 'CVV', placeholder: '123' });
    expect(securityCodeField(undefined, messages('sv-SE'))).toEqual({ label: 'CVC', placeholder: '123' });
  });

  it('never shows a label that contradicts the placeholder', () => {
    for (const id of ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'maestro'] as const) {
      const brand = getCardBrand(id);
      expect(securityCodeField(brand, messages('ro-RO')).placeholder).toHaveLength(brand.cvvLength);
    }
  });
});
