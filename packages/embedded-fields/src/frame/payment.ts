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
import type { Customer } from '../public-api';
import type { FrameConfig, HostMethods, SubmitOutcome } from '../shared/protocol';
import { createEncrypter } from './card-encryption';
import { savedCardExpired } from './field-controller';
import { runFingerprint } from './fingerprint';
import type { GatewayApi } from './gateway-api';
import { checkCustomerInput, gatewayError } from './payment-errors';

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

  // An expired saved card is refused here, before anything is sent (the gateway would answer
  // INVALID_REQUEST_PAYMENT_METHOD_EXPIRED, mapped to the same error).
  const saved = ctx.config.component === 'saved-card' ? ctx.config.savedCard : null;
  if (saved && savedCardExpired(saved.expirationDate, new Date())) {
    ctx.form.validateAll();
    ctx.form.showFormMessage(text.savedCard.expiredError);
    return { kind: 'error', error: { code: 'payment_method_expired', message: text.savedCard.expiredError } };
  }

  const valid = ctx.form.validateAll().valid;
  const card = valid ? ctx.form.readCardData() : undefined;
  if (!card) {
    const message = saved ? text.cardErrors.cvv_invalid : text.cardErrors.card_number_invalid;
    return { kind: 'error', error: { code: 'invalid_card', message } };
  }

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

export { gatewayError } from './payment-errors';
