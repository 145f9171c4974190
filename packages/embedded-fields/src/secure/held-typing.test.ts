/** What a card field shows for what was typed into it before the form's rules arrived. */
import { describe, expect, it } from 'vitest';
import type { FieldName } from '../shared/payment-types';
import { cardRules } from './card-rules';
import { heldFieldValue } from './held-typing';

const typed = (field: FieldName, raw: string, inputTypes: (string | undefined)[] = ['insertText'], brandOf = '') =>
  heldFieldValue(field, { previous: '', raw, inputTypes }, brandOf ? cardRules.detectCardBrand(brandOf) : undefined);

describe('heldFieldValue', () => {
  it('formats what was typed as typing would have', () => {
    expect(typed('number', '4242424242424242')).toBe('4242 4242 4242 4242');
    expect(typed('number', '378282246310005')).toBe('3782 822463 10005');
    expect(typed('expiry', '1230')).toBe('12 / 30');
    expect(typed('expiry', '4')).toBe('04 / ');
    expect(typed('holderName', 'Ana <b>Kovač')).toBe('Ana bKovač');
    expect(typed('email', 'ana@example.com')).toBe('ana@example.com');
  });

  it('drops the characters the field refuses, one by one, as their keys would have been', () => {
    expect(typed('number', '4242a4242')).toBe('4242 4242');
    expect(typed('number', '4'.repeat(25))).toBe(typed('number', '4'.repeat(19)));
    expect(typed('cvv', '12345')).toBe('1234');
    expect(typed('cvv', '12345', ['insertText'], '4242424242424242')).toBe('123');
  });

  it('takes a paste or an autofill as one edit of its kind', () => {
    expect(typed('expiry', '12/2030', ['insertFromPaste'])).toBe('12 / 30');
    expect(typed('expiry', '12/2030', [undefined])).toBe('12 / 30');
    expect(typed('number', '4242 4242 4242 4242', ['insertText', 'insertFromPaste'])).toBe('4242 4242 4242 4242');
  });
});
