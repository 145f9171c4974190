/**
 * The schema, as versioned migrations: one SQL dialect (Postgres) for the embedded store
 * (PGlite) and for a shared Postgres. A gateway runs the missing ones at start (`mock-gateway
 * migrate` runs them alone), each in its own transaction, under an advisory lock so replicas
 * starting together migrate once; it refuses to start on a schema newer than it knows.
 *
 * Every kind of record but webhook deliveries (migration 3: delivery-queue.ts) is a table of the same shape (record-kinds.ts): the record as JSON text,
 * an insertion sequence (newest first), and a text column per index with its own index.
 * Never edit a released migration: add the next one.
 */

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** A record table with the index columns it had when the migration was written (later ones: `addIndex`). */
function recordTable(table: string, indexes: readonly string[]): string {
  const columns = indexes.map((name) => `  idx_${name} text`);
  const lines = [
    `CREATE TABLE ${table} (`,
    ['  id text PRIMARY KEY', '  seq bigserial NOT NULL', '  doc text NOT NULL', ...columns].join(',\n'),
    `);`,
    `CREATE INDEX ${table}_seq ON ${table} (seq DESC);`,
    ...indexes.map((name) => `CREATE INDEX ${table}_${name} ON ${table} (idx_${name}, seq DESC) WHERE idx_${name} IS NOT NULL;`),
  ];
  return lines.join('\n');
}

/**
 * Migration 3: the deliveries leave the record store for a queue of typed columns
 * (delivery-queue.ts). Every record moves over: its schedule from the JSON (a pending delivery
 * without a due time, first attempt not yet made or cut off, is due at once), its leases
 * dropped (a schema change restarts every replica). Postgres reads no JSON holding the escape
 * \u0000 (a shopper's NUL): each becomes \uFFFF (which JSON.stringify never writes) for the
 * reading, and the escaped \u0000 of the exact body bytes is put back after it. Its secondary
 * indexes are the queue's (due, pending; each merchant's first attempts in order; retries),
 * and the dashboard's lists.
 */
const DELIVERY_QUEUE_SQL = `
DROP INDEX webhook_deliveries_seq, webhook_deliveries_merchant, webhook_deliveries_transaction, webhook_deliveries_open, webhook_deliveries_merchant_failing;
ALTER TABLE webhook_deliveries RENAME TO webhook_delivery_records;
ALTER INDEX webhook_deliveries_pkey RENAME TO webhook_delivery_records_pkey;
CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  seq bigint NOT NULL,
  merchant_id text NOT NULL,
  transaction_id text NOT NULL,
  event text NOT NULL,
  url text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'delivered', 'failed', 'no_url')),
  attempt_count integer NOT NULL DEFAULT 0,
  run_at timestamptz,
  locked_by text,
  locked_at timestamptz,
  created_at timestamptz NOT NULL,
  first_attempt_at timestamptz,
  resends integer NOT NULL DEFAULT 0,
  body text NOT NULL,
  attempts jsonb NOT NULL DEFAULT '[]'
);
INSERT INTO webhook_deliveries (id, seq, merchant_id, transaction_id, event, url, state, attempt_count, run_at, created_at, first_attempt_at, resends, body, attempts)
SELECT id, seq, d->'delivery'->>'merchant_id', d->'delivery'->>'transaction_id', d->'delivery'->>'event', coalesce(d->'delivery'->>'url', ''),
  d->'delivery'->>'state', json_array_length(d->'delivery'->'attempts'),
  CASE WHEN d->'delivery'->>'state' = 'pending' THEN coalesce(to_timestamp((d->>'due_at')::double precision / 1000), (d->'delivery'->>'created_at')::timestamptz) END,
  (d->'delivery'->>'created_at')::timestamptz, to_timestamp((d->>'first_attempt_at')::double precision / 1000),
  coalesce((d->'delivery'->>'resends')::integer, 0), replace(d->>'raw_body', '\\uFFFF', '\\u0000'),
  (d->'delivery'->'attempts')::text::jsonb
FROM (SELECT id, seq, replace(doc, '\\u0000', '\\uFFFF')::json AS d FROM webhook_delivery_records) AS old;
CREATE SEQUENCE webhook_deliveries_seq_order OWNED BY webhook_deliveries.seq;
SELECT setval('webhook_deliveries_seq_order', coalesce((SELECT max(seq) FROM webhook_deliveries), 0) + 1, false);
ALTER TABLE webhook_deliveries ALTER COLUMN seq SET DEFAULT nextval('webhook_deliveries_seq_order');
DROP TABLE webhook_delivery_records;
CREATE INDEX webhook_deliveries_seq ON webhook_deliveries (seq DESC);
CREATE INDEX webhook_deliveries_merchant ON webhook_deliveries (merchant_id, seq DESC);
CREATE INDEX webhook_deliveries_transaction ON webhook_deliveries (transaction_id, seq DESC);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (run_at, seq) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_first_attempts ON webhook_deliveries (merchant_id, seq) WHERE state = 'pending' AND attempt_count = 0;
CREATE INDEX webhook_deliveries_retries ON webhook_deliveries (run_at) WHERE state = 'pending' AND attempt_count > 0;
CREATE INDEX webhook_deliveries_failing ON webhook_deliveries (merchant_id, seq DESC) WHERE state = 'failed' OR (state = 'pending' AND attempt_count > 0);
`;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'records: transactions, sessions, customers, payment methods, tokens, webhook deliveries, settings',
    sql: [
      recordTable('transactions', ['terminal_reference', 'reference', 'three_ds_server', 'merchant']),
      recordTable('sessions', ['terminal_reference']),
      // One session per (terminal, reference): the database refuses a second, whatever the replica.
      `CREATE UNIQUE INDEX sessions_unique_reference ON sessions (idx_terminal_reference);`,
      recordTable('customers', ['merchant']),
      recordTable('payment_methods', ['customer']),
      recordTable('access_tokens', []),
      recordTable('webhook_deliveries', ['merchant', 'transaction', 'open']),
      recordTable('settings', []),
    ].join('\n'),
  },
  {
    version: 2,
    name: "dashboard indexes: a merchant's transactions by status, type and card, its sessions, its failing deliveries",
    sql: [
      addIndex('transactions', 'merchant_status', jsonKey(`doc::json->'transaction'->>'merchant_id'`, `doc::json->'transaction'->>'status'`)),
      addIndex('transactions', 'merchant_type', jsonKey(`doc::json->'transaction'->>'merchant_id'`, `doc::json->'transaction'->>'transaction_type'`)),
      addIndex(
        'transactions',
        'merchant_last4',
        `CASE WHEN doc::json->'card' IS NOT NULL AND json_typeof(doc::json->'card') = 'object' THEN ${jsonKey(`doc::json->'transaction'->>'merchant_id'`, `doc::json->'card'->>'last4'`)} END`,
      ),
      addIndex('sessions', 'merchant', jsonKey(`doc::json->>'merchant_id'`)),
      addIndex(
        'webhook_deliveries',
        'merchant_failing',
        `CASE WHEN doc::json->'delivery'->>'state' = 'failed' OR (doc::json->'delivery'->>'state' = 'pending' AND json_array_length(doc::json->'delivery'->'attempts') > 0) THEN ${jsonKey(`doc::json->'delivery'->>'merchant_id'`)} END`,
      ),
    ].join('\n'),
  },
  {
    version: 3,
    name: 'webhook deliveries: a queue of typed columns (state, attempt_count, run_at, locked_by, locked_at), records moved over',
    sql: DELIVERY_QUEUE_SQL,
  },
];

/**
 * An index added to an existing kind: its column, its index, and the keys of the rows already
 * there, computed in SQL as record-kinds.ts computes them in JavaScript.
 */
function addIndex(table: string, name: string, keySql: string): string {
  return [
    `ALTER TABLE ${table} ADD COLUMN idx_${name} text;`,
    `CREATE INDEX ${table}_${name} ON ${table} (idx_${name}, seq DESC) WHERE idx_${name} IS NOT NULL;`,
    `UPDATE ${table} SET idx_${name} = ${keySql};`,
  ].join('\n');
}

/** The SQL of record-kinds.ts's `key(...)`: the JSON array of the parts, without spaces (as JSON.stringify writes it). */
function jsonKey(...parts: string[]): string {
  return `('[' || ${parts.map((part) => `to_json((${part})::text)::text`).join(` || ',' || `)} || ']')`;
}

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
