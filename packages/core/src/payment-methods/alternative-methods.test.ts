/** The alternative methods' rules: families, required data, and which orders they fit. */
import { describe, expect, it } from 'vitest';
import {
  alternativeMethodRules,
  fittingAlternativeMethods,
  isBankPayment,
  isBlikCode,
  methodFitsOrder,
  PROVIDER_Y_METHOD_CODES,
  REDIRECT_FACTORY_TYPES,
} from './alternative-methods';

describe('alternativeMethodRules', () => {
  it('gives wallet and bank redirects empty data, PURCHASE only', () => {
    for (const type of REDIRECT_FACTORY_TYPES) {
      expect(alternativeMethodRules(type)).toMatchObject({ data: [], currencies: null, transactionTypes: ['PURCHASE'] });
    }
  });

  it('asks provider-x-local for email and names, and an optional BLIK code, in PLN only', () => {
    expect(alternativeMethodRules('provider-x-local')).toEqual({
      type: 'provider-x-local',
      family: 'local',
      data: [
        { name: 'email', required: true },
        { name: 'first_name', required: true },
        { name: 'last_name', required: true },
        { name: 'blik_code', required: false },
      ],
      currencies: ['PLN'],
      transactionTypes: ['PURCHASE'],
    });
  });

  it('knows every provider-y code of the spec and no other', () => {
    expect(PROVIDER_Y_METHOD_CODES).toHaveLength(27);
    expect(alternativeMethodRules('provider-y-redirect-idl')?.family).toBe('provider-y');
    expect(alternativeMethodRules('provider-y-redirect-xyz')).toBeUndefined();
    expect(alternativeMethodRules('provider-y-redirect-IDL')).toBeUndefined();
  });

  it('is undefined for cards and wallet tokens', () => {
    for (const type of ['card', 'saved_card', 'wallet-a', 'network-token']) expect(alternativeMethodRules(type)).toBeUndefined();
  });
});

describe('methodFitsOrder', () => {
  it('takes provider-x-local for PLN purchases only', () => {
    expect(methodFitsOrder('provider-x-local', { currency: 'PLN', transactionType: 'PURCHASE' })).toBe(true);
    expect(methodFitsOrder('provider-x-local', { currency: 'EUR', transactionType: 'PURCHASE' })).toBe(false);
    expect(methodFitsOrder('provider-x-local', { currency: 'PLN', transactionType: 'AUTHORIZE' })).toBe(false);
  });

  it('takes no redirect method for an AUTHORIZE', () => {
    expect(methodFitsOrder('wallet-a-redirect', { currency: 'EUR', transactionType: 'AUTHORIZE' })).toBe(false);
    expect(methodFitsOrder('wallet-a-redirect', { currency: 'EUR', transactionType: 'PURCHASE' })).toBe(true);
  });
});

describe('fittingAlternativeMethods', () => {
  it('orders local, wallets, banks, provider-y; drops what does not fit or is not alternative', () => {
    const enabled = ['provider-y-redirect-ali', 'openbanking-redirect', 'wallet-a', 'wallet-b-redirect', 'provider-x-local', 'wallet-a-redirect', 'wallet-a-redirect'];
    expect(fittingAlternativeMethods(enabled, { currency: 'PLN', transactionType: 'PURCHASE' }).map((m) => m.type)).toEqual([
      'provider-x-local',
      'wallet-b-redirect',
      'wallet-a-redirect',
      'openbanking-redirect',
      'provider-y-redirect-ali',
    ]);
    expect(fittingAlternativeMethods(enabled, { currency: 'EUR', transactionType: 'PURCHASE' }).map((m) => m.type)).not.toContain('provider-x-local');
  });
});

describe('isBlikCode', () => {
  it('is exactly six digits', () => {
    expect(isBlikCode('777123')).toBe(true);
    for (const bad of ['77712', '7771234', '77712a', ' 777123', '７７７１２３']) expect(isBlikCode(bad)).toBe(false);
  });
});

describe('isBankPayment', () => {
  it('is the bank redirects and the payment endpoint\'s OPEN_BANKING, nothing else', () => {
    for (const type of ['bank-network-redirect', 'openbanking-redirect', 'open_banking']) expect(isBankPayment(type)).toBe(true);
    for (const type of ['wallet-a-redirect', 'wallets', 'provider-x-local', 'provider-y-redirect-idl', 'card', 'upi', '', null, undefined]) {
      expect(isBankPayment(type)).toBe(false);
    }
  });
});
