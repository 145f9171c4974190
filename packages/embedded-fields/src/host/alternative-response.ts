/**
 * The merchant's view of an alternative method's answer: the gateway's execution response
 * as it came, plus `approved`, `status` and `transactionId`. A redirect is PENDING until
 * the shopper approves at the provider; the host page follows it, never this library.
 */
import type { ExecutionResponse } from '@payments/core';
import type { AlternativePaymentResponse, PaymentRedirect, Transaction } from './public-api';

export function toAlternativeResponse(response: ExecutionResponse): AlternativePaymentResponse {
  const result = (response.result as unknown as Transaction | null) ?? null;
  const redirect: PaymentRedirect | null = response.redirect ? { ...response.redirect } : null;
  return {
    approved: result?.approved === true,
    status: result?.status ?? (redirect ? 'PENDING' : 'UNKNOWN'),
    transactionId: result?.id ?? redirect?.transaction_id ?? '',
    result,
    redirect,
    action: null,
    form_submit: null,
  };
}
