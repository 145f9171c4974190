/**
 * What `mock-gateway trigger <event>` does for each webhook event of the spec (Events; the
 * tokenization event included): the calls a merchant and its shopper would make so the
 * gateway announces that event. Card payments go through a payment session, as Embedded
 * Fields makes them (the merchant creates the session with its token, the shopper's frame
 * pays it with the client key); management operations are the merchant's manage calls.
 *
 * The outcomes come from the simplified simulator (README, "Test behaviour"): the test card
 * decides approved or declined; a card outside the table with `metadata.response_code`
 * leaves an authorization pending (TRX_STATUS_PENDING) or makes the provider decline a
 * capture, refund or void (TRX_STATUS_DECLINED on the manage call).
 */
import {
  TEST_BROWSER_INFO,
  TOKENIZATION_EVENT,
  type ExecutionResponse,
  type PaymentSession,
  type StatusResponse,
  type Transaction,
  type WebhookEventName,
} from '@payments/core';
import type { MerchantApi } from './merchant-api';

export interface RecipeContext {
  api: MerchantApi;
  /** A terminal of the merchant with the simplified simulator (the card number decides). */
  terminalId: string;
}

/** What a recipe made: the transaction the event is about, its session, and for a management event the original. */
export interface Triggered {
  transaction: Transaction;
  sessionId: string | null;
  original: Transaction | null;
}

export interface Recipe {
  /** One line for --help: what the command makes. */
  does: string;
  run(context: RecipeContext): Promise<Triggered>;
}

/** A recipe step the gateway answered in a way the recipe cannot go on from. */
export class RecipeError extends Error {}

/** The spec's test cards (simplified simulator) and a card outside the table. */
const CARD = { approved: '4000000000000002', insufficientFunds: '4000000000000044', outsideTable: '4111111111111111' } as const;
const AMOUNT = 4999;
const CURRENCY = 'EUR';

let sequence = 0;
/** References are idempotency keys: unique per run, at most 40 characters. */
function newReference(): string {
  sequence += 1;
  return `trigger-${Date.now().toString(36)}-${process.pid.toString(36)}-${sequence}`.slice(0, 40);
}

async function createSession(context: RecipeContext, type: 'AUTHORIZE' | 'PURCHASE', metadata: Record<string, string> = {}): Promise<PaymentSession> {
  return context.api.merchant<PaymentSession>('POST', '/api/sessions', {
    terminal_id: context.terminalId,
    reference: newReference(),
    description: 'mock-gateway trigger',
    currency: CURRENCY,
    amount: AMOUNT,
    transaction_type: type,
    return_url: 'https://merchant.example/return',
    metadata,
  });
}

/** The transaction an execution response is about, as the status endpoint has it now. */
async function transactionOf(context: RecipeContext, response: ExecutionResponse, step: string): Promise<Transaction> {
  const id = response.result?.id ?? response.redirect?.transaction_id ?? response.action?.transaction_id ?? response.form_submit?.transaction_id;
  if (!id) throw new RecipeError(`${step}: the gateway answered no transaction`);
  const status = await context.api.merchant<StatusResponse>('GET', `/api/transactions/${encodeURIComponent(id)}/status`);
  if (!status.transaction) throw new RecipeError(`${step}: the gateway does not know transaction ${id}`);
  return status.transaction;
}

/** A card payment in a session, paid as the card frame pays it. */
async function cardPayment(
  context: RecipeContext,
  type: 'AUTHORIZE' | 'PURCHASE',
  card: string,
  options: { metadata?: Record<string, string>; saveCard?: boolean } = {},
): Promise<Triggered> {
  const session = await createSession(context, type, options.metadata);
  const { api } = context;
  const response = await api.browser<ExecutionResponse>('POST', '/api/transactions/authorize', {
    session_id: session.id,
    payment_method: {
      type: 'card',
      data: {
        encrypted_card_number: await api.encrypt(card),
        encrypted_cvv: await api.encrypt('123'),
        encrypted_expiration_month: await api.encrypt('12'),
        encrypted_expiration_year: await api.encrypt(String(new Date().getFullYear() + 3)),
      },
    },
    browser_info: TEST_BROWSER_INFO,
    ...(options.saveCard ? { tokenization: { save_card_for_future_payments: true } } : {}),
  });
  if (!response.result) {
    const step = response.action?.type ?? (response.redirect ? 'a redirect' : 'a form submit');
    throw new RecipeError(
      `terminal ${context.terminalId} asked for 3-D Secure steps (${step}) instead of deciding at once: trigger needs a terminal with the simplified simulator (--terminal)`,
    );
  }
  return { transaction: await transactionOf(context, response, 'authorize'), sessionId: session.id, original: null };
}

/** A wallet redirect in a PURCHASE session: PENDING until the shopper comes back. */
async function redirectPayment(context: RecipeContext): Promise<Triggered> {
  const session = await createSession(context, 'PURCHASE');
  const response = await context.api.browser<ExecutionResponse>('POST', '/api/transactions/authorize', {
    session_id: session.id,
    payment_method: { type: 'wallet-a-redirect', data: {} },
    browser_info: TEST_BROWSER_INFO,
  });
  return { transaction: await transactionOf(context, response, 'authorize'), sessionId: session.id, original: null };
}

/** A capture, refund or void of an approved payment; the provider declines it when asked to. */
async function operation(
  context: RecipeContext,
  paid: Triggered,
  type: 'CAPTURE' | 'REFUND' | 'VOID',
  outcome: 'approved' | 'declined',
): Promise<Triggered> {
  const original = paid.transaction;
  const child = await context.api.merchant<Transaction>('POST', '/api/transactions/manage', {
    terminal_id: original.terminal_id,
    transaction_type: type,
    reference: original.reference,
    parent_transaction_id: original.id,
    amount: original.amount,
    currency: original.currency,
    ...(outcome === 'declined' ? { metadata: { response_code: 'TRX_STATUS_DECLINED' } } : {}),
  });
  return { transaction: child, sessionId: paid.sessionId, original };
}

const approvedAuthorization = (c: RecipeContext) => cardPayment(c, 'AUTHORIZE', CARD.approved);
const approvedPurchase = (c: RecipeContext) => cardPayment(c, 'PURCHASE', CARD.approved);
const declinedPurchase = (c: RecipeContext) => cardPayment(c, 'PURCHASE', CARD.insufficientFunds);

const E = 'transaction-svc:transaction';

export const RECIPES: Readonly<Record<WebhookEventName, Recipe>> = {
  [`${E}:authorized`]: { does: 'an AUTHORIZE of a card, approved', run: approvedAuthorization },
  [`${E}:authorize:authorized`]: { does: 'an AUTHORIZE of a card, approved', run: approvedAuthorization },
  [`${E}:authorize:declined`]: { does: 'an AUTHORIZE of a card, declined (insufficient funds)', run: (c) => cardPayment(c, 'AUTHORIZE', CARD.insufficientFunds) },
  [`${E}:authorize:pending`]: {
    does: 'an AUTHORIZE the provider leaves pending (response_code TRX_STATUS_PENDING)',
    run: (c) => cardPayment(c, 'AUTHORIZE', CARD.outsideTable, { metadata: { response_code: 'TRX_STATUS_PENDING' } }),
  },
  [`${E}:purchase:approved`]: { does: 'a PURCHASE of a card, approved', run: approvedPurchase },
  [`${E}:purchase:declined`]: { does: 'a PURCHASE of a card, declined (insufficient funds)', run: declinedPurchase },
  [`${E}:purchase:pending`]: { does: 'a PURCHASE by wallet redirect, pending at the provider', run: redirectPayment },
  [`${E}:pending`]: { does: 'a PURCHASE by wallet redirect, pending at the provider', run: redirectPayment },
  [`${E}:declined`]: { does: 'a PURCHASE of a card, declined (insufficient funds)', run: declinedPurchase },
  [`${E}:management:approved`]: { does: 'an approved AUTHORIZE, then its CAPTURE', run: async (c) => operation(c, await approvedAuthorization(c), 'CAPTURE', 'approved') },
  [`${E}:management:declined`]: {
    does: 'an approved AUTHORIZE, then a CAPTURE the provider declines',
    run: async (c) => operation(c, await approvedAuthorization(c), 'CAPTURE', 'declined'),
  },
  [`${E}:management:refund:approved`]: { does: 'an approved PURCHASE, then its REFUND', run: async (c) => operation(c, await approvedPurchase(c), 'REFUND', 'approved') },
  [`${E}:management:refund:declined`]: {
    does: 'an approved PURCHASE, then a REFUND the provider declines',
    run: async (c) => operation(c, await approvedPurchase(c), 'REFUND', 'declined'),
  },
  [`${E}:management:void:approved`]: { does: 'an approved AUTHORIZE, then its VOID', run: async (c) => operation(c, await approvedAuthorization(c), 'VOID', 'approved') },
  [`${E}:management:void:declined`]: {
    does: 'an approved AUTHORIZE, then a VOID the provider declines',
    run: async (c) => operation(c, await approvedAuthorization(c), 'VOID', 'declined'),
  },
  [`${E}:management:capture:approved`]: { does: 'an approved AUTHORIZE, then its CAPTURE', run: async (c) => operation(c, await approvedAuthorization(c), 'CAPTURE', 'approved') },
  [`${E}:management:capture:declined`]: {
    does: 'an approved AUTHORIZE, then a CAPTURE the provider declines',
    run: async (c) => operation(c, await approvedAuthorization(c), 'CAPTURE', 'declined'),
  },
  [TOKENIZATION_EVENT]: {
    does: 'a PURCHASE of a card, approved, that saves the card',
    run: (c) => cardPayment(c, 'PURCHASE', CARD.approved, { saveCard: true }),
  },
};
