/**
 * The order an authorize pays (POST /api/transactions/authorize): card, saved card, network token, wallet and redirect
 * payments; PURCHASE, AUTHORIZE, OCT and card PAYOUT (spec: POST /api/transactions/authorize).
 *
 * Two callers: a merchant backend (bearer token, the whole order in the body, DIRECT_API)
 * and the browser (public client key + `session_id`: the Embedded Fields frame or the hosted
 * page; the session supplies the order, its integration type and its metadata).
 */
import { ApiError, invalid } from '../api-error';
import type { Customer, IntegrationType, TransactionType } from '@payments/core';
import { ERROR_CODES } from '@payments/core';
import { DEFAULT_MAX_DECLINED_ATTEMPTS, type TerminalConfig } from '../config';
import { findMerchant, type GatewayContext } from '../context';
import { browserPaymentCustomer } from '../customers/customer-binding';
import type { DirectAuthorizeBody, SessionAuthorizeBody } from '../routes/schemas/authorize';
import { liveSession, sessionReturnUrls } from '../sessions/sessions';
import type { SessionRecord } from '../store/records';
import { originatorUrl, resolveTerminal } from './terminal';

/** The order to authorize, however it arrived. */
export interface AuthorizeOrder {
  merchantId: string;
  terminal: TerminalConfig;
  reference: string;
  description: string;
  currency: string;
  amount: number;
  transactionType: TransactionType;
  paymentMethod: DirectAuthorizeBody['payment_method'];
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

/** The order a merchant's backend sent (bearer): the whole order in the body, DIRECT_API. */
export function directOrder(ctx: GatewayContext, merchantId: string, body: DirectAuthorizeBody, ip: string): AuthorizeOrder {
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
    customerIp: body.customer_ip ?? ip,
    originatorUrl: originatorUrl(terminal, body.originator_url),
    tokenization: body.tokenization,
    notificationUrl: typeof notification === 'string' ? notification : undefined,
    session: null,
    cvvLess: body.options?.cvv_less === true,
  };
}

/**
 * The order of a browser's payment (client key): the session supplies the order, its
 * integration type and its metadata. The body is read once the session is known (`read`:
 * whether the session lets a saved card go without its CVV decides the body's schema).
 */
export async function sessionOrder(
  ctx: GatewayContext,
  merchantId: string,
  sessionId: string,
  read: (cvvLess: boolean) => SessionAuthorizeBody,
  ip: string,
): Promise<AuthorizeOrder> {
  const session = await liveSession(ctx, merchantId, sessionId);
  await checkAttemptLimit(ctx, session);
  const cvvLess = session.hpp ? session.hpp.options.cvv_less === true : session.cvv_less === true;
  const body = read(cvvLess);
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
    customerIp: ip,
    originatorUrl: session.originator_url,
    tokenization: body.tokenization,
    notificationUrl: undefined,
    session,
    cvvLess,
  };
}

/**
 * Card testing: a session or hosted page allows `max_declined_attempts` (default 10) declined
 * or failed attempts; after that every authorize on it is refused and creates nothing.
 */
export async function checkAttemptLimit(ctx: GatewayContext, session: SessionRecord): Promise<void> {
  const limit = findMerchant(ctx, session.merchant_id)?.max_declined_attempts ?? DEFAULT_MAX_DECLINED_ATTEMPTS;
  const attempts = await ctx.store.transactions(session.transaction_ids);
  const declined = attempts.filter(({ transaction: { status } }) => status === 'DECLINED' || status === 'FAILED').length;
  if (declined >= limit) {
    throw invalid('session_id', `Too many declined attempts (${limit}) on this payment`, [session.session.id], ERROR_CODES.TOO_MANY_ATTEMPTS);
  }
}

/**
 * Spec: options.three_ds.notification_url must be https, well-formed with a host, ≤ 256.
 * The host must be written right after "https://": the URL parser would repair
 * "https:///path" (or backslashes) into a host of its own choosing (hostile suite regression).
 */
export function isValidNotificationUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 256 || !/^https:\/\/[^\s/?#\\]/.test(value)) return false;
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
}
