/**
 * POST /api/transactions/manage: CAPTURE, REFUND and VOID on an existing transaction.
 * The original is `parent_transaction_id` when given, else the transaction of
 * (terminal, reference). Each operation creates a child transaction (same
 * reference and order_id, payment method copied, parent_id the original), announced by the
 * management webhooks through `finalize`, and answers that child Transaction.
 *
 * Test behaviour (ours): `metadata.response_code` TRX_STATUS_DECLINED (or TRX_STATUS_FAILED)
 * makes the provider refuse the operation: the child is DECLINED (FAILED), announced by the
 * management declined events, and the original is left as it was.
 *
 * Rules (every violation is a 422 naming the property at fault):
 *  - currency must be the original's (`currency`); amount at most the original's (`amount`);
 *  - PAYMENT and non-card PAYOUT transactions take no operation (`transaction_type`);
 *  - CAPTURE: an APPROVED AUTHORIZE; amount at most the authorized amount not yet captured;
 *  - REFUND: an APPROVED PURCHASE, an APPROVED AUTHORIZE with something captured, or an
 *    APPROVED CAPTURE child; amount at most what was paid in and not yet refunded;
 *  - VOID: an APPROVED AUTHORIZE with nothing captured, or a PENDING transaction; the
 *    original becomes VOIDED.
 *
 * Decided where the spec is silent:
 *  - an operation the original's type or status does not allow is a 422 on property
 *    `transaction_type` (the message names the original's type and status);
 *  - unknown original: 422 on `reference` (or `parent_transaction_id` when given; a parent
 *    on another terminal or of another merchant is unknown); a parent whose reference
 *    differs from `reference` is a 422 on `reference`;
 *  - options.final_capture: after a final capture (partial or not) nothing more can be
 *    captured on that authorization; the rest of the hold is released. Refunds of what was
 *    captured stay possible;
 *  - refunding a CAPTURE child also counts against its AUTHORIZE, so refunds through the
 *    authorization and through its captures together never exceed what was captured;
 *  - VOID ignores `amount` beyond the "at most the original amount" rule: a void always
 *    cancels the whole transaction, and the VOID child carries the original's amount;
 *  - the voided original gets status VOIDED, approved and pending false, redirect_url null,
 *    processing_code 1003 (canceled) and response_message TRX_STATUS_VOIDED; it is not
 *    announced by webhook itself (the VOID child's management event announces the void);
 *  - a fully refunded PURCHASE stays APPROVED (no REFUNDED status is shown);
 *  - manage calls are not idempotent: each accepted call is a new operation;
 *  - the child keeps the original's description, customer, customer_ip, integration type
 *    and originator_url; its metadata is the request's (strings only);
 *  - the answer is HTTP 200 with the child Transaction.
 */
import { PROCESSING_CODES, type ManagementType, type Transaction } from '@payments/core';
import type { GatewayContext } from '../context';
import { invalid } from '../api-error';
import type { ManageBody } from '../routes/schemas/transactions';
import { referenceLock } from '../store/locks';
import type { TransactionRecord } from '../store/records';
import { decideManagement } from '../simulators/simulators';
import { createTransaction, finalize, touch } from './build';
import { isNonCardPayout } from './payout';
import { resolveTerminal } from './terminal';

/** An AUTHORIZE record may carry the mark of a final capture (plain data, serializable). */
type CaptureTracked = TransactionRecord & { capture_closed?: boolean };

/** A capture, refund or void of this merchant's transaction: the child transaction it made. */
export async function manage(ctx: GatewayContext, merchantId: string, body: ManageBody): Promise<Transaction> {
  const { terminal } = resolveTerminal(ctx, merchantId, body.terminal_id);
  // Children share the reference: its lock makes the totals (captured, refunded) exact under concurrency.
  return ctx.store.atomic([referenceLock(terminal.id, body.reference)], async () => {
    const original = await findOriginal(ctx, merchantId, terminal.id, body);
    checkApplicable(original, body);
    const authorization = await captureParent(ctx, original);
    const child = OPERATIONS[body.transaction_type](ctx, original, body, authorization);
    return structuredClone(child.transaction);
  });
}

type Operation = (ctx: GatewayContext, original: TransactionRecord, body: ManageBody, authorization: TransactionRecord | undefined) => TransactionRecord;

const OPERATIONS: Record<ManagementType, Operation> = {
  CAPTURE: capture,
  REFUND: refund,
  VOID: voidTransaction,
};

async function findOriginal(ctx: GatewayContext, merchantId: string, terminalId: string, body: ManageBody): Promise<TransactionRecord> {
  if (body.parent_transaction_id !== undefined) {
    const parent = await ctx.store.transaction(body.parent_transaction_id);
    const tx = parent?.transaction;
    if (!parent || tx?.merchant_id !== merchantId || tx.terminal_id !== terminalId) {
      throw invalid('parent_transaction_id', 'No such transaction on this terminal', [body.parent_transaction_id]);
    }
    if (tx.reference !== body.reference) {
      throw invalid('reference', "The reference is not the parent transaction's reference", [body.reference, tx.reference]);
    }
    return parent;
  }
  const original = await ctx.store.transactionByReference(terminalId, body.reference);
  if (!original) throw invalid('reference', 'No transaction with this reference on this terminal', [body.reference]);
  return original;
}

/** Rules common to every operation: kind of transaction, currency, amount bound. */
function checkApplicable(original: TransactionRecord, body: ManageBody): void {
  const tx = original.transaction;
  if (tx.transaction_type === 'PAYMENT' || isNonCardPayout(original)) {
    throw invalid('transaction_type', `No capture, refund or void applies to a ${tx.transaction_type} of this kind`, [
      body.transaction_type,
      tx.transaction_type,
      tx.payment_method.type,
    ]);
  }
  if (body.currency !== tx.currency) {
    throw invalid('currency', "The currency must be the original transaction's currency", [body.currency, tx.currency]);
  }
  if (body.amount > tx.amount) {
    throw invalid('amount', 'The amount must be at most the original amount', [String(body.amount), String(tx.amount)]);
  }
}

function capture(ctx: GatewayContext, original: TransactionRecord, body: ManageBody): TransactionRecord {
  const tx = original.transaction;
  if (tx.transaction_type !== 'AUTHORIZE' || tx.status !== 'APPROVED') {
    throw notApplicable('CAPTURE applies only to an APPROVED AUTHORIZE transaction', original);
  }
  const authorization = original as CaptureTracked;
  // After a final capture the rest of the hold is released: nothing more can be captured.
  const capturable = authorization.capture_closed ? 0 : tx.amount - original.captured_amount;
  if (body.amount > capturable) {
    const reason = authorization.capture_closed ? 'a final capture was made' : `${capturable} can still be captured`;
    throw invalid('amount', `The amount exceeds what can be captured: ${reason}`, [String(body.amount), String(capturable)]);
  }
  const child = operationChild(ctx, original, body, body.amount);
  if (!child.transaction.approved) return child;
  original.captured_amount += body.amount;
  if (body.options?.final_capture === true) authorization.capture_closed = true;
  touch(ctx, original);
  return child;
}

function refund(ctx: GatewayContext, original: TransactionRecord, body: ManageBody, authorization: TransactionRecord | undefined): TransactionRecord {
  const refundable = refundableAmount(original, authorization);
  if (refundable === undefined) {
    throw notApplicable('REFUND applies only to an APPROVED PURCHASE, a captured AUTHORIZE or an APPROVED CAPTURE', original);
  }
  if (body.amount > refundable) {
    throw invalid('amount', `The amount exceeds what can be refunded: ${refundable}`, [String(body.amount), String(refundable)]);
  }
  const child = operationChild(ctx, original, body, body.amount);
  if (!child.transaction.approved) return child;
  original.refunded_amount += body.amount;
  touch(ctx, original);
  if (authorization) {
    authorization.refunded_amount += body.amount;
    touch(ctx, authorization);
  }
  return child;
}

/** What can still be refunded, or undefined when the original takes no refund. */
function refundableAmount(original: TransactionRecord, authorization: TransactionRecord | undefined): number | undefined {
  const tx = original.transaction;
  if (tx.status !== 'APPROVED') return undefined;
  if (tx.transaction_type === 'PURCHASE') return tx.amount - original.refunded_amount;
  if (tx.transaction_type === 'AUTHORIZE' && original.captured_amount > 0) {
    return original.captured_amount - original.refunded_amount;
  }
  if (tx.transaction_type === 'CAPTURE' && authorization) {
    const ofCapture = tx.amount - original.refunded_amount;
    const ofAuthorization = authorization.captured_amount - authorization.refunded_amount;
    return Math.min(ofCapture, ofAuthorization);
  }
  return undefined;
}

/** The AUTHORIZE a CAPTURE child belongs to (refunds of a capture count against it too). */
async function captureParent(ctx: GatewayContext, original: TransactionRecord): Promise<TransactionRecord | undefined> {
  if (original.transaction.transaction_type !== 'CAPTURE' || original.parent_id === null) return undefined;
  return ctx.store.transaction(original.parent_id);
}

function voidTransaction(ctx: GatewayContext, original: TransactionRecord, body: ManageBody): TransactionRecord {
  const tx = original.transaction;
  const voidableAuthorization = tx.transaction_type === 'AUTHORIZE' && tx.status === 'APPROVED' && original.captured_amount === 0;
  if (!voidableAuthorization && tx.status !== 'PENDING') {
    throw notApplicable('VOID applies only to an APPROVED AUTHORIZE with nothing captured, or a PENDING transaction', original);
  }
  // The request's amount was only checked against the original amount: a void is whole.
  const child = operationChild(ctx, original, body, tx.amount);
  if (!child.transaction.approved) return child;
  tx.status = 'VOIDED';
  tx.approved = false;
  tx.pending = false;
  tx.redirect_url = null;
  tx.processing_code = PROCESSING_CODES.CANCELED;
  tx.response_message = 'TRX_STATUS_VOIDED';
  // Not announced: the VOID child's management webhook tells the merchant.
  touch(ctx, original);
  return child;
}

/**
 * The management child: created, then decided by the provider (approved unless the
 * request's metadata.response_code says otherwise) and announced (management webhooks).
 * A declined or failed operation changes nothing on the original.
 */
function operationChild(ctx: GatewayContext, original: TransactionRecord, body: ManageBody, childAmount: number): TransactionRecord {
  const tx = original.transaction;
  const child = createTransaction(ctx, {
    merchantId: tx.merchant_id,
    terminalId: tx.terminal_id,
    reference: tx.reference,
    description: tx.description,
    currency: tx.currency,
    amount: childAmount,
    transactionType: body.transaction_type,
    paymentMethod: structuredClone(tx.payment_method),
    customer: structuredClone(tx.customer),
    customerIp: tx.customer_ip,
    integrationType: original.integration_type,
    metadata: { ...(body.metadata ?? {}) },
    originatorUrl: original.originator_url,
    parentId: tx.id,
    orderId: tx.order_id,
  });
  return finalize(ctx, child, decideManagement(child.metadata));
}

function notApplicable(message: string, original: TransactionRecord): Error {
  const tx = original.transaction;
  return invalid('transaction_type', `${message}; this one is ${tx.transaction_type} in status ${tx.status}`, [
    tx.transaction_type,
    tx.status,
  ]);
}
