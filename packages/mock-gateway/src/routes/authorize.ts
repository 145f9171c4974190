/**
 * POST /api/transactions/authorize: card, saved card, network token, wallet and redirect
 * payments; PURCHASE, AUTHORIZE, OCT and card PAYOUT (spec: POST /api/transactions/authorize).
 *
 * Two callers: a merchant backend (bearer token, the whole order in the body, DIRECT_API)
 * and the browser (public client key + `session_id`: the Embedded Fields frame or the hosted
 * page; the session supplies the order, its integration type and its metadata).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { ERROR_CODES, type Customer, type ExecutionResponse, type IntegrationType, type TransactionType } from '@payments/core';
import { providerPageUrl } from '../acs/urls';
import { DEFAULT_MAX_DECLINED_ATTEMPTS, PROVIDER_Y_CODES, type TerminalConfig } from '../config';
import { findMerchant, type GatewayContext } from '../context';
import { ApiError, invalid } from '../api-error';
import { validateWith } from '../http/validate';
import { planAuthentication, decideAuthorization } from '../simulators/simulators';
import { paymentMethodLock, referenceLock, sessionLock } from '../store/locks';
import type { SessionRecord, TransactionRecord } from '../store/records';
import { authorizeNow, beginAuthentication, challengeWindowSize } from '../payments/three-ds/engine';
import { createTransaction, finalize, isFinal, markPending, respond, resultResponse } from '../payments/build';
import { findIdempotent } from '../payments/idempotency';
import { resolvePaymentMethod, type ResolvedPaymentMethod } from '../payments/payment-method-data';
import { originatorUrl, resolveTerminal } from '../payments/terminal';
import { browserPaymentCustomer, checkSavedCardCvv, checkSavedCardUse, requireCustomer } from '../customers/customer-binding';
import { authenticate } from './auth';
import {
  directAuthorizeSchema,
  isValidNotificationUrl,
  sessionAuthorizeSchemaCvvLess,
  sessionAuthorizeSchemaWithCvv,
} from './schemas/authorize';
import { liveSession, sessionReturnUrls } from './sessions';
import { authorizeSchema } from './schemas/transactions';

/** The request's payment method, as the schema (authorize-schema.ts) describes it. */
type PaymentMethodBody = FromSchema<typeof directAuthorizeSchema>['payment_method'];

/** The order to authorize, however it arrived. */
interface AuthorizeOrder {
  merchantId: string;
  terminal: TerminalConfig;
  reference: string;
  description: string;
  currency: string;
  amount: number;
  transactionType: TransactionType;
  paymentMethod: PaymentMethodBody;
  customer: Partial<Customer>;
  browserScreenWidth: number | undefined;
  /** browser_info.language: the shopper's language for the issuer's and providers' pages. */
  browserLanguage: string | undefined;
  metadata: Record<string, unknown>;
  integrationType: IntegrationType;
  returnUrl: string;
  errorUrl: string;
  cancelUrl: string;
  customerIp: string;
  originatorUrl: string;
  tokenization: { save_card_for_future_payments?: boolean; tokenize_for?: string } | undefined;
  notificationUrl: string | undefined;
  session: SessionRecord | null;
  /** The merchant opted out of CVV for saved cards (options.cvv_less). */
  cvvLess: boolean;
}

const REDIRECT_TYPES = new Set(['wallet-a-redirect', 'wallet-b-redirect', 'bank-network-redirect', 'openbanking-redirect']);

export function registerAuthorizeRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.post('/api/transactions/authorize', { schema: authorizeSchema }, async (request) => {
    const principal = await authenticate(ctx, request, { clientKey: true });
    const order =
      principal.kind === 'bearer'
        ? directOrder(ctx, request, principal.merchantId)
        : await sessionOrder(ctx, request, principal.merchantId);
    return authorize(ctx, order);
  });
}

function directOrder(ctx: GatewayContext, request: FastifyRequest, merchantId: string): AuthorizeOrder {
  const body = validateWith<FromSchema<typeof directAuthorizeSchema>>(request, directAuthorizeSchema);
  // Spec: an invalid override is a 400 before any transaction is created.
  const notification = body.options?.three_ds?.notification_url;
  if (notification !== undefined && !isValidNotificationUrl(notification)) {
    throw new ApiError(400, [
      {
        property: 'options.three_ds.notification_url',
        message: 'must be an https URL with a host, at most 256 characters',
        params: [String(notification).slice(0, 300)],
      },
    ]);
  }
  if (REDIRECT_TYPES.has(body.payment_method.type) && (!body.error_url || !body.cancel_url)) {
    throw invalid(body.error_url ? 'cancel_url' : 'error_url', 'wallet and bank redirects need error_url and cancel_url');
  }
  const { terminal } = resolveTerminal(ctx, merchantId, body.terminal_id);
  return {
    merchantId,
    terminal,
    reference: body.reference,
    description: body.description,
    currency: body.currency,
    amount: body.amount,
    transactionType: body.transaction_type,
    paymentMethod: body.payment_method,
    customer: body.customer ?? {},
    browserScreenWidth: body.browser_info?.screen_width,
    browserLanguage: body.browser_info?.language,
    metadata: body.metadata ?? {},
    integrationType: 'DIRECT_API',
    returnUrl: body.return_url,
    errorUrl: body.error_url ?? body.return_url,
    cancelUrl: body.cancel_url ?? body.return_url,
    customerIp: body.customer_ip ?? request.ip,
    originatorUrl: originatorUrl(terminal, body.originator_url),
    tokenization: body.tokenization,
    notificationUrl: typeof notification === 'string' ? notification : undefined,
    session: null,
    cvvLess: body.options?.cvv_less === true,
  };
}

async function sessionOrder(ctx: GatewayContext, request: FastifyRequest, merchantId: string): Promise<AuthorizeOrder> {
  const sessionId = (request.body as { session_id?: unknown } | null)?.session_id;
  const session = await liveSession(ctx, merchantId, typeof sessionId === 'string' ? sessionId : '');
  await checkAttemptLimit(ctx, session);
  const cvvLess = session.hpp ? session.hpp.options.cvv_less === true : session.cvv_less === true;
  const body = validateWith<FromSchema<typeof sessionAuthorizeSchemaCvvLess>>(request, cvvLess ? sessionAuthorizeSchemaCvvLess : sessionAuthorizeSchemaWithCvv);
  // Instalments: only a count the hosted page offered (options.number_of_instalments).
  if (body.instalments !== undefined && !(session.hpp?.options.number_of_instalments ?? []).includes(body.instalments)) {
    throw invalid('instalments', 'is not a count this payment offers', [String(body.instalments)]);
  }
  const { terminal } = resolveTerminal(ctx, merchantId, session.session.terminal_id);
  const urls = sessionReturnUrls(ctx, session);
  const metadata: Record<string, unknown> = { ...session.metadata };
  if (session.hpp?.options.skip_three_ds) metadata.skip_three_ds = true;
  if (body.instalments !== undefined) metadata.instalments = body.instalments;
  return {
    merchantId,
    terminal,
    reference: session.session.reference,
    description: session.session.description,
    currency: session.session.currency,
    amount: session.session.amount,
    transactionType: session.session.transaction_type,
    paymentMethod: body.payment_method,
    customer: await browserPaymentCustomer(ctx, session, body.customer ?? {}),
    browserScreenWidth: body.browser_info?.screen_width,
    browserLanguage: body.browser_info?.language,
    metadata,
    integrationType: session.kind,
    returnUrl: urls.success,
    errorUrl: urls.error,
    cancelUrl: urls.cancel,
    customerIp: request.ip,
    originatorUrl: session.originator_url,
    tokenization: body.tokenization,
    notificationUrl: undefined,
    session,
    cvvLess,
  };
}

async function authorize(ctx: GatewayContext, order: AuthorizeOrder): Promise<ExecutionResponse> {
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

/**
 * Card testing: a session or hosted page allows `max_declined_attempts` (default 10) declined
 * or failed attempts; after that every authorize on it is refused and creates nothing.
 */
async function checkAttemptLimit(ctx: GatewayContext, session: SessionRecord): Promise<void> {
  const limit = findMerchant(ctx, session.merchant_id)?.max_declined_attempts ?? DEFAULT_MAX_DECLINED_ATTEMPTS;
  const attempts = await ctx.store.transactions(session.transaction_ids);
  const declined = attempts.filter(({ transaction: { status } }) => status === 'DECLINED' || status === 'FAILED').length;
  if (declined >= limit) {
    throw invalid('session_id', `Too many declined attempts (${limit}) on this payment`, [session.session.id], ERROR_CODES.TOO_MANY_ATTEMPTS);
  }
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


