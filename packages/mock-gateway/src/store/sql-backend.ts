/**
 * The SQL engine: the same statements for the embedded store (PGlite, pglite-backend.ts) and
 * for a shared Postgres. Records are JSON text, or jsonb with typed columns for transactions
 * (sql-transactions.ts; jsonb refuses \u0000, which a shopper's input may hold, so that text is
 * escaped); each index is a column (migrations.ts). No id or key with a NUL is ever stored
 * (ids are generated, keys are JSON), so such a lookup finds nothing without asking.
 * A transaction holds its locks as Postgres advisory locks (pg_advisory_xact_lock), so they
 * hold across every process on the database and end with the transaction.
 * A database that fails (restarting, unreachable, its disk full) rejects with a
 * StoreUnavailableError (store-errors.ts), whatever the engine's own error was.
 */
import type { Backend, BackendReader, BackendTransaction } from './backend';
import { SqlDeliveryQueue } from './sql-delivery-queue';
import type { SqlRunner } from './migrations';
import { KINDS, type Kind, type RecordTypes } from './record-kinds';
import type { TransactionRecord } from './records';
import { documentColumns, documentSql, parseDocument, transactionsSql } from './sql-transactions';
import type { TransactionQuery } from './transaction-query';
import { asStoreError, StoreUnavailableError } from './store-errors';
import { StorageWatch } from './storage-watch';

/** A connection taken from a pool, for one transaction. */
export interface SqlConnection extends SqlRunner {
  /** `broken`: the connection failed and must not serve again. */
  release(broken?: boolean): void;
}

export interface SqlPool extends SqlRunner {
  connect(): Promise<SqlConnection>;
  /**
   * Whether the database answers, asked on a connection of its own (readiness): a pool whose
   * connections are all busy with requests, or queued after an outage, is not a database that
   * is down, and a balancer must not take the replica out for it. Engines without a pool
   * (PGlite) have none; readiness then reads through the engine.
   */
  probe?(): Promise<void>;
  end(): Promise<void>;
}

/** The engine's errors as the store's: a failing database becomes a StoreUnavailableError. */
async function guarded<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw asStoreError(error);
  }
}

class GuardedRunner implements SqlRunner {
  constructor(private readonly db: SqlRunner) {}
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }> {
    return guarded(this.db.query<T>(sql, params));
  }
  exec(sql: string): Promise<void> {
    return guarded(this.db.exec(sql));
  }
}

const tableOf = (kind: Kind): string => KINDS[kind].table;

class SqlReader implements BackendReader {
  constructor(protected readonly db: SqlRunner) {}

  async get<K extends Kind>(kind: K, id: string): Promise<RecordTypes[K] | undefined> {
    if (id.includes('\u0000')) return undefined;
    const { rows } = await this.db.query<{ doc: string }>(`SELECT ${documentSql(kind)} AS doc FROM ${tableOf(kind)} WHERE id = $1`, [id]);
    return rows[0] ? parseDocument<RecordTypes[K]>(kind, rows[0].doc) : undefined;
  }

  async find<K extends Kind>(kind: K, index: string, key: string, limit: number): Promise<RecordTypes[K][]> {
    if (!(index in KINDS[kind].indexes)) throw new Error(`No index ${index} on ${kind}`);
    if (key.includes('\u0000')) return [];
    const { rows } = await this.db.query<{ doc: string }>(
      `SELECT ${documentSql(kind)} AS doc FROM ${tableOf(kind)} WHERE idx_${index} = $1 ORDER BY seq DESC LIMIT $2`,
      [key, limit],
    );
    return rows.map((row) => parseDocument<RecordTypes[K]>(kind, row.doc));
  }

  async list<K extends Kind>(kind: K, limit: number): Promise<RecordTypes[K][]> {
    const { rows } = await this.db.query<{ doc: string }>(`SELECT ${documentSql(kind)} AS doc FROM ${tableOf(kind)} ORDER BY seq DESC LIMIT $1`, [limit]);
    return rows.map((row) => parseDocument<RecordTypes[K]>(kind, row.doc));
  }

  async transactions(query: TransactionQuery): Promise<TransactionRecord[]> {
    if (query.before?.id.includes('\u0000')) return [];
    const { sql, params } = transactionsSql(query);
    const { rows } = await this.db.query<{ doc: string }>(sql, params);
    return rows.map((row) => parseDocument<TransactionRecord>('transaction', row.doc));
  }

  async count(kind: Kind): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${tableOf(kind)}`);
    return Number(rows[0]?.n ?? 0);
  }
}

class SqlTransaction extends SqlReader implements BackendTransaction {
  readonly deliveries = new SqlDeliveryQueue(this.db);

  async put<K extends Kind>(kind: K, id: string, record: RecordTypes[K], indexes: Record<string, string | null>): Promise<void> {
    const names = Object.keys(KINDS[kind].indexes);
    const document = documentColumns(kind, record);
    const columns = ['id', ...Object.keys(document), ...names.map((n) => `idx_${n}`)];
    const placeholders = columns.map((_, i) => `$${i + 1}`);
    const updates = columns.slice(1).map((c) => `${c} = excluded.${c}`);
    await this.db.query(
      `INSERT INTO ${tableOf(kind)} (${columns.join(', ')}) VALUES (${placeholders.join(', ')}) ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`,
      [id, ...Object.values(document), ...names.map((n) => indexes[n] ?? null)],
    );
  }

  async delete(kind: Kind, id: string): Promise<void> {
    await this.db.query(`DELETE FROM ${tableOf(kind)} WHERE id = $1`, [id]);
  }
}

export class SqlBackend extends SqlReader implements Backend {
  /** Whether writes failed for want of space, and when that is over (storage-watch.ts). */
  private readonly storage: StorageWatch;
  readonly deliveries: SqlDeliveryQueue;

  constructor(
    private readonly pool: SqlPool,
    readonly description: string,
    readonly shared: boolean,
    /** Free bytes where the data lives (the embedded store's directory), when the engine can tell. */
    freeBytes?: () => Promise<number>,
  ) {
    super(new GuardedRunner(pool));
    this.deliveries = new SqlDeliveryQueue(this.db);
    this.storage = new StorageWatch(freeBytes);
  }

  async transaction<T>(locks: readonly string[], work: (tx: BackendTransaction) => Promise<T>): Promise<T> {
    const connection = await guarded(this.pool.connect());
    const db = new GuardedRunner(connection);
    let broken = false;
    try {
      await db.exec('BEGIN');
      try {
        for (const lock of [...new Set(locks)].sort()) {
          await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [lock]);
        }
        const result = await work(new SqlTransaction(db));
        await db.exec('COMMIT');
        this.storage.wrote();
        return result;
      } catch (error) {
        if (error instanceof StoreUnavailableError) {
          if (error.fault === 'full') await this.storage.failed();
          else broken = true;
        }
        if (!broken) await db.exec('ROLLBACK').catch(() => (broken = true));
        throw error;
      }
    } finally {
      connection.release(broken);
    }
  }

  /** Resolves when the store can serve: not out of space, and the database answers a read. */
  async ready(): Promise<void> {
    await this.storage.check();
    if (this.pool.probe) await guarded(this.pool.probe());
    else await this.count('setting');
  }

  async truncate(kinds: readonly Kind[]): Promise<void> {
    if (kinds.length > 0) await guarded(this.pool.exec(`TRUNCATE ${kinds.map(tableOf).join(', ')}`));
  }

  /**
   * Without it, a million rows just loaded are read with no statistics (Postgres may plan a
   * scan) and each page's first reader writes it again (hint bits): /__mock/stats' count took
   * nine minutes on a fresh embedded million.
   */
  async settle(): Promise<void> {
    for (const table of [...Object.values(KINDS).map((k) => k.table), 'webhook_deliveries']) await guarded(this.pool.exec(`VACUUM (ANALYZE) ${table}`));
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
