/**
 * submitPayment inside the frame: check the customer, read and encrypt the card, authorize
 * on the gateway (same origin, client key + session), then run 3-D Secure to its end. The
 * answer to the host carries the execution response or a localized PaymentError; never a
 * card field.
 */
import {
  collectBrowserInfo,
  messages,
  runThreeDs,
  type ExecutionResponse,
  type LocaleTag,
  type ThreeDsAdapter,
  type ThreeDsOutcome,
} from '@payments/core';
import type { Customer, PaymentError } from '../public-api';
import type { FrameConfig, HostMethods, SubmitOutcome } from '../shared/protocol';
import { createEncrypter } from './card-encryption';
import { runFingerprint } from './fingerprint';
import { GatewayCallError, type GatewayApi } from './gateway-api';

/** What the payment needs from the form element. */
export interface CardFormPort {
  validateAll(): { valid: boolean };
  readCardData():
    | { number: string; expiryMonth: string; expiryYear: string; cvv: string; holderName: string; email: string; saveCard: boolean }
    | undefined;
  setBusy(busy: boolean): void;
  showFormMessage(text: string | null): void;
}

export interface PaymentContext {
  api: GatewayApi;
  host: Pick<HostMethods, 'showChallenge' | 'closeChallenge' | 'navigate'>;
  form: CardFormPort;
  config: FrameConfig;
  locale: LocaleTag;
  sessionId: string;
}

export async function pay(ctx: PaymentContext, customer: Customer): Promise<SubmitOutcome> {
  const text = messages(ctx.locale);
  const customerError = await checkCustomerInput(customer, ctx.locale);
  if (customerError) return { kind: 'error', error: customerError };

  const valid = ctx.form.validateAll().valid;
  const card = valid ? ctx.form.readCardData() : undefined;
  if (!card) return { kind: 'error', error: { code: 'invalid_card', message: text.cardErrors.card_number_invalid } };

  ctx.form.setBusy(true);
  ctx.form.showFormMessage(null);
  try {
    const outcome = await authorizeAndAuthenticate(ctx, customer, card);
    if (outcome.kind === 'error') ctx.form.showFormMessage(outcome.error.message);
    return outcome;
  } finally {
    ctx.form.setBusy(false);
  }
}

async function authorizeAndAuthenticate(
  ctx: PaymentContext,
  customer: Customer,
  card: NonNullable<ReturnType<CardFormPort['readCardData']>>,
): Promise<SubmitOutcome> {
  const text = messages(ctx.locale);
  let response: ExecutionResponse;
  try {
    const encrypter = await createEncrypter(await ctx.api.encryptionKey());
    const paymentMethod =
      ctx.config.component === 'saved-card' && ctx.config.savedCard
        ? {
            type: 'saved_card',
            data: { payment_method_id: ctx.config.savedCard.paymentMethodId, encrypted_cvv: await encrypter.encrypt(card.cvv) },
          }
        : {
            type: 'card',
            data: {
              encrypted_card_number: await encrypter.encrypt(card.number),
              encrypted_cvv: await encrypter.encrypt(card.cvv),
              encrypted_expiration_month: await encrypter.encrypt(card.expiryMonth),
              encrypted_expiration_year: await encrypter.encrypt(card.expiryYear),
            },
          };
    const { toGatewayCustomer } = await import('@payments/core/customer-checks');
    const gatewayCustomer = toGatewayCustomer({
      ...customer,
      ...(card.email && !customer.email ? { email: card.email } : {}),
    });
    response = await ctx.api.post('/api/transactions/authorize', {
      session_id: ctx.sessionId,
      payment_method: paymentMethod,
      customer: gatewayCustomer,
      browser_info: collectBrowserInfo({ navigator, screen, date: new Date() }),
      ...(card.saveCard && ctx.config.saveCard
        ? { tokenization: { save_card_for_future_payments: true, tokenize_for: ctx.config.saveCard.tokenizeFor } }
        : {}),
    });
  } catch (error) {
    return { kind: 'error', error: gatewayError(error, ctx.locale) };
  }

  let left = false;
  const adapter: ThreeDsAdapter = {
    post: (path, body) => ctx.api.post(path, body),
    runFingerprint,
    showChallenge: (effect) =>
      ctx.host.showChallenge(
        { acsUrl: effect.acsUrl, acsOrigin: effect.acsOrigin, creq: effect.creq, windowSize: effect.windowSize, width: effect.width, height: effect.height },
        { title: text.status.challengeFrameTitle, close: text.status.close },
      ),
    closeChallenge: () => void ctx.host.closeChallenge(),
    redirect: (url) => {
      left = true;
      void ctx.host.navigate({ kind: 'redirect', url });
    },
    formSubmit: (url, data) => {
      left = true;
      void ctx.host.navigate({ kind: 'form-submit', url, data: { ...data } });
    },
  };
  const outcome: ThreeDsOutcome = await runThreeDs(response, adapter, { allowHttp: location.protocol === 'http:' });
  if (outcome.kind === 'done') {
    return { kind: 'result', response: { result: outcome.transaction, action: null, redirect: null, form_submit: null } };
  }
  if (outcome.kind === 'left-page' || left) return { kind: 'navigating' };
  if (outcome.code === 'request_failed') return { kind: 'error', error: gatewayError(outcome.cause, ctx.locale) };
  return { kind: 'error', error: { code: outcome.code, message: text.threeDsErrors[outcome.code] } };
}

/** The customer keys, checked before anything is sent (libphonenumber-js loads on demand). */
async function checkCustomerInput(customer: Customer, locale: LocaleTag): Promise<PaymentError | undefined> {
  if (Object.keys(customer).length === 0) return undefined;
  const { checkCustomer } = await import('@payments/core/customer-checks');
  const result = checkCustomer(customer);
  if (result.valid) return undefined;
  const text = messages(locale);
  const fields = result.errors.map((e) => ({ field: e.field, code: e.code, message: text.customerErrors[e.code] }));
  return {
    code: 'invalid_customer',
    message: fields.map((f) => `${f.field}: ${f.message}`).join(' '),
    fields,
  };
}

/** A failed gateway call, as the merchant and the shopper should hear it. */
export function gatewayError(error: unknown, locale: LocaleTag): PaymentError {
  const text = messages(locale);
  if (error instanceof GatewayCallError) {
    const code = error.code;
    if (code === '1005') return { code: 'session_expired', message: text.status.sessionExpired, gatewayCode: code };
    if (error.status === 401) return { code: 'unauthorized', message: text.status.genericError };
    const base = { message: text.status.genericError, ...(code ? { gatewayCode: code } : {}) };
    if (error.status >= 500) return { code: 'gateway_error', ...base, message: text.status.serviceUnavailable };
    return { code: code === 'INVALID_REQUEST_PAYMENT_METHOD_INACTIVE' ? 'payment_method_inactive' : 'payment_refused', ...base };
  }
  return { code: 'network_error', message: text.status.serviceUnavailable };
}
