/**
 * What the gateway stores, kind by kind: each record's id and the index keys the routes look
 * it up by. One definition serves every store: the memory store keeps a map per index, the
 * SQL stores a column per index (migrations.ts creates them; a test checks the two agree).
 * Transactions also have typed columns for the merchant's lists (transaction-query.ts).
 *
 * An index key is the JSON of the fields it is made of (so no control character reaches a
 * database column) or null when the record is not in that index. Lookups by index answer newest first (by insertion order).
 */
import type { WebhookDelivery } from '../webhooks/outbox';
import type { AccessToken, SavedPaymentMethod, SessionRecord, StoredCustomer, TransactionRecord } from './records';

/** A webhook delivery as the outbox keeps it: the delivery, the exact bytes it sends, and its schedule. */
export interface StoredDelivery {
  delivery: WebhookDelivery;
  raw_body: string;
  /** Gateway-clock ms of the first attempt's start (the 24-hour horizon runs from it). */
  first_attempt_at: number | null;
  /** Gateway-clock ms when the next attempt is due; null when none is scheduled. */
  due_at: number | null;
  /**
   * Which gateway process has the delivery's next attempt, until when (wall-clock ms). On a
   * shared store another replica takes the delivery only once the lease has run out (its
   * holder died); absent in deliveries stored before leases existed.
   */
  lease?: { owner: string; until: number } | null;
}

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
  delivery: StoredDelivery;
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

/** A delivery that failed: given up, or waiting for a retry after a failed attempt. */
export function isFailing(delivery: WebhookDelivery): boolean {
  return delivery.state === 'failed' || (delivery.state === 'pending' && delivery.attempts.length > 0);
}

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
  delivery: {
    table: 'webhook_deliveries',
    id: (r) => r.delivery.id,
    indexes: {
      merchant: (r) => key(r.delivery.merchant_id),
      transaction: (r) => key(r.delivery.transaction_id),
      // Deliveries the outbox still has work for (sent again after a restart).
      open: (r) => (r.delivery.state === 'pending' ? key('pending') : null),
      // The dashboard's "failing" filter (migration 2): given up, or retrying after a failed attempt.
      merchant_failing: (r) => (isFailing(r.delivery) ? key(r.delivery.merchant_id) : null),
    },
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
