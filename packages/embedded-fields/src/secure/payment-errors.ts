/**
 * THE error mapper: PaymentErrors worded in the component's locale from core's catalogs,
 * for the card and alternative-method frames and the hosted page. The submitPayment
 * customer keys checked before anything is sent; a failed gateway call as the merchant and
 * the shopper should hear it, read through core's processing-code table (saved card deleted
 * or expired, session expired, service down, refused); a 3-D Secure error.
 */
import { ERROR_CODES, PROCESSING_CODES, checkCustomerFields, customerHasPhone, loadedMessages, type LocaleTag } from '@payments/core';
import type { Customer, PaymentError } from '../shared/payment-types';
import type { PaymentFailure } from './card-payment';
import { GatewayCallError } from './gateway-api';

/**
 * The customer keys, checked before anything is sent. The phone length rules
 * (libphonenumber-js's metadata) load only when there is a phone number to check.
 */
export async function checkCustomerInput(customer: Customer, locale: LocaleTag): Promise<PaymentError | undefined> {
  if (Object.keys(customer).length === 0) return undefined;
  const phoneLength = customerHasPhone(customer) ? (await import('@payments/core/customer-checks')).phoneLengthCheck : undefined;
  const result = checkCustomerFields(customer, {}, phoneLength);
  if (result.valid) return undefined;
  const text = loadedMessages(locale);
  const fields = result.errors.map((e) => ({ field: e.field, code: e.code, message: text.customerErrors[e.code] }));
  return {
    code: 'invalid_customer',
    message: fields.map((f) => `${f.field}: ${f.message}`).join(' '),
    fields,
  };
}

/** A failed gateway call, as the merchant and the shopper should hear it. */
export function gatewayError(error: unknown, locale: LocaleTag): PaymentError {
  const text = loadedMessages(locale);
  if (error instanceof GatewayCallError) {
    const code = error.code;
    if (code === PROCESSING_CODES.SESSION_EXPIRED) return { code: 'session_expired', message: text.status.sessionExpired, gatewayCode: code };
    if (code === ERROR_CODES.TOO_MANY_ATTEMPTS) return { code: 'too_many_attempts', message: text.status.tooManyAttempts, gatewayCode: code };
    if (code === ERROR_CODES.PAYMENT_METHOD_INACTIVE) return { code: 'payment_method_inactive', message: text.savedCard.inactiveError, gatewayCode: code };
    if (code === ERROR_CODES.PAYMENT_METHOD_EXPIRED) return { code: 'payment_method_expired', message: text.savedCard.expiredError, gatewayCode: code };
    if (error.status === 401) return { code: 'unauthorized', message: text.status.genericError };
    const base = { message: text.status.genericError, ...(code ? { gatewayCode: code } : {}) };
    // A 5xx, or an answer that is not one: the payment may or may not exist, and paying again
    // with the session is safe (the gateway answers the same transaction), so say so.
    if (error.status >= 500 || error.malformed) return { code: 'gateway_error', ...base, message: text.status.serviceUnavailable };
    return { code: 'payment_refused', ...base };
  }
  return { code: 'network_error', message: text.status.serviceUnavailable };
}

/** Why a payment ended without a result, as the merchant and the shopper should hear it. */
export function paymentError(failure: PaymentFailure, locale: LocaleTag): PaymentError {
  if (failure.kind === 'call') return gatewayError(failure.error, locale);
  return { code: failure.code, message: loadedMessages(locale).threeDsErrors[failure.code] };
}
