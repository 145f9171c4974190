import { describe, expect, it } from 'vitest';
import { getCardBrand } from './brands';
import { cvvLengths, maxCvvLength, validateCvv } from './cvv';

const visa = getCardBrand('visa');
const amex = getCardBrand('amex');

describe('cvvLengths', () => {
  it('uses the brand length, and 3 or 4 when the brand is unknown', () => {
    expect(cvvLengths(visa)).toEqual([3]);
    expect(cvvLengths(amex)).toEqual([4]);
    expect(cvvLengths(undefined)).toEqual([3, 4]);
    expect(maxCvvLength(undefined)).toBe(4);
  });
});

describe('validateCvv', () => {
  it('needs 3 digits for Visa', () => {
    expect(validateCvv('12', visa)).toEqual({ state: 'incomplete', valid: false });
    expect(validateCvv('12', visa, { final: true })).toEqual({ state: 'incomplete', valid: false, error: 'cvv_incomplete' });
    expect(validateCvv('123', visa)).toEqual({ state: 'complete', valid: true });
  });

  it('refuses a 4-digit code for a 3-digit brand (card changed after typing an Amex CID)', () => {
    expect(validateCvv('1234', visa)).toMatchObject({ valid: false, error: 'cvv_invalid' });
  });

  it('needs 4 digits for Amex', () => {
    expect(validateCvv('123', amex)).toEqual({ state: 'incomplete', valid: false });
    expect(validateCvv('123', amex, { final: true })).toMatchObject({ error: 'cvv_incomplete' });
    expect(validateCvv('1234', amex)).toEqual({ state: 'complete', valid: true });
  });

  it('accepts 3 or 4 digits for an unknown brand, complete at 3 only when final', () => {
    expect(validateCvv('123', undefined)).toEqual({ state: 'incomplete', valid: true });
    expect(validateCvv('123', undefined, { final: true })).toEqual({ state: 'complete', valid: true });
    expect(validateCvv('1234', undefined)).toEqual({ state: 'complete', valid: true });
    expect(validateCvv('12345', undefined)).toMatchObject({ error: 'cvv_invalid' });
  });

  it('accepts ASCII digits only', () => {
    for (const text of ['12a', '1 23', '１２３', '-12']) expect(validateCvv(text, visa), text).toMatchObject({ error: 'cvv_invalid' });
  });

  it('reports a missing code only when final', () => {
    expect(validateCvv('', visa)).toEqual({ state: 'empty', valid: false });
    expect(validateCvv('', visa, { final: true })).toEqual({ state: 'empty', valid: false, error: 'cvv_required' });
  });
});
