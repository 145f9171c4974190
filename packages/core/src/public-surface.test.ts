/**
 * What the card frame does with core, through the package's public entry point: validate
 * the fields, build the encryptable values, resolve the shopper's language, and drive
 * 3-D Secure to a result.
 */
import { describe, expect, it } from 'vitest';
import * as core from './index';
import { fixtureResponse } from './three-ds/three-ds-fixtures';
import * as customerChecks from '@payments/core/customer-checks';

describe('@payments/core public surface', () => {
  it('takes a pasted card through validation to encryptable values and messages', () => {
    const now = new Date('2026-05-15T12:00:00Z');
    const digits = core.normalizeCardNumber('5200\u00a00000-0000.0007');
    expect(digits).toBe('5200000000000007');
    const number = core.validateCardNumber(digits!, { final: true });
    expect(number).toMatchObject({ state: 'complete', valid: true, brand: { id: 'mastercard', securityCodeName: 'CVC' } });
    expect(core.validateCvv('123', number.brand, { final: true }).valid).toBe(true);
    const expiry = core.validateExpiry(core.formatExpiryInput('0328'), now, { final: true });
    expect(core.toEncryptableExpiry(expiry.expiry!)).toEqual({ month: '3', year: '2028' });
    expect(core.testCardScenario(digits!)).toBe('frictionless-approved');

    const locale = core.resolveLocale(undefined, ['ro-MD', 'en-US']);
    const catalog = core.messages(locale);
    expect(catalog.cardErrors[core.validateCvv('12', number.brand, { final: true }).error!]).toBe(
      'Codul de securitate este incomplet.',
    );
    expect(core.formatMessage(catalog.hostedPage.pay, { amount: core.formatAmount(1999, 'RON', locale) })).toMatch(
      /^Plătiți 19,99\sRON$/,
    );
  });

  it('runs a frictionless 3-D Secure flow with browser_info from the environment', () => {
    const info = core.collectBrowserInfo({
      navigator: { userAgent: 'UA', language: 'bs-BA' },
      screen: { colorDepth: 24, height: 800, width: 1280 },
      date: new Date(),
    });
    expect(info).toMatchObject({ accept_header: core.acceptHeaderDefault, java_enabled: false });

    const machine = core.createThreeDsMachine();
    expect(machine.send({ type: 'response', response: fixtureResponse.fingerprint() })[0]?.type).toBe('run-fingerprint');
    expect(machine.send({ type: 'fingerprint-done', submitted: true })[0]?.type).toBe('request-authentication');
    expect(machine.send({ type: 'response', response: fixtureResponse.result() })).toEqual([
      expect.objectContaining({ type: 'done', approved: true }),
    ]);
  });

  it('checks and maps a submitPayment customer', () => {
    const customer = { firstName: 'Sven', country: 'se', phone: '+46 70 123 45 67', email: 'sven@example.se' };
    expect(customerChecks.checkCustomer(customer).valid).toBe(true);
    expect(customerChecks.toGatewayCustomer(customer)).toEqual({
      first_name: 'Sven',
      country: 'SE',
      phone: '+46701234567',
      email: 'sven@example.se',
    });
  });
});
