import { describe, expect, it } from 'vitest';
import { luhnCheck, luhnCheckDigit } from './luhn';

describe('luhnCheck', () => {
  it('accepts numbers with a correct check digit', () => {
    for (const number of ['4242424242424242', '378282246310005', '36227206271667', '79927398713', '0000000000000000']) {
      expect(luhnCheck(number), number).toBe(true);
    }
  });

  it('rejects a changed digit and a swap of adjacent digits', () => {
    expect(luhnCheck('4242424242424241')).toBe(false);
    expect(luhnCheck('2424424242424242')).toBe(false);
  });

  it('rejects non-digits and too short input', () => {
    for (const value of ['', '0', '4242 4242 4242 4242', '42424242424242a2', '４２']) expect(luhnCheck(value)).toBe(false);
  });
});

describe('luhnCheckDigit', () => {
  it('completes a number so that it passes', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(luhnCheckDigit('424242424242424')).toBe('2');
    for (const partial of ['1', '53', '601100099013942', '3566002020360']) {
      expect(luhnCheck(partial + luhnCheckDigit(partial))).toBe(true);
    }
  });

  it('refuses non-digits', () => {
    expect(() => luhnCheckDigit('12a')).toThrow(RangeError);
  });
});
