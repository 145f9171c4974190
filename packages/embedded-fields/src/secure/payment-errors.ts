/**
 * THE error mapper: PaymentErrors worded in the component's locale from core's catalogs,
 * for the card and alternative-method frames and the hosted page. The submitPayment
 * customer keys checked before anything is sent; a failed gateway call as the merchant and
 * the shopper should hear it, read through core's processing-code table (saved card deleted
 * or expired, session expired, service down, refused); a 3-D Secure error.
 */
import { ERROR_CODES, PROCESSING_CODES, checkCustomerFields, customerHasPhone, loadedMessages, type LocaleTag, type Messages } from '@payments/core';
import type { Customer, PaymentError, PaymentErrorCode } from '../shared/payment-types';
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

/** A failed gateway call's code (and the gateway's own code), and which words tell it. */
interface CallClass {
  code: PaymentErrorCode;
  gatewayCode?: string;
  words: (text: Messages) => string;
}

function classifyCall(error: unknown): CallClass {
  if (!(error instanceof GatewayCallError)) return { code: 'network_error', words: (t) => t.status.serviceUnavailable };
  const code = error.code;
  if (code === PROCESSING_CODES.SESSION_EXPIRED) return { code: 'session_expired', gatewayCode: code, words: (t) => t.status.sessionExpired };
  if (code === ERROR_CODES.TOO_MANY_ATTEMPTS) return { code: 'too_many_attempts', gatewayCode: code, words: (t) => t.status.tooManyAttempts };
  if (code === ERROR_CODES.PAYMENT_METHOD_INACTIVE) return { code: 'payment_method_inactive', gatewayCode: code, words: (t) => t.savedCard.inactiveError };
  if (code === ERROR_CODES.PAYMENT_METHOD_EXPIRED) return { code: 'payment_method_expired', gatewayCode: code, words: (t) => t.savedCard.expiredError };
  if (error.status === 401) return { code: 'unauthorized', words: (t) => t.status.genericError };
  const gateway = code ? { gatewayCode: code } : {};
  // A 5xx, or an answer that is not one: the payment may or may not exist, and paying again
  // with the session is safe (the gateway answers the same transaction), so say so.
  if (error.status >= 500 || error.malformed) return { code: 'gateway_error', ...gateway, words: (t) => t.status.serviceUnavailable };
  return { code: 'payment_refused', ...gateway, words: (t) => t.status.genericError };
}

/** A failed gateway call, as the merchant and the shopper should hear it. */
export function gatewayError(error: unknown, locale: LocaleTag): PaymentError {
  const { words, ...coded } = classifyCall(error);
  return { ...coded, message: words(loadedMessages(locale)) };
}

/** Why a payment ended without a result, as the merchant and the shopper should hear it. */
export function paymentError(failure: PaymentFailure, locale: LocaleTag): PaymentError {
  return { ...paymentErrorCode(failure), message: paymentErrorWords(failure)(loadedMessages(locale)) };
}

/** The code of `paymentError`, without words: for deciding what to do before any locale is chosen. */
export function paymentErrorCode(failure: PaymentFailure): Omit<PaymentError, 'message'> {
  if (failure.kind !== 'call') return { code: failure.code };
  const { code, gatewayCode } = classifyCall(failure.error);
  return gatewayCode === undefined ? { code } : { code, gatewayCode };
}

function paymentErrorWords(failure: PaymentFailure): (text: Messages) => string {
  if (failure.kind === 'call') return classifyCall(failure.error).words;
  const code = failure.code;
  return (t) => t.threeDsErrors[code];
}
