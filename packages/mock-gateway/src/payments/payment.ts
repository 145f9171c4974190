/**
 * POST /api/transactions/payment: alternative payments by method (OPEN_BANKING, UPI,
 * WALLETS, BANK_TRANSFER, QR_CODE). The terminal must carry TRX_TYPE_PAYMENT and have the
 * method enabled. OPEN_BANKING and WALLETS answer a redirect to the provider's page; UPI,
 * BANK_TRANSFER and QR_CODE answer a PENDING result. Either way the transaction is PENDING
 * until the provider settles it (provider page or POST /__mock/transactions/{id}/settle).
 * Idempotent per terminal by reference.
 *
 * Decided where the spec is silent:
 *  - a method the terminal has not enabled is a 422 on property `method`;
 *  - a reference already used on the terminal by another kind of transaction (a card
 *    payment, a payout) is a 422 on property `reference`, never an idempotent answer;
 *  - an idempotent repeat answers the original execution response while the payment is
 *    still PENDING (the same redirect), and the current transaction as `result` once the
 *    provider has settled it;
 *  - customer.id, when sent, must be a stored customer of the merchant (422 `customer.id`),
 *    as on authorize;
 *  - `options` is accepted (any object) and ignored: its keys are provider specific.
 */
import type { Customer, ExecutionResponse } from '@payments/core';
import { providerPageUrl } from '../acs/urls';
import type { GatewayContext } from '../context';
import { invalid } from '../api-error';
import { findCustomer } from '../customers/customers';
import type { PaymentBody } from '../routes/schemas/transactions';
import { referenceLock } from '../store/locks';
import type { TransactionRecord } from '../store/records';
import { createTransaction, isFinal, markPending, respond, resultResponse } from './build';
import { findIdempotent } from './idempotency';
import { originatorUrl, resolveTerminal } from './terminal';

/** Methods that send the shopper to the provider; the others wait for the provider. */
const REDIRECT_METHODS: readonly PaymentBody['method'][] = ['OPEN_BANKING', 'WALLETS'];

/** A payment by method for this merchant, or the answer its reference already has. */
export async function pay(ctx: GatewayContext, merchantId: string, body: PaymentBody): Promise<ExecutionResponse> {
  const { terminal } = resolveTerminal(ctx, merchantId, body.terminal_id, 'TRX_TYPE_PAYMENT');
  if (!terminal.payment_endpoint_methods.includes(body.method)) {
    throw invalid('method', 'The method is not enabled on this terminal', [body.method, terminal.id]);
  }
  return ctx.store.atomic([referenceLock(terminal.id, body.reference)], async () => {
    const existing = await findIdempotent(ctx, terminal.id, body.reference, body.amount, body.currency);
    if (existing) return repeatResponse(existing, isPayment);
    await checkCustomer(ctx, merchantId, body.customer);

    const record = createTransaction(ctx, {
      merchantId,
      terminalId: terminal.id,
      reference: body.reference,
      description: body.description,
      currency: body.currency,
      amount: body.amount,
      transactionType: 'PAYMENT',
      paymentMethod: { type: body.method.toLowerCase(), method: body.method },
      customer: body.customer ?? null,
      customerIp: body.customer_ip,
      integrationType: 'DIRECT_API',
      metadata: body.metadata ?? {},
      originatorUrl: originatorUrl(terminal, body.originator_url),
      returnUrl: body.return_url,
      errorUrl: body.error_url,
      cancelUrl: body.cancel_url,
    });
    return REDIRECT_METHODS.includes(body.method) ? startRedirect(ctx, record) : startPending(ctx, record);
  });
}

/** OPEN_BANKING, WALLETS: the shopper goes to the provider's page, which settles the payment. */
function startRedirect(ctx: GatewayContext, record: TransactionRecord): ExecutionResponse {
  const id = record.transaction.id;
  const pageUrl = providerPageUrl(ctx, id);
  markPending(ctx, record, pageUrl);
  return respond(record, {
    result: null,
    action: null,
    redirect: { transaction_id: id, session_id: id, url: pageUrl },
    form_submit: null,
  });
}

/** UPI, BANK_TRANSFER, QR_CODE: accepted, waiting for the provider. */
function startPending(ctx: GatewayContext, record: TransactionRecord): ExecutionResponse {
  markPending(ctx, record);
  return respond(record, resultResponse(record));
}

/** customer.id must name a stored customer of this merchant (422 `customer.id`). Shared with payouts. */
export async function checkCustomer(ctx: GatewayContext, merchantId: string, sent: Partial<Customer> | undefined): Promise<void> {
  const id = sent?.id;
  if (id && !(await findCustomer(ctx, merchantId, id))) throw invalid('customer.id', 'Unknown customer', [id]);
}

function isPayment(record: TransactionRecord): boolean {
  return record.transaction.transaction_type === 'PAYMENT';
}

/**
 * The answer to a repeated reference (amount and currency already checked by
 * findIdempotent): the original response while still PENDING, the current state once final.
 * A reference taken by another kind of transaction is refused. Shared with payouts.
 */
export function repeatResponse(existing: TransactionRecord, sameKind: (record: TransactionRecord) => boolean): ExecutionResponse {
  const tx = existing.transaction;
  if (!sameKind(existing)) {
    throw invalid('reference', `The reference is already used by a ${tx.transaction_type} transaction on this terminal`, [
      tx.reference,
      tx.transaction_type,
    ]);
  }
  if (isFinal(tx.status) || !existing.last_response) return resultResponse(existing);
  return existing.last_response;
}
