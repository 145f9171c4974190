/** The gateway's refusals as the merchant and the shopper hear them, in the component's locale. */
import { ERROR_CODES, LOCALES, PROCESSING_CODES, loadMessages } from '@payments/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { GatewayCallError } from './gateway-api';
import { gatewayError, paymentError, paymentErrorCode } from './payment-errors';

// The browser code reads loaded catalogs (one per locale, loaded on demand); these tests speak all four.
beforeAll(() => Promise.all(LOCALES.map((locale) => loadMessages(locale))));

const refused = (code: string) => new GatewayCallError(422, { errors: [], method: 'POST /api/transactions/authorize', status: 422, code });

describe('gatewayError', () => {
  it('maps a deleted saved card to payment_method_inactive', () => {
    expect(gatewayError(refused('INVALID_REQUEST_PAYMENT_METHOD_INACTIVE'), 'bs-BA')).toEqual({
      code: 'payment_method_inactive',
      message: 'Ova sačuvana kartica se više ne može koristiti. Platite drugom karticom.',
      gatewayCode: 'INVALID_REQUEST_PAYMENT_METHOD_INACTIVE',
    });
  });

  it('maps an expired saved card to payment_method_expired', () => {
    expect(gatewayError(refused('INVALID_REQUEST_PAYMENT_METHOD_EXPIRED'), 'en-US')).toEqual({
      code: 'payment_method_expired',
      message: 'This saved card has expired. Please pay with another card.',
      gatewayCode: 'INVALID_REQUEST_PAYMENT_METHOD_EXPIRED',
    });
  });

  it('tells the shopper, in their language, that the card-testing limit ended this checkout', () => {
    expect(gatewayError(refused(ERROR_CODES.TOO_MANY_ATTEMPTS), 'en-US')).toEqual({
      code: 'too_many_attempts',
      message: 'Too many declined attempts. For your security, this payment can no longer be tried here. Please return to the shop and start again.',
      gatewayCode: 'INVALID_REQUEST_TOO_MANY_ATTEMPTS',
    });
    expect(gatewayError(refused(ERROR_CODES.TOO_MANY_ATTEMPTS), 'sv-SE').message).toBe(
      'För många nekade försök. För din säkerhet kan den här betalningen inte längre göras här. Gå tillbaka till butiken och börja om.',
    );
  });

  it('keeps the other mappings', () => {
    expect(gatewayError(refused(PROCESSING_CODES.SESSION_EXPIRED), 'en-US').code).toBe('session_expired');
    expect(gatewayError(new GatewayCallError(503, null), 'en-US').code).toBe('gateway_error');
    expect(gatewayError(refused('2000'), 'en-US')).toMatchObject({ code: 'payment_refused', gatewayCode: '2000' });
    expect(gatewayError(new TypeError('fetch failed'), 'en-US').code).toBe('network_error');
  });

  it('words a 5xx, a broken answer and no answer alike: try again, no double charge', () => {
    const message = "The payment service didn't answer. Please try again: you won't be charged twice.";
    expect(gatewayError(new GatewayCallError(500, null), 'en-US')).toEqual({ code: 'gateway_error', message });
    expect(gatewayError(new GatewayCallError(200, null, true), 'en-US')).toEqual({ code: 'gateway_error', message });
    expect(gatewayError(new TypeError('Failed to fetch'), 'en-US')).toEqual({ code: 'network_error', message });
    expect(gatewayError(new GatewayCallError(200, null, true), 'sv-SE').message).toBe('Betaltjänsten svarade inte. Försök igen: du debiteras inte två gånger.');
  });
});

describe('paymentErrorCode', () => {
  it('is paymentError without the words: the same code in every locale, and no catalog needed', () => {
    const failures = [
      { kind: 'call' as const, error: refused(PROCESSING_CODES.SESSION_EXPIRED) },
      { kind: 'call' as const, error: new GatewayCallError(500, null) },
      { kind: 'call' as const, error: refused('2000') },
      { kind: 'call' as const, error: new TypeError('Failed to fetch') },
    ];
    for (const failure of failures) {
      const { code, gatewayCode } = paymentError(failure, 'ro-RO');
      expect(paymentErrorCode(failure)).toEqual(gatewayCode === undefined ? { code } : { code, gatewayCode });
    }
  });
});

