/** The alternative-method form's rules: names, shown fields, field states, and the data sent. */
import { describe, expect, it } from 'vitest';
import { messages } from '@payments/core';
import { apmErrorMessage, apmFieldState, buildMethodData, editBlikCode, methodName, selectMethods, shownFields, type OfferedMethod } from './apm-fields';

const SHOPPER = [
  { name: 'email', required: true },
  { name: 'first_name', required: true },
  { name: 'last_name', required: true },
] as const;
const BLIK: OfferedMethod = { type: 'provider-x-local', family: 'local', data: [...SHOPPER, { name: 'blik_code', required: false }] };
const IDL: OfferedMethod = { type: 'provider-y-redirect-idl', family: 'provider-y', data: SHOPPER };
const WALLET: OfferedMethod = { type: 'wallet-a-redirect', family: 'wallet', data: [] };
const empty = { email: '', firstName: '', lastName: '', blikCode: '' };

describe('methodName', () => {
  it('keeps brands and translates the generic bank methods', () => {
    const sv = messages('sv-SE');
    expect(methodName('provider-x-local', sv)).toBe('BLIK');
    expect(methodName('wallet-b-redirect', sv)).toBe('Wallet B');
    expect(methodName('provider-y-redirect-idl', sv)).toBe('Provider Y · IDL');
    expect(methodName('bank-network-redirect', sv)).toBe('Betala med internetbanken');
  });
});

describe('selectMethods', () => {
  it('keeps the merchant’s order, only what the gateway offers, once', () => {
    expect(selectMethods([BLIK, IDL, WALLET], ['wallet-a-redirect', 'nope', 'provider-x-local', 'wallet-a-redirect']).map((m) => m.type)).toEqual([
      'wallet-a-redirect',
      'provider-x-local',
    ]);
    expect(selectMethods([BLIK, WALLET], null)).toEqual([BLIK, WALLET]);
  });
});

describe('shownFields', () => {
  it('shows the BLIK code always, the shopper fields by the merchant’s flags', () => {
    expect(shownFields(BLIK, { hasHolderName: false, hasHolderEmail: false })).toEqual(['blikCode']);
    expect(shownFields(BLIK, { hasHolderName: true, hasHolderEmail: true })).toEqual(['email', 'firstName', 'lastName', 'blikCode']);
    expect(shownFields(WALLET, { hasHolderName: true, hasHolderEmail: true })).toEqual([]);
    expect(shownFields(undefined, { hasHolderName: true, hasHolderEmail: true })).toEqual([]);
  });
});

describe('field states', () => {
  it('takes digits of a BLIK code, six at most', () => {
    expect(editBlikCode('777 123')).toBe('777123');
    expect(editBlikCode('12a34567')).toBe('123456');
  });

  it('judges the BLIK code as optional, exactly 6 digits', () => {
    expect(apmFieldState('blikCode', '', 'submitted')).toMatchObject({ valid: true, error: null });
    expect(apmFieldState('blikCode', '12345', 'typing')).toMatchObject({ valid: false, error: null });
    expect(apmFieldState('blikCode', '12345', 'submitted')).toMatchObject({ valid: false, error: 'blik_code_invalid' });
    expect(apmFieldState('blikCode', '123456', 'blurred')).toMatchObject({ valid: true, complete: true });
  });

  it('requires names and a well-formed email', () => {
    expect(apmFieldState('firstName', ' ', 'submitted').error).toBe('first_name_required');
    expect(apmFieldState('lastName', 'x'.repeat(256), 'typing').error).toBe('last_name_too_long');
    expect(apmFieldState('email', 'ana@', 'submitted').error).toBe('email_invalid');
  });

  it('words every error in the locale', () => {
    const ro = messages('ro-RO');
    expect(apmErrorMessage('blik_code_invalid', ro)).toBe(ro.alternativeMethods.blikInvalid);
    expect(apmErrorMessage('first_name_required', ro)).toBe(ro.customerErrors.required);
    expect(apmErrorMessage('method_required', ro)).toBe(ro.alternativeMethods.chooseMethod);
  });
});

describe('buildMethodData', () => {
  it('takes shown fields first, then submitPayment’s customer, then the session’s customer', () => {
    const built = buildMethodData(
      BLIK,
      ['email', 'blikCode'],
      { ...empty, email: ' typed@example.pl ', blikCode: '777123' },
      { firstName: 'Jan', email: 'customer@example.pl' },
      { email: 'session@example.pl', first_name: 'Session', last_name: 'Nowak' },
    );
    expect(built).toEqual({ data: { email: 'typed@example.pl', first_name: 'Jan', last_name: 'Nowak', blik_code: '777123' }, problems: [] });
  });

  it('reports what is missing or malformed, by the submitPayment key', () => {
    expect(buildMethodData(IDL, [], empty, { email: 'ana@' }, null).problems).toEqual([
      { field: 'email', code: 'email_invalid' },
      { field: 'firstName', code: 'first_name_required' },
      { field: 'lastName', code: 'last_name_required' },
    ]);
  });

  it('sends empty data for a wallet', () => {
    expect(buildMethodData(WALLET, [], empty, {}, null)).toEqual({ data: {}, problems: [] });
  });
});
