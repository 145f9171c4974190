/**
 * The schema, as versioned migrations: one SQL dialect (Postgres) for the embedded store
 * (PGlite) and for a shared Postgres. A gateway runs the missing ones at start (`mock-gateway
 * migrate` runs them alone), each in its own transaction, under an advisory lock so replicas
 * starting together migrate once; it refuses to start on a schema newer than it knows.
 *
 * Every kind of record is a table of the same shape (record-kinds.ts): the record as JSON text,
 * an insertion sequence (newest first), and a text column per index with its own index.
 * Never edit a released migration: add the next one.
 */
import { KINDS, type Kind } from './record-kinds';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** A kind's table with the index columns it had when the migration was written (later ones: `addIndex`). */
function recordTable(kind: Kind, indexes: readonly string[]): string {
  const { table } = KINDS[kind];
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

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'records: transactions, sessions, customers, payment methods, tokens, webhook deliveries, settings',
    sql: [
      recordTable('transaction', ['terminal_reference', 'reference', 'three_ds_server', 'merchant']),
      recordTable('session', ['terminal_reference']),
      // One session per (terminal, reference): the database refuses a second, whatever the replica.
      `CREATE UNIQUE INDEX sessions_unique_reference ON sessions (idx_terminal_reference);`,
      recordTable('customer', ['merchant']),
      recordTable('payment_method', ['customer']),
      recordTable('token', []),
      recordTable('delivery', ['merchant', 'transaction', 'open']),
      recordTable('setting', []),
    ].join('\n'),
  },
  {
    version: 2,
    name: "dashboard indexes: a merchant's transactions by status, type and card, its sessions, its failing deliveries",
    sql: [
      addIndex('transaction', 'merchant_status', jsonKey(`doc::json->'transaction'->>'merchant_id'`, `doc::json->'transaction'->>'status'`)),
      addIndex('transaction', 'merchant_type', jsonKey(`doc::json->'transaction'->>'merchant_id'`, `doc::json->'transaction'->>'transaction_type'`)),
      addIndex(
        'transaction',
        'merchant_last4',
        `CASE WHEN doc::json->'card' IS NOT NULL AND json_typeof(doc::json->'card') = 'object' THEN ${jsonKey(`doc::json->'transaction'->>'merchant_id'`, `doc::json->'card'->>'last4'`)} END`,
      ),
      addIndex('session', 'merchant', jsonKey(`doc::json->>'merchant_id'`)),
      addIndex(
        'delivery',
        'merchant_failing',
        `CASE WHEN doc::json->'delivery'->>'state' = 'failed' OR (doc::json->'delivery'->>'state' = 'pending' AND json_array_length(doc::json->'delivery'->'attempts') > 0) THEN ${jsonKey(`doc::json->'delivery'->>'merchant_id'`)} END`,
      ),
    ].join('\n'),
  },
];

/**
 * An index added to an existing kind: its column, its index, and the keys of the rows already
 * there, computed in SQL as record-kinds.ts computes them in JavaScript.
 */
function addIndex(kind: Kind, name: string, keySql: string): string {
  const { table } = KINDS[kind];
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
