/**
 * Authorizing an order (POST /api/transactions/authorize): card, saved card, network token, wallet and redirect
 * payments; PURCHASE, AUTHORIZE, OCT and card PAYOUT (spec: POST /api/transactions/authorize).
 *
 * Two callers: a merchant backend (bearer token, the whole order in the body, DIRECT_API)
 * and the browser (public client key + `session_id`: the Embedded Fields frame or the hosted
 * page; the session supplies the order, its integration type and its metadata).
 */
import { ERROR_CODES, type ExecutionResponse } from '@payments/core';
import { providerPageUrl } from '../acs/urls';
import { PROVIDER_Y_CODES } from '../config';
import type { GatewayContext } from '../context';
import { ApiError, invalid } from '../api-error';
import { checkSavedCardCvv, checkSavedCardUse, requireCustomer } from '../customers/customer-binding';
import { planAuthentication, decideAuthorization } from '../simulators/simulators';
import { paymentMethodLock, referenceLock, sessionLock } from '../store/locks';
import type { TransactionRecord } from '../store/records';
import { checkAttemptLimit, type AuthorizeOrder } from './authorize-order';
import { createTransaction, finalize, isFinal, markPending, respond, resultResponse } from './build';
import { findIdempotent } from './idempotency';
import { resolvePaymentMethod, type ResolvedPaymentMethod } from './payment-method-data';
import { authorizeNow, beginAuthentication, challengeWindowSize } from './three-ds/engine';

/** Authorizes the order: checked, decrypted, then stored under its reference's lock (and its session's, its saved card's). */
export async function authorize(ctx: GatewayContext, order: AuthorizeOrder): Promise<ExecutionResponse> {
  const type = order.paymentMethod.type;
  checkMethodRules(order);

  const replay = await idempotentAnswer(ctx, order);
  if (replay.answer) return replay.answer;
  if (order.customer.id && !order.session) await requireCustomer(ctx, order.merchantId, order.customer.id, 'customer.id');

  // Decrypt and check before anything is stored: a bad field creates no transaction.
  const method = await resolvePaymentMethod(ctx, order.merchantId, type, order.paymentMethod.data, new Date(ctx.clock.now()));
  // The decrypts ran in worker threads, outside any lock: a twin request with this reference
  // may have stored its transaction meanwhile. Under the reference's lock (and the session's),
  // look again, so one reference is never charged twice, on any replica.
  const locks = [
    referenceLock(order.terminal.id, order.reference),
    ...(order.session ? [sessionLock(order.session.session.id)] : []),
    ...(method.savedCard ? [paymentMethodLock(method.savedCard.id)] : []),
  ];
  return ctx.store.atomic(locks, () => authorizeLocked(ctx, order, method));
}

async function authorizeLocked(ctx: GatewayContext, order: AuthorizeOrder, method: ResolvedPaymentMethod): Promise<ExecutionResponse> {
  const { existing, answer } = await idempotentAnswer(ctx, order);
  if (answer) return answer;
  // The session as it is now, in this unit of work (its attempts list grows below).
  const session = order.session && (await ctx.store.session(order.session.session.id));
  if (session) await checkAttemptLimit(ctx, session);
  if (method.savedCard) {
    // Detached meanwhile (DELETE /api/payment-methods holds the same lock): refused like any inactive card.
    const saved = await ctx.store.paymentMethod(method.savedCard.id);
    if (saved?.status !== 'ACTIVE') {
      throw invalid('payment_method.data.payment_method_id', 'The saved payment method is inactive', [method.savedCard.id], ERROR_CODES.PAYMENT_METHOD_INACTIVE);
    }
    checkSavedCardCvv(order.paymentMethod.data, order.cvvLess);
    const owner = checkSavedCardUse(saved, { customerId: order.customer.id, fromBrowser: order.session !== null });
    if (owner) order.customer = { ...order.customer, id: owner };
  }

  const record = createTransaction(ctx, {
    merchantId: order.merchantId,
    terminalId: order.terminal.id,
    reference: order.reference,
    description: order.description,
    currency: order.currency,
    amount: order.amount,
    transactionType: order.transactionType,
    paymentMethod: method.data,
    customer: order.customer,
    customerIp: order.customerIp,
    integrationType: order.integrationType,
    metadata: order.metadata,
    originatorUrl: order.originatorUrl,
    returnUrl: order.returnUrl,
    errorUrl: order.errorUrl,
    cancelUrl: order.cancelUrl,
    sessionId: session ? session.session.id : null,
    ...(existing ? { orderId: existing.transaction.order_id } : {}),
  });
  record.card = method.card;
  if (order.tokenization?.save_card_for_future_payments) {
    record.tokenize = {
      save: true,
      tokenize_for: order.tokenization.tokenize_for ?? 'CUSTOMER_INITIATED_TRANSACTION',
      customer_id: order.customer.id ?? null,
    };
  }
  record.blik_code_given = typeof order.paymentMethod.data.blik_code === 'string';
  const language = order.browserLanguage ?? order.paymentMethod.data.language;
  if (typeof language === 'string') record.shopper_language = language;
  if (session) session.transaction_ids.push(record.transaction.id);

  if (order.transactionType === 'OCT' || order.transactionType === 'PAYOUT') return authorizeNow(ctx, record);
  if (!method.card) return startRedirectPayment(ctx, record);
  if (!method.threeDs || order.metadata.skip_three_ds === true) return authorizeNow(ctx, record);
  const plan = planAuthentication(method.card.number, order.metadata, order.terminal.simulator);
  return beginAuthentication(ctx, record, plan, {
    notificationUrl: order.notificationUrl ?? defaultNotificationUrl(ctx, record),
    windowSize: challengeWindowSize(order.metadata, order.browserScreenWidth),
  });
}

/**
 * The transaction this reference already has, and its answer when the request replays it
 * (no answer: a session may try again after a failed attempt). The answer is the
 * transaction as it is now: a VOIDED authorization or an approved redirect is no longer the
 * pending step first answered.
 */
async function idempotentAnswer(
  ctx: GatewayContext,
  order: AuthorizeOrder,
): Promise<{ existing?: TransactionRecord; answer?: ExecutionResponse }> {
  const existing = await findIdempotent(ctx, order.terminal.id, order.reference, order.amount, order.currency);
  if (!existing) return {};
  if (order.session && isRetryable(existing)) return { existing };
  return { existing, answer: isFinal(existing.transaction.status) || !existing.last_response ? resultResponse(existing) : existing.last_response };
}

/** A session may try again after a failed attempt; anything else answers the existing one. */
function isRetryable(existing: TransactionRecord): boolean {
  return isFinal(existing.transaction.status) && !existing.transaction.approved;
}

/** The spec's per-method rules that a schema cannot express. */
function checkMethodRules(order: AuthorizeOrder): void {
  const type = order.paymentMethod.type;
  const isCardish = ['card', 'saved_card', 'network-token', 'wallet-a'].includes(type);
  if (!isCardish && !order.terminal.payment_methods.includes(type)) {
    throw invalid('payment_method.type', 'The payment method is not enabled on this terminal', [type]);
  }
  if (type.startsWith('provider-y-redirect-')) {
    const code = type.slice('provider-y-redirect-'.length);
    if (!(PROVIDER_Y_CODES as readonly string[]).includes(code)) {
      throw invalid('payment_method.type', 'Unknown provider-y method code', [code]);
    }
  }
  if (!isCardish && order.transactionType !== 'PURCHASE') {
    throw invalid('transaction_type', `${type} supports PURCHASE only`, [order.transactionType]);
  }
  if (type === 'provider-x-local' && order.currency !== 'PLN') {
    throw invalid('currency', 'provider-x-local supports PLN only', [order.currency]);
  }
  if ((order.transactionType === 'OCT' || order.transactionType === 'PAYOUT') && type !== 'card') {
    throw invalid('payment_method.type', `${order.transactionType} needs a card`, [type]);
  }
  if (order.transactionType === 'OCT') {
    const required = ['first_name', 'last_name', 'email', 'phone', 'address', 'city', 'country', 'postal_code'] as const;
    const missing = required.filter((field) => !order.customer[field]);
    if (missing.length > 0) {
      throw new ApiError(
        422,
        missing.map((field) => ({ property: `customer.${field}`, message: 'is required for OCT', params: [] })),
      );
    }
    if (!/^\+[1-9]\d{1,14}$/.test(order.customer.phone ?? '')) {
      throw invalid('customer.phone', 'must be E.164, e.g. +38761123456', [order.customer.phone ?? '']);
    }
  }
}

/** Wallet, bank and local redirect methods: PENDING with a redirect to the provider's page. */
function startRedirectPayment(ctx: GatewayContext, record: TransactionRecord): ExecutionResponse {
  const decision = decideAuthorization(null, record.metadata);
  if (decision.status !== 'APPROVED' && decision.status !== 'PENDING') {
    finalize(ctx, record, decision);
    return respond(record, resultResponse(record));
  }
  const url = providerPageUrl(ctx, record.transaction.id);
  markPending(ctx, record, url);
  return respond(record, {
    result: null,
    action: null,
    redirect: { transaction_id: record.transaction.id, session_id: record.session_id ?? record.transaction.id, url },
    form_submit: null,
  });
}

/** The spec's default challenge notification URLs, by integration. */
function defaultNotificationUrl(ctx: GatewayContext, record: TransactionRecord): string {
  const id = record.transaction.id;
  switch (record.integration_type) {
    case 'HPP':
      return `${ctx.urls.gateway}/three-ds/${id}/hosted-payment-page/challenge-notification-url`;
    case 'EMBEDDED_FIELDS':
      return `${ctx.urls.gateway}/three-ds/${id}/embedded-fields/challenge-notification-url`;
    case 'DIRECT_API':
      return `${ctx.urls.gateway}/three-ds/${id}/challenge-notification-url`;
  }
}


