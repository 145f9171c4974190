/**
 * The store's one named query over transactions: a merchant's transactions, newest first by
 * (created_at, id), with any combination of the dashboard's filters and a cursor to page on.
 * Every engine answers it completely (no "newest few, then filter"): the SQL engines from the
 * typed columns of migration 3, the memory engine from the same columns kept per record
 * (memory-transactions.ts). This file is what they share: the columns, the filter, the cursor.
 */
import type { TransactionRecord } from './records';

export interface TransactionQuery {
  merchantId: string;
  status?: string | undefined;
  type?: string | undefined;
  /** Every transaction of the reference, management operations included. */
  reference?: string | undefined;
  last4?: string | undefined;
  /** The customer the payment was made for (the saved card's customer, or the transaction's customer id). */
  customerId?: string | undefined;
  /** created_at ≥ from, ms (gateway clock). */
  from?: number | undefined;
  /** created_at ≤ to, ms. */
  to?: number | undefined;
  /** Only transactions older than this position (a previous page's last). */
  before?: TransactionPosition | undefined;
  limit: number;
}

/** Where a transaction sits in the newest-first order: created_at (ms), then id. */
export interface TransactionPosition {
  createdAt: number;
  id: string;
}

/** The columns a transaction is filtered and ordered by (migration 3's typed columns). */
export interface TransactionColumns {
  merchant_id: string;
  terminal_id: string;
  reference: string;
  status: string;
  type: string;
  created_at: number;
  last4: string | null;
  customer_id: string | null;
}

export function transactionColumns(record: TransactionRecord): TransactionColumns {
  return {
    merchant_id: record.transaction.merchant_id,
    terminal_id: record.transaction.terminal_id,
    reference: record.transaction.reference,
    status: record.transaction.status,
    type: record.transaction.transaction_type,
    created_at: Date.parse(record.created_at),
    last4: record.card && typeof record.card === 'object' ? record.card.last4 : null,
    customer_id: record.tokenize?.customer_id ?? record.transaction.customer?.id ?? null,
  };
}

/** Whether a transaction's columns pass every filter of the query (the merchant and cursor included). */
export function matchesQuery(columns: TransactionColumns, id: string, query: TransactionQuery): boolean {
  return (
    columns.merchant_id === query.merchantId &&
    (query.status === undefined || columns.status === query.status) &&
    (query.type === undefined || columns.type === query.type) &&
    (query.reference === undefined || columns.reference === query.reference) &&
    (query.last4 === undefined || columns.last4 === query.last4) &&
    (query.customerId === undefined || columns.customer_id === query.customerId) &&
    (query.from === undefined || columns.created_at >= query.from) &&
    (query.to === undefined || columns.created_at <= query.to) &&
    (query.before === undefined || comparePositions({ createdAt: columns.created_at, id }, query.before) < 0)
  );
}

/** Ascending order of positions; ids compare by code unit, as the SQL engines' `COLLATE "C"`. */
export function comparePositions(a: TransactionPosition, b: TransactionPosition): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id === b.id ? 0 : a.id < b.id ? -1 : 1;
}

export function positionOf(record: TransactionRecord): TransactionPosition {
  return { createdAt: Date.parse(record.created_at), id: record.transaction.id };
}

/** A position as the opaque `before=` cursor of the list routes (base64url of JSON). */
export function encodeCursor(position: TransactionPosition): string {
  return Buffer.from(JSON.stringify([new Date(position.createdAt).toISOString(), position.id])).toString('base64url');
}

/** The position a cursor names, or undefined when it is not one this gateway wrote. */
export function decodeCursor(cursor: string): TransactionPosition | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return undefined;
    const [at, id] = parsed as unknown[];
    if (typeof at !== 'string' || typeof id !== 'string' || id.length === 0 || id.length > 128 || id.includes('\u0000')) return undefined;
    const createdAt = Date.parse(at);
    return Number.isNaN(createdAt) ? undefined : { createdAt, id };
  } catch {
    return undefined;
  }
}
