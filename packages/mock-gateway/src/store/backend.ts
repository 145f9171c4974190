/**
 * What a storage engine must do for the gateway's store (store.ts): get by id, find by one
 * index newest first, list newest first, and write inside a transaction that holds named
 * locks. Two engines implement it: memory-backend.ts, and sql-backend.ts (PGlite on disk or
 * in memory, and Postgres). Records go in and come out as plain JSON data: every read is a
 * fresh copy that the caller may change freely.
 */
import type { DeliveryQueue, DeliveryWriter } from './delivery-queue';
import type { Kind, RecordTypes } from './record-kinds';
import type { TransactionRecord } from './records';
import type { TransactionQuery } from './transaction-query';

export interface BackendReader {
  get<K extends Kind>(kind: K, id: string): Promise<RecordTypes[K] | undefined>;
  /** Records whose index `index` has `key`, newest first, at most `limit`. */
  find<K extends Kind>(kind: K, index: string, key: string, limit: number): Promise<RecordTypes[K][]>;
  /** Every record of a kind, newest first, at most `limit`. */
  list<K extends Kind>(kind: K, limit: number): Promise<RecordTypes[K][]>;
  count(kind: Kind): Promise<number>;
  /** A merchant's transactions passing every filter of `query`, newest first by (created_at, id), at most `query.limit`. */
  transactions(query: TransactionQuery): Promise<TransactionRecord[]>;
}

export interface BackendTransaction extends BackendReader {
  /** Inserts or replaces one record; `indexes` are its index keys (record-kinds.ts). */
  put<K extends Kind>(kind: K, id: string, record: RecordTypes[K], indexes: Record<string, string | null>): Promise<void>;
  delete(kind: Kind, id: string): Promise<void>;
  /** The webhook deliveries, written in this transaction. */
  readonly deliveries: DeliveryWriter;
}

export interface Backend extends BackendReader {
  /** What `--data`, `--database-url` or the default chose, for logs and /health. */
  readonly description: string;
  /**
   * Whether other processes may use the same database at the same time (replicas on one
   * Postgres): then what a process keeps in memory (the clock's offset, test settings, its
   * webhook timers) may be stale, and it must look in the database.
   */
  readonly shared: boolean;
  /** The webhook deliveries' queue (delivery-queue.ts); each of its statements commits on its own. */
  readonly deliveries: DeliveryQueue;
  /**
   * Runs `work` in one database transaction holding every lock in `locks` (exclusive, for
   * the whole transaction, across processes where the engine is shared). The transaction
   * commits when `work` resolves and rolls back when it rejects.
   */
  transaction<T>(locks: readonly string[], work: (tx: BackendTransaction) => Promise<T>): Promise<T>;
  /**
   * After a bulk load (a snapshot): brings the engine's own bookkeeping up to date, so the
   * first reads after it are as fast as later ones (SQL: VACUUM ANALYZE, the planner's
   * statistics and the visibility map; memory: nothing).
   */
  settle(): Promise<void>;
  /**
   * Resolves when the store can serve (GET /health/ready): the database answers a read, and
   * writes are not failing for want of space; rejects otherwise.
   */
  ready(): Promise<void>;
  /** Forgets every record of the given kinds (POST /__mock/reset). */
  truncate(kinds: readonly Kind[]): Promise<void>;
  close(): Promise<void>;
}
