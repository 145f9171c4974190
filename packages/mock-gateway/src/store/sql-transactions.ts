/**
 * The transactions table of migration 3 in SQL: how a record is written (typed columns, the
 * record as jsonb) and the named query over it (transaction-query.ts). Text goes through
 * jsonb-text.ts both ways, so U+0000 in a shopper's input never reaches Postgres.
 */
import { jsonForJsonb, jsonFromJsonb, textForColumn } from './jsonb-text';
import type { Kind } from './record-kinds';
import type { TransactionRecord } from './records';
import { transactionColumns, type TransactionQuery } from './transaction-query';

/** Kinds whose table keeps the record as jsonb in `record` (the others: JSON text in `doc`). */
const JSONB_KINDS: ReadonlySet<Kind> = new Set(['transaction']);

/** The SQL expression that reads a kind's record as JSON text. */
export const documentSql = (kind: Kind): string => (JSONB_KINDS.has(kind) ? 'record::text' : 'doc');

export function parseDocument<T>(kind: Kind, text: string): T {
  return JSON.parse(JSONB_KINDS.has(kind) ? jsonFromJsonb(text) : text) as T;
}

/** Column → value of a record's row, beside its index columns: `doc`, or the jsonb `record` and the typed columns. */
export function documentColumns(kind: Kind, record: unknown): Record<string, unknown> {
  const json = JSON.stringify(record);
  if (!JSONB_KINDS.has(kind)) return { doc: json };
  const columns = transactionColumns(record as TransactionRecord);
  return {
    record: jsonForJsonb(json),
    merchant_id: textForColumn(columns.merchant_id),
    terminal_id: textForColumn(columns.terminal_id ?? null),
    reference: textForColumn(columns.reference ?? null),
    status: textForColumn(columns.status ?? null),
    type: textForColumn(columns.type ?? null),
    created_at: new Date(columns.created_at).toISOString(),
    last4: textForColumn(columns.last4),
    customer_id: textForColumn(columns.customer_id),
  };
}

/**
 * An instant as a timestamptz parameter, within years 1 to 9999: a filter bound or cursor
 * beyond them (which Date.parse accepts and Postgres does not) selects what the nearest one does.
 */
const instant = (ms: number): string => new Date(Math.min(Math.max(ms, -62_135_596_800_000), 253_402_300_799_999)).toISOString();

/** The named query as one statement: every filter a condition, served by migration 3's indexes. */
export function transactionsSql(query: TransactionQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown): string => `$${params.push(value)}`;
  const where = [`merchant_id = ${param(textForColumn(query.merchantId))}`];
  const equal = { status: query.status, type: query.type, reference: query.reference, last4: query.last4, customer_id: query.customerId };
  for (const [column, value] of Object.entries(equal)) if (value !== undefined) where.push(`${column} = ${param(textForColumn(value))}`);
  if (query.from !== undefined) where.push(`created_at >= ${param(instant(query.from))}::timestamptz`);
  if (query.to !== undefined) where.push(`created_at <= ${param(instant(query.to))}::timestamptz`);
  if (query.before !== undefined) {
    const at = param(instant(query.before.createdAt));
    where.push(`(created_at, id COLLATE "C") < (${at}::timestamptz, ${param(query.before.id)} COLLATE "C")`);
  }
  const sql = `SELECT record::text AS doc FROM transactions WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id COLLATE "C" DESC LIMIT ${param(query.limit)}`;
  return { sql, params };
}
