/**
 * submitPayment of the alternative-payment-method frame (and a redirect factory's
 * authorize): check the customer keys, build the method's `payment_method.data`, authorize
 * on the gateway (same origin, client key + session), and answer the execution response as
 * it is. A redirect is handed to the host page, never followed here; a DECLINED result is a
 * result, not an error.
 */
import { loadedMessages, toGatewayCustomer, type ExecutionResponse, type LocaleTag, type Messages } from '@payments/core';
import type { Customer, PaymentError } from '../shared/payment-types';
import type { SubmitOutcome } from '../shared/protocol';
import { apmErrorMessage, buildMethodData, type ApmFieldName, type ApmValues, type OfferedMethod, type SessionShopper } from './apm-fields';
import type { GatewayApi } from './gateway-api';
import { checkCustomerInput, gatewayError } from './payment-errors';

export interface ApmPaymentContext {
  api: GatewayApi;
  locale: LocaleTag;
  sessionId: string;
  shopper: SessionShopper | null;
}

export interface ApmPaymentInput {
  method: OfferedMethod | undefined;
  shown: readonly ApmFieldName[];
  values: ApmValues;
  customer: Customer;
}

export async function payWithMethod(ctx: ApmPaymentContext, input: ApmPaymentInput): Promise<SubmitOutcome> {
  const text = loadedMessages(ctx.locale);
  const customerError = await checkCustomerInput(input.customer, ctx.locale);
  if (customerError) return { kind: 'error', error: customerError };
  if (!input.method) return { kind: 'error', error: { code: 'no_payment_method', message: text.alternativeMethods.chooseMethod } };

  const { data, problems } = buildMethodData(input.method, input.shown, input.values, input.customer, ctx.shopper);
  if (problems.length > 0) return { kind: 'error', error: dataError(problems, text) };

  const customer: Customer = {
    ...input.customer,
    ...(data.email ? { email: data.email } : {}),
    ...(data.first_name ? { firstName: data.first_name } : {}),
    ...(data.last_name ? { lastName: data.last_name } : {}),
  };
  try {
    const response: ExecutionResponse = await ctx.api.post('/api/transactions/authorize', {
      session_id: ctx.sessionId,
      payment_method: { type: input.method.type, data },
      ...(Object.keys(customer).length > 0 ? { customer: toGatewayCustomer(customer) } : {}),
    });
    return { kind: 'result', response };
  } catch (error) {
    return { kind: 'error', error: gatewayError(error, ctx.locale) };
  }
}

/** Shopper data problems are invalid_customer (like the card's); a bad BLIK code is invalid_payment_method. */
function dataError(problems: { field: ApmFieldName; code: string }[], text: Messages): PaymentError {
  const fields = problems.map((p) => ({ field: p.field, code: p.code, message: apmErrorMessage(p.code, text) }));
  return {
    code: problems.every((p) => p.field === 'blikCode') ? 'invalid_payment_method' : 'invalid_customer',
    message: fields.map((f) => `${f.field}: ${f.message}`).join(' '),
    fields,
  };
}
