/**
 * What the gateway stores, kind by kind (webhook deliveries aside: delivery-queue.ts): each record's id and the index keys the routes look
 * it up by. One definition serves every store: the memory store keeps a map per index, the
 * SQL stores a column per index (migrations.ts creates them; a test checks the two agree).
 * Transactions also have typed columns for the merchant's lists (transaction-query.ts).
 *
 * An index key is the JSON of the fields it is made of (so no control character reaches a
 * database column) or null when the record is not in that index. Lookups by index answer newest first (by insertion order).
 */
import type { AccessToken, SavedPaymentMethod, SessionRecord, StoredCustomer, TransactionRecord } from './records';

/** A value the gateway keeps across restarts: the mock clock's offset, secrets, key pairs. */
export interface StoredSetting {
  key: string;
  value: unknown;
}

export interface RecordTypes {
  transaction: TransactionRecord;
  session: SessionRecord;
  customer: StoredCustomer;
  payment_method: SavedPaymentMethod;
  token: AccessToken;
  setting: StoredSetting;
}

export type Kind = keyof RecordTypes;

interface KindDefinition<R> {
  /** The SQL table. */
  table: string;
  id(record: R): string;
  /** Index name → key (null: not indexed). */
  indexes: Record<string, (record: R) => string | null>;
}

const key = (...parts: string[]): string => JSON.stringify(parts);

export const KINDS: { [K in Kind]: KindDefinition<RecordTypes[K]> } = {
  transaction: {
    table: 'transactions',
    id: (r) => r.transaction.id,
    indexes: {
      // The idempotency index: originating transactions only (management children share the reference).
      terminal_reference: (r) => (r.parent_id === null ? key(r.transaction.terminal_id, r.transaction.reference) : null),
      reference: (r) => key(r.transaction.reference),
      three_ds_server: (r) => (r.three_ds ? key(r.three_ds.server_trans_id) : null),
      // A merchant's lists filter and order by typed columns instead (transaction-query.ts, migration 3).
    },
  },
  session: {
    table: 'sessions',
    id: (r) => r.session.id,
    indexes: {
      terminal_reference: (r) => key(r.session.terminal_id, r.session.reference),
      merchant: (r) => key(r.merchant_id),
    },
  },
  customer: {
    table: 'customers',
    id: (r) => r.id,
    indexes: { merchant: (r) => key(r.merchant_id) },
  },
  payment_method: {
    table: 'payment_methods',
    id: (r) => r.id,
    indexes: { customer: (r) => key(r.merchant_id, r.customer_id) },
  },
  token: {
    table: 'access_tokens',
    id: (r) => r.token,
    indexes: {},
  },
  setting: {
    table: 'settings',
    id: (r) => r.key,
    indexes: {},
  },
};

export type IndexName<K extends Kind> = keyof (typeof KINDS)[K]['indexes'] & string;

export function recordId<K extends Kind>(kind: K, record: RecordTypes[K]): string {
  return (KINDS[kind] as KindDefinition<RecordTypes[K]>).id(record);
}

export function indexKeys<K extends Kind>(kind: K, record: RecordTypes[K]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [name, keyOf] of Object.entries((KINDS[kind] as KindDefinition<RecordTypes[K]>).indexes)) out[name] = keyOf(record);
  return out;
}

/** The key of a compound index from its parts, as the definitions above join them. */
export const indexKey = key;
