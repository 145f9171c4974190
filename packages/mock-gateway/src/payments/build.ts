/**
 * Building and moving transactions. Every route that creates money movement goes through
 * `createTransaction` and `finalize`/`markPending`, so statuses, processing codes, the
 * webhook announcements and the idempotency index stay consistent everywhere.
 */
import { randomUUID } from 'node:crypto';
import {
  PROCESSING_CODES,
  emptyCustomer,
  type Customer,
  type ExecutionResponse,
  type IntegrationType,
  type PaymentMethodData,
  type Transaction,
  type TransactionStatus,
  type TransactionType,
} from '@payments/core';
import type { GatewayContext } from '../context';
import type { TransactionRecord } from '../store/records';

export interface NewTransaction {
  merchantId: string;
  terminalId: string;
  reference: string;
  description: string;
  currency: string;
  amount: number;
  transactionType: TransactionType;
  paymentMethod: Partial<PaymentMethodData> & { type: string };
  customer?: Partial<Customer> | null;
  customerIp?: string | null;
  integrationType: IntegrationType;
  metadata?: Record<string, unknown>;
  originatorUrl: string;
  returnUrl?: string | null;
  errorUrl?: string | null;
  cancelUrl?: string | null;
  sessionId?: string | null;
  parentId?: string | null;
  orderId?: string;
}

/**
 * The spec's Customer from what a request sent: its nine fields, null where absent. Keys the
 * spec does not define are dropped, never stored or echoed (hostile suite regression: an
 * extra `customer.foo` used to end up in the stored transaction and its status answer).
 */
export function customerFields(sent: Partial<Customer> | null | undefined): Customer {
  const customer = emptyCustomer();
  if (!sent) return customer;
  for (const key of Object.keys(customer) as (keyof Customer)[]) {
    const value = Object.hasOwn(sent, key) ? sent[key] : undefined;
    if (value !== undefined) customer[key] = value;
  }
  return customer;
}

/** A new transaction in status CREATED, stored (and so visible to idempotency) at once. */
export function createTransaction(ctx: GatewayContext, input: NewTransaction): TransactionRecord {
  const now = ctx.clock.iso();
  const transaction: Transaction = {
    id: randomUUID(),
    merchant_id: input.merchantId,
    order_id: input.orderId ?? randomUUID(),
    terminal_id: input.terminalId,
    reference: input.reference,
    description: input.description,
    currency: input.currency,
    amount: input.amount,
    customer: customerFields(input.customer),
    customer_ip: input.customerIp ?? null,
    processing_result: {
      approval_code: null,
      payment_provider_account_id: 'SIM-ACCOUNT-1',
      payment_provider_id: 'simplified-card-simulator',
      reference_number: null,
    },
    approved: false,
    pending: false,
    channel: 'ecommerce',
    transaction_type: input.transactionType,
    status: 'CREATED',
    payment_method: {
      brand: null,
      hash: null,
      masked: null,
      method: null,
      token: null,
      ...input.paymentMethod,
    },
    redirect_url: null,
    normalized_amount: input.amount,
    errors: [],
    processing_code: null,
    response_message: null,
    data: { retry_options: null },
  };
  const record: TransactionRecord = {
    transaction,
    integration_type: input.integrationType,
    metadata: input.metadata ?? {},
    created_at: now,
    updated_at: now,
    parent_id: input.parentId ?? null,
    session_id: input.sessionId ?? null,
    originator_url: input.originatorUrl,
    return_url: input.returnUrl ?? null,
    error_url: input.errorUrl ?? null,
    cancel_url: input.cancelUrl ?? null,
    card: null,
    three_ds: null,
    captured_amount: 0,
    refunded_amount: 0,
    last_response: null,
    announced_statuses: [],
    tokenize: null,
    blik_code_given: false,
  };
  ctx.store.putTransaction(record);
  return record;
}

export type Outcome =
  | { status: 'APPROVED' }
  | { status: 'DECLINED'; code?: string; message?: string }
  | { status: 'FAILED'; message?: string }
  | { status: 'CANCELED' | 'EXPIRED' | 'VOIDED'; message?: string };

const DEFAULT_CODES: Record<Exclude<TransactionStatus, 'CREATED' | 'PENDING'>, [string, string]> = {
  APPROVED: [PROCESSING_CODES.APPROVED, 'TRX_STATUS_APPROVED'],
  DECLINED: [PROCESSING_CODES.DECLINED, 'TRX_STATUS_DECLINED'],
  FAILED: [PROCESSING_CODES.FAILED, 'TRX_STATUS_FAILED'],
  CANCELED: [PROCESSING_CODES.CANCELED, 'TRX_STATUS_CANCELED'],
  EXPIRED: [PROCESSING_CODES.SESSION_EXPIRED, 'TRX_STATUS_EXPIRED'],
  VOIDED: [PROCESSING_CODES.APPROVED, 'TRX_STATUS_VOIDED'],
};

/** Moves a transaction to a final status and announces it (once) by webhook. */
export function finalize(ctx: GatewayContext, record: TransactionRecord, outcome: Outcome): TransactionRecord {
  const tx = record.transaction;
  const [defaultCode, defaultMessage] = DEFAULT_CODES[outcome.status];
  tx.status = outcome.status;
  tx.approved = outcome.status === 'APPROVED';
  tx.pending = false;
  tx.processing_code = ('code' in outcome && outcome.code) || defaultCode;
  tx.response_message = ('message' in outcome && outcome.message) || defaultMessage;
  tx.redirect_url = null;
  if (outcome.status === 'APPROVED') {
    tx.processing_result.approval_code = randomDigits(6);
    tx.processing_result.reference_number = randomDigits(12);
  }
  if (record.three_ds) record.three_ds.stage = 'DONE';
  touch(ctx, record);
  ctx.webhooks.announceTransaction(record);
  return record;
}

/** Moves a transaction to PENDING (waiting for a provider or the shopper) and announces it. */
export function markPending(ctx: GatewayContext, record: TransactionRecord, redirectUrl: string | null = null): TransactionRecord {
  const tx = record.transaction;
  tx.status = 'PENDING';
  tx.pending = true;
  tx.approved = false;
  tx.processing_code = PROCESSING_CODES.PENDING;
  tx.response_message = 'TRX_STATUS_PENDING';
  tx.redirect_url = redirectUrl;
  touch(ctx, record);
  ctx.webhooks.announceTransaction(record);
  return record;
}

export function touch(ctx: GatewayContext, record: TransactionRecord): void {
  record.updated_at = ctx.clock.iso();
  ctx.store.putTransaction(record);
}

export function resultResponse(record: TransactionRecord): ExecutionResponse {
  return { result: structuredClone(record.transaction), action: null, redirect: null, form_submit: null };
}

/** Remembers and returns an execution response, so an idempotent repeat can answer it again. */
export function respond(record: TransactionRecord, response: ExecutionResponse): ExecutionResponse {
  record.last_response = response;
  return response;
}

export function isFinal(status: TransactionStatus): boolean {
  return status !== 'CREATED' && status !== 'PENDING';
}

/** Masks an account or card number to its last 4 digits, as the spec shows for payouts. */
export function maskLast4(value: string): string {
  const digits = value.replace(/\s+/g, '');
  return `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

function randomDigits(length: number): string {
  let out = '';
  while (out.length < length) out += Math.floor(Math.random() * 10).toString();
  return out;
}
