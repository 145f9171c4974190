import { describe, expect, it } from 'vitest';
import { getCardBrand } from './brands';
import { formatCardNumber, normalizeCardNumber, validateCardNumber } from './card-number';
import { luhnCheckDigit } from './luhn';

/** A Luhn-valid number of `length` digits starting with `prefix`. */
const valid = (prefix: string, length: number): string => {
  const body = prefix.padEnd(length - 1, '0');
  return body + luhnCheckDigit(body);
};
/** The same number with a wrong check digit. */
const invalid = (number: string): string => number.slice(0, -1) + String((Number(number.at(-1)) + 1) % 10);

describe('normalizeCardNumber', () => {
  it('strips spaces, dashes, dots, NBSP and other whitespace', () => {
    expect(normalizeCardNumber('4242 4242 4242 4242')).toBe('4242424242424242');
    expect(normalizeCardNumber('4242-4242-4242-4242')).toBe('4242424242424242');
    expect(normalizeCardNumber('4242.4242.4242.4242')).toBe('4242424242424242');
    expect(normalizeCardNumber('\t4242\u00a04242\u202f4242\u20074242\n')).toBe('4242424242424242');
    expect(normalizeCardNumber('4242\u20134242\u20144242\u22124242')).toBe('4242424242424242');
    expect(normalizeCardNumber('4242\u200b4242\ufeff42424242')).toBe('4242424242424242');
  });

  it('reads full-width digits typed with an IME', () => {
    expect(normalizeCardNumber('３５６６ ００２０ ２０３６ ０５０５')).toBe('3566002020360505');
  });

  it('rejects letters and other characters', () => {
    for (const text of ['4242 4242 4242 424O', 'card: 4242', '4242/4242', '+4242', '٤٢٤٢']) {
      expect(normalizeCardNumber(text), text).toBeUndefined();
    }
  });

  it('returns an empty string for blank input', () => {
    expect(normalizeCardNumber(' \u00a0 ')).toBe('');
  });
});

describe('formatCardNumber', () => {
  it('groups by the detected brand', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('36227206271667')).toBe('3622 720627 1667');
    expect(formatCardNumber('3622720627166712')).toBe('3622 7206 2716 6712');
    expect(formatCardNumber('4000056655665556123')).toBe('4000 0566 5566 5556 123');
  });

  it('formats partial input without a trailing space', () => {
    expect(formatCardNumber('')).toBe('');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('37828224')).toBe('3782 8224');
    expect(formatCardNumber('37828224631')).toBe('3782 822463 1');
  });

  it('uses the brand given over detection', () => {
    expect(formatCardNumber('4242424242424242', getCardBrand('amex'))).toBe('4242 424242 424242');
  });
});

describe('validateCardNumber', () => {
  it('reports empty, with a required error only when final', () => {
    expect(validateCardNumber('')).toEqual({ state: 'empty', valid: false });
    expect(validateCardNumber('', { final: true })).toEqual({ state: 'empty', valid: false, error: 'card_number_required' });
  });

  it('is complete and valid at the brand length with a correct check digit', () => {
    const result = validateCardNumber('4242 4242 4242 4242', { final: true });
    expect(result).toMatchObject({ state: 'complete', valid: true });
    expect(result.brand?.id).toBe('visa');
    expect(validateCardNumber('378282246310005')).toMatchObject({ state: 'complete', valid: true, brand: { id: 'amex' } });
  });

  it('shows no error while the shopper is still typing', () => {
    expect(validateCardNumber('4242 4242')).toEqual({ state: 'incomplete', valid: false, brand: getCardBrand('visa') });
  });

  it('reports incomplete when final', () => {
    expect(validateCardNumber('4242 4242', { final: true })).toMatchObject({
      state: 'incomplete',
      valid: false,
      error: 'card_number_incomplete',
    });
  });

  it('reports a Luhn failure as soon as the longest length is reached', () => {
    expect(validateCardNumber(invalid('5555555555554444'))).toMatchObject({
      state: 'complete',
      valid: false,
      error: 'card_number_invalid',
    });
  });

  it('waits at a shorter allowed length that fails Luhn, since a 19-digit Visa may follow', () => {
    const sixteen = invalid('4242424242424242');
    expect(validateCardNumber(sixteen)).toEqual({ state: 'incomplete', valid: false, brand: getCardBrand('visa') });
    expect(validateCardNumber(sixteen, { final: true })).toMatchObject({ valid: false, error: 'card_number_invalid' });
  });

  it('calls a 16-digit Visa valid before blur, complete only at 19 or when final', () => {
    expect(validateCardNumber('4242424242424242', { final: false })).toMatchObject({ state: 'incomplete', valid: true });
    expect(validateCardNumber(valid('4', 19))).toMatchObject({ state: 'complete', valid: true });
  });

  it('accepts 14-digit Diners only when final, and any Diners length that passes Luhn', () => {
    expect(validateCardNumber('36227206271667')).toMatchObject({ state: 'incomplete', valid: true });
    expect(validateCardNumber('36227206271667', { final: true })).toMatchObject({ state: 'complete', valid: true });
  });

  it('refuses a number longer than the brand allows', () => {
    expect(validateCardNumber('42424242424242424242')).toMatchObject({ valid: false, error: 'card_number_invalid' });
    expect(validateCardNumber('3782822463100051')).toMatchObject({ valid: false, error: 'card_number_invalid' });
  });

  it('rejects letters', () => {
    expect(validateCardNumber('4242 42O4')).toMatchObject({ valid: false, error: 'card_number_invalid' });
  });

  it('accepts unknown brands at 12 to 19 digits with Luhn', () => {
    expect(validateCardNumber(valid('9', 11), { final: true })).toMatchObject({ error: 'card_number_incomplete' });
    expect(validateCardNumber(valid('9', 12), { final: true })).toEqual({ state: 'complete', valid: true });
    expect(validateCardNumber(valid('9', 19))).toEqual({ state: 'complete', valid: true });
    expect(validateCardNumber(invalid(valid('9', 19)))).toMatchObject({ valid: false, error: 'card_number_invalid' });
    expect(validateCardNumber(valid('9', 19) + '1')).toMatchObject({ valid: false, error: 'card_number_invalid' });
  });

  it('skips Luhn for UnionPay, which issues numbers that fail it', () => {
    const unionPay = invalid(valid('62', 16));
    expect(validateCardNumber(unionPay, { final: true })).toMatchObject({ valid: true, brand: { id: 'unionpay' } });
  });

  it('reports a brand outside the accepted ones as soon as it is known', () => {
    const options = { acceptedBrands: ['visa', 'mastercard'] as const };
    expect(validateCardNumber('37', options)).toMatchObject({ valid: false, error: 'card_number_unsupported' });
    expect(validateCardNumber('4242', options)).toEqual({ state: 'incomplete', valid: false, brand: getCardBrand('visa') });
    expect(validateCardNumber(valid('9', 16), { ...options, final: true })).toMatchObject({
      valid: false,
      error: 'card_number_unsupported',
    });
  });
});
