/**
 * The schema, as versioned migrations: one SQL dialect (Postgres) for the embedded store
 * (PGlite) and for a shared Postgres. A gateway runs the missing ones at start (`mock-gateway
 * migrate` runs them alone), each in its own transaction, under an advisory lock so replicas
 * starting together migrate once; it refuses to start on a schema newer than it knows.
 *
 * Each migration is literal SQL, written once: nothing here reads the code that uses the
 * schema (record-kinds.ts), so a rename there can never rewrite a released migration. Never
 * edit a released migration: add the next one. Versions 1 and 2 are the SQL they were built
 * from the record kinds as released (every kind a table of JSON text with a text column per
 * index); version 3 gives transactions typed columns and the record as jsonb; version 4 moves the webhook
 * deliveries into a queue of typed columns (delivery-queue.ts).
 */
import { MIGRATION_3_TRANSACTION_COLUMNS } from './migration-3';
import { MIGRATION_4_DELIVERY_QUEUE } from './migration-4';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'records: transactions, sessions, customers, payment methods, tokens, webhook deliveries, settings',
    sql: `
CREATE TABLE transactions (
  id text PRIMARY KEY,
  seq bigserial NOT NULL,
  doc text NOT NULL,
  idx_terminal_reference text,
  idx_reference text,
  idx_three_ds_server text,
  idx_merchant text
);
CREATE INDEX transactions_seq ON transactions (seq DESC);
CREATE INDEX transactions_terminal_reference ON transactions (idx_terminal_reference, seq DESC) WHERE idx_terminal_reference IS NOT NULL;
CREATE INDEX transactions_reference ON transactions (idx_reference, seq DESC) WHERE idx_reference IS NOT NULL;
CREATE INDEX transactions_three_ds_server ON transactions (idx_three_ds_server, seq DESC) WHERE idx_three_ds_server IS NOT NULL;
CREATE INDEX transactions_merchant ON transactions (idx_merchant, seq DESC) WHERE idx_merchant IS NOT NULL;
CREATE TABLE sessions (
  id text PRIMARY KEY,
  seq bigserial NOT NULL,
  doc text NOT NULL,
  idx_terminal_reference text
);
CREATE INDEX sessions_seq ON sessions (seq DESC);
CREATE INDEX sessions_terminal_reference ON sessions (idx_terminal_reference, seq DESC) WHERE idx_terminal_reference IS NOT NULL;
CREATE UNIQUE INDEX sessions_unique_reference ON sessions (idx_terminal_reference);
CREATE TABLE customers (
  id text PRIMARY KEY,
  seq bigserial NOT NULL,
  doc text NOT NULL,
  idx_merchant text
);
CREATE INDEX customers_seq ON customers (seq DESC);
CREATE INDEX customers_merchant ON customers (idx_merchant, seq DESC) WHERE idx_merchant IS NOT NULL;
CREATE TABLE payment_methods (
  id text PRIMARY KEY,
  seq bigserial NOT NULL,
  doc text NOT NULL,
  idx_customer text
);
CREATE INDEX payment_methods_seq ON payment_methods (seq DESC);
CREATE INDEX payment_methods_customer ON payment_methods (idx_customer, seq DESC) WHERE idx_customer IS NOT NULL;
CREATE TABLE access_tokens (
  id text PRIMARY KEY,
  seq bigserial NOT NULL,
  doc text NOT NULL
);
CREATE INDEX access_tokens_seq ON access_tokens (seq DESC);
CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  seq bigserial NOT NULL,
  doc text NOT NULL,
  idx_merchant text,
  idx_transaction text,
  idx_open text
);
CREATE INDEX webhook_deliveries_seq ON webhook_deliveries (seq DESC);
CREATE INDEX webhook_deliveries_merchant ON webhook_deliveries (idx_merchant, seq DESC) WHERE idx_merchant IS NOT NULL;
CREATE INDEX webhook_deliveries_transaction ON webhook_deliveries (idx_transaction, seq DESC) WHERE idx_transaction IS NOT NULL;
CREATE INDEX webhook_deliveries_open ON webhook_deliveries (idx_open, seq DESC) WHERE idx_open IS NOT NULL;
CREATE TABLE settings (
  id text PRIMARY KEY,
  seq bigserial NOT NULL,
  doc text NOT NULL
);
CREATE INDEX settings_seq ON settings (seq DESC);
`,
  },
  {
    version: 2,
    name: "dashboard indexes: a merchant's transactions by status, type and card, its sessions, its failing deliveries",
    sql: `
ALTER TABLE transactions ADD COLUMN idx_merchant_status text;
CREATE INDEX transactions_merchant_status ON transactions (idx_merchant_status, seq DESC) WHERE idx_merchant_status IS NOT NULL;
UPDATE transactions SET idx_merchant_status = ('[' || to_json((doc::json->'transaction'->>'merchant_id')::text)::text || ',' || to_json((doc::json->'transaction'->>'status')::text)::text || ']');
ALTER TABLE transactions ADD COLUMN idx_merchant_type text;
CREATE INDEX transactions_merchant_type ON transactions (idx_merchant_type, seq DESC) WHERE idx_merchant_type IS NOT NULL;
UPDATE transactions SET idx_merchant_type = ('[' || to_json((doc::json->'transaction'->>'merchant_id')::text)::text || ',' || to_json((doc::json->'transaction'->>'transaction_type')::text)::text || ']');
ALTER TABLE transactions ADD COLUMN idx_merchant_last4 text;
CREATE INDEX transactions_merchant_last4 ON transactions (idx_merchant_last4, seq DESC) WHERE idx_merchant_last4 IS NOT NULL;
UPDATE transactions SET idx_merchant_last4 = CASE WHEN doc::json->'card' IS NOT NULL AND json_typeof(doc::json->'card') = 'object' THEN ('[' || to_json((doc::json->'transaction'->>'merchant_id')::text)::text || ',' || to_json((doc::json->'card'->>'last4')::text)::text || ']') END;
ALTER TABLE sessions ADD COLUMN idx_merchant text;
CREATE INDEX sessions_merchant ON sessions (idx_merchant, seq DESC) WHERE idx_merchant IS NOT NULL;
UPDATE sessions SET idx_merchant = ('[' || to_json((doc::json->>'merchant_id')::text)::text || ']');
ALTER TABLE webhook_deliveries ADD COLUMN idx_merchant_failing text;
CREATE INDEX webhook_deliveries_merchant_failing ON webhook_deliveries (idx_merchant_failing, seq DESC) WHERE idx_merchant_failing IS NOT NULL;
UPDATE webhook_deliveries SET idx_merchant_failing = CASE WHEN doc::json->'delivery'->>'state' = 'failed' OR (doc::json->'delivery'->>'state' = 'pending' AND json_array_length(doc::json->'delivery'->'attempts') > 0) THEN ('[' || to_json((doc::json->'delivery'->>'merchant_id')::text)::text || ']') END;
`,
  },
  {
    version: 3,
    name: 'transactions: typed columns for every filter and the order of the lists, the record as jsonb',
    sql: MIGRATION_3_TRANSACTION_COLUMNS,
  },
  {
    version: 4,
    name: 'webhook deliveries: a queue of typed columns (state, attempt_count, run_at, locked_by, locked_at), records moved over',
    sql: MIGRATION_4_DELIVERY_QUEUE,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/** A key for pg_advisory_lock that no other application on the database is likely to use. */
const MIGRATION_LOCK = 40_104_011;

export class SchemaTooNewError extends Error {
  constructor(readonly found: number) {
    super(
      `The database's schema is version ${found}, newer than this gateway's (${SCHEMA_VERSION}): ` +
        'a newer mock-gateway migrated it. Run that version, or start on an empty database.',
    );
    this.name = 'SchemaTooNewError';
  }
}

export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<void>;
}

/** Brings the schema up to SCHEMA_VERSION; answers the versions before and after. */
export async function migrate(db: SqlRunner): Promise<{ from: number; to: number }> {
  await db.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const from = await schemaVersion(db);
    if (from > SCHEMA_VERSION) throw new SchemaTooNewError(from);
    for (const migration of MIGRATIONS.filter((m) => m.version > from)) {
      await db.exec('BEGIN');
      try {
        await db.exec(migration.sql);
        await db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
        await db.exec('COMMIT');
      } catch (error) {
        await db.exec('ROLLBACK');
        throw error;
      }
    }
    return { from, to: SCHEMA_VERSION };
  } finally {
    await db.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}

export async function schemaVersion(db: SqlRunner): Promise<number> {
  const { rows } = await db.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
  return Number(rows[0]?.version ?? 0);
}
