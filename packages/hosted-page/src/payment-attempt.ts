/**
 * One payment attempt on the hosted page, through the paying chunk (payment-flow.ts:
 * encryption, authorize, 3-D Secure), which loads once the shopper starts (`warmPaymentFlow`,
 * on the first focus or touch: with the merchant's encryption key) and is awaited on Pay.
 */
import { loadedMessages } from '@payments/core';
import type { CardForm, ChallengeLabels } from '@payments/embedded-fields/secure';
import type { PaymentOption, SessionView } from './checkout-model';
import type { PaymentResult } from './checkout-payment';
import { contactData, type ContactValues } from './contact-fields';
import type { HppApi } from './hpp-api';
import type * as PaymentFlowModule from './payment-flow';

type PaymentFlow = typeof PaymentFlowModule;
let paymentFlow: Promise<PaymentFlow> | undefined;

/** The paying code; one load, shared; a failed load is tried again on the next call. */
function loadPaymentFlow(): Promise<PaymentFlow> {
  paymentFlow ??= import('./payment-flow').catch((error: unknown) => {
    paymentFlow = undefined;
    throw error;
  });
  return paymentFlow;
}

/** What Pay will need, fetched while the shopper fills in the page: the paying code and the key. */
export function warmPaymentFlow(api: HppApi): void {
  void loadPaymentFlow().catch(() => undefined);
  void api.gateway.encryptionKey().catch(() => undefined);
}

export interface PaymentAttempt {
  api: HppApi;
  session: SessionView;
  option: PaymentOption;
  form: CardForm | null;
  cvvLess: boolean;
  instalments: number | undefined;
  contact: ContactValues;
  /** The challenge dialog's words, in the page's language when it opens. */
  labels: () => ChallengeLabels;
  /** The page is leaving for the bank or the provider. */
  onLeave: () => void;
}

/** Pays with the chosen option; answers how it ended (the page words it). */
export async function attemptPayment(attempt: PaymentAttempt): Promise<PaymentResult> {
  let flow: PaymentFlow;
  try {
    flow = await loadPaymentFlow();
  } catch {
    return { kind: 'error', message: (locale) => loadedMessages(locale).threeDsErrors.request_failed };
  }
  const { api, session, option, form, cvvLess, instalments } = attempt;
  const adapter = flow.createHostedPageAdapter({ api: api.gateway, labels: attempt.labels, onLeave: attempt.onLeave });
  const deps = { api: api.gateway, sessionId: session.id, adapter };
  if (option.kind === 'redirect') return flow.payByRedirect(deps, option.type, contactData(option.data, attempt.contact));
  if (option.kind === 'saved-card') return flow.payByCard(deps, { kind: 'saved-card', paymentMethodId: option.card.id, form }, instalments);
  return flow.payByCard(deps, { kind: 'card', form: form!, cvvLess }, instalments);
}
