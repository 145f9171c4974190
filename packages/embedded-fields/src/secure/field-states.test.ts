/** The fields' states and the saved card's summary, as the card form shows them. */
import { getCardBrand } from '@payments/core';
import { checkCustomer, CUSTOMER_LIMITS } from '@payments/core/customer-checks';
import { describe, expect, it } from 'vitest';
import {
  cardNumberReady,
  cardNumberState,
  cvvState,
  describeSavedCard,
  emailState,
  expiryState,
  holderNameState,
  isEmailAddress,
  MAX_EMAIL_LENGTH,
  MAX_HOLDER_NAME_LENGTH,
} from './field-controller';

const visa = getCardBrand('visa');
const amex = getCardBrand('amex');
const NOW = new Date(2026, 5, 15, 12);

describe('field states', () => {
  it('judges the card number while typing, on blur and on submit', () => {
    expect(cardNumberState('4000 0000 0000 0002', 'typing')).toEqual({
      empty: false,
      complete: false,
      valid: true,
      error: null,
      brand: 'visa',
    });
    expect(cardNumberState('4000 0000 0000 0002', 'blurred')).toMatchObject({ complete: true, valid: true, error: null });
    expect(cardNumberState('4000 0000 0000 0001', 'typing')).toMatchObject({ valid: false, error: null });
    expect(cardNumberState('4000 0000 0000 0001', 'blurred')).toMatchObject({ valid: false, error: 'card_number_invalid' });
    expect(cardNumberState('4000 0000', 'blurred')).toMatchObject({ valid: false, error: 'card_number_incomplete' });
    expect(cardNumberState('5200 0000 0000 0001', 'typing')).toMatchObject({ valid: false, error: 'card_number_invalid' });
  });

  it('reports a missing number only on submit', () => {
    expect(cardNumberState('', 'typing')).toEqual({ empty: true, complete: false, valid: false, error: null, brand: null });
    expect(cardNumberState('', 'blurred').error).toBeNull();
    expect(cardNumberState('', 'submitted').error).toBe('card_number_required');
  });

  it('judges the expiry against now', () => {
    expect(expiryState('12 / 30', 'typing', NOW)).toMatchObject({ complete: true, valid: true, error: null });
    expect(expiryState('06 / 26', 'typing', NOW)).toMatchObject({ valid: true });
    expect(expiryState('05 / 26', 'typing', NOW)).toMatchObject({ valid: false, error: 'expiry_in_past' });
    expect(expiryState('01 / 19', 'typing', NOW)).toMatchObject({ valid: false, error: 'expiry_in_past' });
    expect(expiryState('12 / 20', 'typing', NOW)).toMatchObject({ valid: false, error: null });
    expect(expiryState('12 / 20', 'blurred', NOW)).toMatchObject({ valid: false, error: 'expiry_in_past' });
    expect(expiryState('00 / ', 'typing', NOW).error).toBe('expiry_invalid_month');
    expect(expiryState('1', 'blurred', NOW).error).toBe('expiry_incomplete');
    expect(expiryState('', 'submitted', NOW).error).toBe('expiry_required');
  });

  it('judges the CVV by brand', () => {
    expect(cvvState('123', visa, 'typing')).toMatchObject({ complete: true, valid: true });
    expect(cvvState('123', amex, 'typing')).toMatchObject({ complete: false, valid: false, error: null });
    expect(cvvState('123', amex, 'blurred')).toMatchObject({ valid: false, error: 'cvv_incomplete' });
    expect(cvvState('1234', visa, 'typing')).toMatchObject({ valid: false, error: 'cvv_invalid' });
    expect(cvvState('', undefined, 'submitted').error).toBe('cvv_required');
  });

  it('judges holder name and email by whether they are required', () => {
    expect(holderNameState('', false, 'submitted')).toMatchObject({ empty: true, valid: true, error: null });
    expect(holderNameState('  ', true, 'blurred')).toMatchObject({ valid: false, error: null });
    expect(holderNameState('', true, 'submitted')).toMatchObject({ valid: false, error: 'holder_name_required' });
    expect(holderNameState('Jane Doe', true, 'typing')).toMatchObject({ valid: true, complete: true });
    expect(emailState('', false, 'submitted')).toMatchObject({ valid: true, error: null });
    expect(emailState('', true, 'submitted').error).toBe('email_required');
    expect(emailState('jane@', false, 'typing')).toMatchObject({ valid: false, error: null });
    expect(emailState('jane@', false, 'blurred')).toMatchObject({ valid: false, error: 'email_invalid' });
    expect(emailState(' jane@example.com ', true, 'blurred')).toMatchObject({ valid: true, error: null });
    expect(emailState(`${'a'.repeat(510)}@example.com`, false, 'typing').error).toBe('email_too_long');
  });
});

describe('isEmailAddress', () => {
  it("agrees with core's checkCustomer, which the frame loads only on submit", () => {
    const samples = [
      'jane@example.com',
      'jane.doe+tag@sub.example.co.uk',
      'ana@exemplu.ro',
      'åsa@exempel.se',
      'user@xn--bcher-kva.example',
      'jane@',
      '@example.com',
      'jane@example',
      'jane..doe@example.com',
      '.jane@example.com',
      'jane.@example.com',
      'ja ne@example.com',
      'jane@exa_mple.com',
      'jane@-example.com',
      'jane<script>@example.com',
      `${'a'.repeat(65)}@example.com`,
    ];
    for (const email of samples) {
      expect(isEmailAddress(email), email).toBe(checkCustomer({ email }).valid);
    }
    expect(MAX_EMAIL_LENGTH).toBe(CUSTOMER_LIMITS.email);
    expect(MAX_HOLDER_NAME_LENGTH).toBe(CUSTOMER_LIMITS.text);
  });
});

describe('cardNumberReady', () => {
  it('moves on at a valid complete number, and at 16 digits for brands that also allow longer', () => {
    expect(cardNumberReady('4000 0000 0000 0002')).toBe(true);
    expect(cardNumberReady('4000 0000 0000 0001')).toBe(false);
    expect(cardNumberReady('5200 0000 0000 0007')).toBe(true);
    expect(cardNumberReady('3782 822463 10005')).toBe(true);
    expect(cardNumberReady('4000 0000 0000')).toBe(false);
    expect(cardNumberReady('3622 720627 1667')).toBe(false);
  });
});

describe('describeSavedCard', () => {
  it('shows brand, last four and MM/YY', () => {
    expect(describeSavedCard({ maskedPan: '400000******0002', expirationDate: '1230', cardBrand: 'VISA' })).toMatchObject({
      brandId: 'visa',
      brandName: 'Visa',
      last4: '0002',
      expiry: '12/30',
    });
    expect(describeSavedCard({ maskedPan: '**** **** **** 4444', expirationDate: '0127', cardBrand: 'American Express' })).toMatchObject({
      brandId: 'amex',
      last4: '4444',
      expiry: '01/27',
    });
  });

  it('keeps an unknown brand as text and drops a malformed expiry', () => {
    expect(describeSavedCard({ maskedPan: 'xxxx', expirationDate: '1330', cardBrand: 'Dankort' })).toEqual({
      brandId: 'dankort',
      brand: undefined,
      brandName: 'Dankort',
      last4: '',
      expiry: '',
    });
  });
});
