/**
 * submitPayment inside the card frame: check the customer, read the card, then THE card
 * payment pipeline (card-payment.ts) with this frame's 3-D Secure adapter, which asks the
 * host (the merchant page) for the challenge dialog and full-page navigation. The answer to
 * the host carries the execution response or a localized PaymentError; never a card field.
 */
import { loadedMessages, toGatewayCustomer, type LocaleTag, type ThreeDsAdapter } from '@payments/core';
import type { ComponentState, Customer } from '../shared/payment-types';
import { isChallengeOutcome, type FrameConfig, type HostMethods, type SubmitOutcome } from '../shared/protocol';
import { payByCard, type CardToPay } from './card-payment';
import { loadCardRules } from './card-rules-loader';
import { invalidCardError } from './field-messages';
import { runFingerprint } from './fingerprint';
import type { GatewayApi } from './gateway-api';

// The card frame loads this module on demand (frame-main.ts) and makes its gateway client from it.
export { createGatewayApi } from './gateway-api';
import { checkCustomerInput, paymentError } from './payment-errors';

/** What the payment needs from the form element. */
export interface CardFormPort {
  validateAll(): Pick<ComponentState, 'valid' | 'fields'>;
  readCardData():
    | { number: string; expiryMonth: string; expiryYear: string; cvv: string; holderName: string; email: string; saveCard: boolean; network?: string }
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

/**
 * What the frame tells authentication-completed when the host says the challenge ended. The
 * host is the merchant page, which we do not trust: what it relays (even a CHALLENGE_RESPONSE
 * it forwards from the ACS) is only a signal that the challenge ended, never its outcome. The
 * gateway decides from the ACS's own record (the RReq); the status sent is 'N', the one that
 * can never authorize on its own, so a page answering "Y" cannot approve a challenge the
 * shopper declined or never finished.
 */
const CHALLENGE_ENDED_SIGNAL = 'N';

export async function pay(ctx: PaymentContext, customer: Customer): Promise<SubmitOutcome> {
  const text = loadedMessages(ctx.locale);
  const customerError = await checkCustomerInput(customer, ctx.locale);
  if (customerError) return { kind: 'error', error: customerError };

  // An expired saved card is refused here, before anything is sent (the gateway would answer
  // INVALID_REQUEST_PAYMENT_METHOD_EXPIRED, mapped to the same error).
  const saved = ctx.config.component === 'saved-card' ? ctx.config.savedCard : null;
  // The rules are here by now (the frame's submit waited for them); a chunk of their own,
  // they are asked for through their loader, not imported (card-rules.ts).
  if (saved && (await loadCardRules()).savedCardExpired(saved.expirationDate, new Date())) {
    ctx.form.validateAll();
    ctx.form.showFormMessage(text.savedCard.expiredError);
    return { kind: 'error', error: { code: 'payment_method_expired', message: text.savedCard.expiredError } };
  }

  // Not valid: the fields show their errors; the answer says the same (never another sentence).
  const state = ctx.form.validateAll();
  const card = state.valid ? ctx.form.readCardData() : undefined;
  if (!card) return { kind: 'error', error: invalidCardError(state, text, saved ? 'cvv_invalid' : 'card_number_invalid') };

  ctx.form.setBusy(true);
  ctx.form.showFormMessage(null);
  try {
    const outcome = await authorizeAndAuthenticate(ctx, customer, card).catch((): SubmitOutcome => {
      // The page could not do its part (e.g. the challenge dialog's script did not load): the
      // payment did not finish, and paying again is safe (the gateway answers the same transaction).
      return { kind: 'error', error: { code: 'network_error', message: text.status.serviceUnavailable } };
    });
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
  const text = loadedMessages(ctx.locale);
  const saved = ctx.config.component === 'saved-card' ? ctx.config.savedCard : null;
  const toPay: CardToPay = saved
    ? { type: 'saved_card', paymentMethodId: saved.paymentMethodId, cvv: card.cvv }
    : { type: 'card', number: card.number, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear, cvv: card.cvv, network: card.network };
  const extra = {
    customer: toGatewayCustomer({ ...customer, ...(card.email && !customer.email ? { email: card.email } : {}) }),
    ...(card.saveCard && ctx.config.saveCard
      ? { tokenization: { save_card_for_future_payments: true, tokenize_for: ctx.config.saveCard.tokenizeFor } }
      : {}),
  };
  const adapter: ThreeDsAdapter = {
    post: (path, body) => ctx.api.post(path, body),
    runFingerprint,
    showChallenge: async (effect) => {
      const ended = await ctx.host.showChallenge(
        { acsUrl: effect.acsUrl, acsOrigin: effect.acsOrigin, creq: effect.creq, windowSize: effect.windowSize, width: effect.width, height: effect.height },
        { title: text.status.challengeFrameTitle, close: text.status.close },
      );
      if (!isChallengeOutcome(ended) || ended.kind === 'closed') return { kind: 'closed' };
      return { kind: 'response', transStatus: CHALLENGE_ENDED_SIGNAL };
    },
    closeChallenge: () => void ctx.host.closeChallenge(),
    redirect: (url) => void ctx.host.navigate({ kind: 'redirect', url }),
    formSubmit: (url, data) => void ctx.host.navigate({ kind: 'form-submit', url, data: { ...data } }),
  };
  const outcome = await payByCard({ api: ctx.api, sessionId: ctx.sessionId, adapter }, toPay, extra);
  if (outcome.kind === 'done') {
    return { kind: 'result', response: { result: outcome.transaction, action: null, redirect: null, form_submit: null } };
  }
  if (outcome.kind === 'left-page') return { kind: 'navigating' };
  return { kind: 'error', error: paymentError(outcome.failure, ctx.locale) };
}
