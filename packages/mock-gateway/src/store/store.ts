/**
 * The gateway's store: the queries the routes make, over an engine (backend.ts).
 *
 * Reads are asynchronous and may happen anywhere. Writes happen only inside a unit of work,
 * `store.atomic(locks, work)`: one database transaction holding the named locks (a
 * transaction's reference, a session, a delivery: see locks.ts), in which
 *  - every record read is kept in an identity map, so two reads of one id give one object;
 *  - `put` and `remove` are synchronous and only noted; at the end, every record put, and
 *    every record read and since changed, is written in the same transaction;
 *  - `afterCommit` callbacks run once the transaction has committed (never if it failed),
 *    outside the unit of work: a webhook is sent only once its delivery is stored.
 * The unit of work travels with the async context (AsyncLocalStorage), so code deep in a
 * route (finalize, the outbox's announce) writes into the route's transaction without
 * being handed it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Backend, BackendReader, BackendTransaction } from './backend';
import type { DeliveryQueue, StoredDelivery } from './delivery-queue';
import { indexKey, indexKeys, recordId, type IndexName, type Kind, type RecordTypes } from './record-kinds';
import type { AccessToken, SavedPaymentMethod, SessionRecord, StoredCustomer, TransactionRecord } from './records';
import { positionOf, type TransactionPosition, type TransactionQuery } from './transaction-query';

interface Entry {
  kind: Kind;
  record: RecordTypes[Kind] | null;
  /** The JSON as read (null: created in this unit of work, or to be written regardless). */
  snapshot: string | null;
  /** Whether the record is known to exist in the database. */
  stored: boolean;
}

class UnitOfWork {
  readonly entries = new Map<string, Entry>();
  readonly afterCommit: (() => void)[] = [];
  /** Deliveries announced in this unit of work, stored with its other writes. */
  readonly deliveries: StoredDelivery[] = [];
  constructor(
    readonly tx: BackendTransaction,
    readonly locks: ReadonlySet<string>,
  ) {}
}

const slot = (kind: Kind, id: string): string => `${kind}\u0000${id}`;

/** At most this many records from one index lookup (a customer's cards, a reference's attempts). */
const FIND_LIMIT = 1_000;

export class Store {
  private readonly context = new AsyncLocalStorage<UnitOfWork>();

  constructor(readonly backend: Backend) {}

  get description(): string {
    return this.backend.description;
  }

  /** Other gateway processes use this database too (see Backend.shared). */
  get shared(): boolean {
    return this.backend.shared;
  }

  // ---- The queries the routes make.

  transaction(id: string): Promise<TransactionRecord | undefined> {
    return this.get('transaction', id);
  }

  async transactions(ids: readonly string[]): Promise<TransactionRecord[]> {
    const records = await Promise.all(ids.map((id) => this.transaction(id)));
    return records.filter((r): r is TransactionRecord => r !== undefined);
  }

  /** The latest originating transaction (not a management child) for (terminal, reference). */
  async transactionByReference(terminalId: string, reference: string): Promise<TransactionRecord | undefined> {
    return (await this.find('transaction', 'terminal_reference', indexKey(terminalId, reference), 1))[0];
  }

  /** The transaction whose 3-D Secure authentication has this server transaction id. */
  async transactionByThreeDsServerId(serverTransId: string): Promise<TransactionRecord | undefined> {
    return (await this.find('transaction', 'three_ds_server', indexKey(serverTransId), 1))[0];
  }

  /** Transactions newest first: all of a reference (management children included), or the newest of all. */
  recentTransactions(options: { reference?: string; limit: number }): Promise<TransactionRecord[]> {
    if (options.reference !== undefined) return this.find('transaction', 'reference', indexKey(options.reference), options.limit);
    return this.list('transaction', options.limit);
  }

  /**
   * A page of a merchant's transactions answering every filter of `query`, newest first by
   * (created_at, id) (transaction-query.ts), and where the next older page starts (null: none).
   */
  async merchantTransactions(query: TransactionQuery): Promise<{ transactions: TransactionRecord[]; older: TransactionPosition | null }> {
    const reader = this.context.getStore()?.tx ?? this.backend;
    const found = await reader.transactions({ ...query, limit: query.limit + 1 });
    const transactions = found.slice(0, query.limit);
    return { transactions, older: found.length > query.limit ? positionOf(transactions[transactions.length - 1]!) : null };
  }

  /** A merchant's sessions and hosted pages, newest first. */
  merchantSessions(merchantId: string, limit: number): Promise<SessionRecord[]> {
    return this.find('session', 'merchant', indexKey(merchantId), limit);
  }

  /** A merchant's customers, newest first. */
  merchantCustomers(merchantId: string, limit: number): Promise<StoredCustomer[]> {
    return this.find('customer', 'merchant', indexKey(merchantId), limit);
  }

  /** The webhook deliveries' queue (delivery-queue.ts): the outbox claims from it, the dashboard lists it. */
  get deliveries(): DeliveryQueue {
    return this.backend.deliveries;
  }

  /** A merchant's webhook deliveries newest first; `failing`: only those given up or retrying after a failure. */
  merchantDeliveries(merchantId: string, options: { failing: boolean }, limit: number): Promise<StoredDelivery[]> {
    return this.backend.deliveries.list({ merchantId, failing: options.failing, limit });
  }

  /** Stores a new webhook delivery at the end of the current unit of work (never if it rolls back). */
  putDelivery(stored: StoredDelivery): void {
    this.requireWork('announce a webhook delivery').deliveries.push(stored);
  }

  session(id: string): Promise<SessionRecord | undefined> {
    return this.get('session', id);
  }

  async sessionByReference(terminalId: string, reference: string): Promise<SessionRecord | undefined> {
    return (await this.find('session', 'terminal_reference', indexKey(terminalId, reference), 1))[0];
  }

  customer(id: string): Promise<StoredCustomer | undefined> {
    return this.get('customer', id);
  }

  paymentMethod(id: string): Promise<SavedPaymentMethod | undefined> {
    return this.get('payment_method', id);
  }

  /** A customer's saved payment methods (every status), newest first. */
  paymentMethodsOf(merchantId: string, customerId: string): Promise<SavedPaymentMethod[]> {
    return this.find('payment_method', 'customer', indexKey(merchantId, customerId), FIND_LIMIT);
  }

  token(token: string): Promise<AccessToken | undefined> {
    return this.get('token', token);
  }

  async setting<T>(key: string): Promise<T | undefined> {
    return (await this.get('setting', key))?.value as T | undefined;
  }

  putSetting(key: string, value: unknown): void {
    this.put('setting', { key, value });
  }

  count(kind: Kind): Promise<number> {
    return this.backend.count(kind);
  }

  /** Resolves when the store can serve; rejects (a StoreUnavailableError when the database failed) otherwise. */
  ready(): Promise<void> {
    return this.backend.ready();
  }

  // ---- Generic access by kind.

  async get<K extends Kind>(kind: K, id: string): Promise<RecordTypes[K] | undefined> {
    const work = this.context.getStore();
    if (!work) return this.backend.get(kind, id);
    const known = work.entries.get(slot(kind, id));
    if (known) return (known.record ?? undefined) as RecordTypes[K] | undefined;
    const record = await work.tx.get(kind, id);
    if (record) work.entries.set(slot(kind, id), { kind, record, snapshot: JSON.stringify(record), stored: true });
    return record;
  }

  /** Records of `kind` whose index has `key`, newest first; inside a unit of work, as it would commit. */
  async find<K extends Kind>(kind: K, index: IndexName<K>, key: string, limit = FIND_LIMIT): Promise<RecordTypes[K][]> {
    const work = this.context.getStore();
    if (!work) return this.backend.find(kind, index, key, limit);
    const fromDatabase = await work.tx.find(kind, index, key, limit);
    const out: RecordTypes[K][] = [];
    const seen = new Set<string>();
    // Records this unit of work created come first (they are the newest).
    const created = [...work.entries.values()].filter((e) => e.kind === kind && !e.stored && e.record !== null).reverse();
    for (const entry of created) this.keepIfMatches(entry.record as RecordTypes[K], kind, index, key, out, seen);
    for (const record of fromDatabase) {
      const id = recordId(kind, record);
      const known = work.entries.get(slot(kind, id));
      if (!known) work.entries.set(slot(kind, id), { kind, record, snapshot: JSON.stringify(record), stored: true });
      if (known?.record === null) continue;
      this.keepIfMatches((known?.record ?? record) as RecordTypes[K], kind, index, key, out, seen);
    }
    return out.slice(0, limit);
  }

  private keepIfMatches<K extends Kind>(record: RecordTypes[K], kind: K, index: string, key: string, out: RecordTypes[K][], seen: Set<string>): void {
    const id = recordId(kind, record);
    if (seen.has(id) || indexKeys(kind, record)[index] !== key) return;
    seen.add(id);
    out.push(record);
  }

  list<K extends Kind>(kind: K, limit: number): Promise<RecordTypes[K][]> {
    const work = this.context.getStore();
    return (work?.tx ?? this.backend).list(kind, limit);
  }

  /** Stores a record at the end of the current unit of work. */
  put<K extends Kind>(kind: K, record: RecordTypes[K]): void {
    const work = this.requireWork(`put a ${kind}`);
    const key = slot(kind, recordId(kind, record));
    const known = work.entries.get(key);
    if (known) {
      known.record = record;
      known.snapshot = null;
    } else {
      // Not read in this unit of work: it may or may not exist; written either way.
      work.entries.set(key, { kind, record, snapshot: null, stored: false });
    }
  }

  remove(kind: Kind, id: string): void {
    const work = this.requireWork(`remove a ${kind}`);
    const key = slot(kind, id);
    const known = work.entries.get(key);
    work.entries.set(key, { kind, record: null, snapshot: null, stored: known?.stored ?? true });
  }

  putTransaction(record: TransactionRecord): void {
    this.put('transaction', record);
  }

  /** Runs `callback` once the current unit of work has committed; outside one, on the next turn. */
  afterCommit(callback: () => void): void {
    const work = this.context.getStore();
    if (work) work.afterCommit.push(callback);
    else setImmediate(callback);
  }

  /** Whether code is running inside a unit of work. */
  get inUnitOfWork(): boolean {
    return this.context.getStore() !== undefined;
  }

  /**
   * Runs `work` as one unit of work holding `locks` (see the top of this file). Inside a unit
   * of work already, `work` joins it; it may not ask for a lock the outer one does not hold
   * (taking locks in two steps could deadlock).
   */
  async atomic<T>(locks: readonly string[], work: () => Promise<T>): Promise<T> {
    const outer = this.context.getStore();
    if (outer) {
      const missing = locks.filter((lock) => !outer.locks.has(lock));
      if (missing.length > 0) throw new Error(`A nested unit of work cannot take new locks: ${missing.join(', ')}`);
      return work();
    }
    let unit: UnitOfWork | undefined;
    const result = await this.backend.transaction(locks, async (tx) => {
      unit = new UnitOfWork(tx, new Set(locks));
      const value = await this.context.run(unit, work);
      await this.flush(unit);
      return value;
    });
    const callbacks = unit?.afterCommit ?? [];
    this.context.exit(() => {
      for (const callback of callbacks) callback();
    });
    return result;
  }

  private async flush(work: UnitOfWork): Promise<void> {
    for (const [key, entry] of work.entries) {
      const id = key.slice(key.indexOf('\u0000') + 1);
      if (entry.record === null) {
        if (entry.stored) await work.tx.delete(entry.kind, id);
        continue;
      }
      if (entry.snapshot !== null && JSON.stringify(entry.record) === entry.snapshot) continue;
      await work.tx.put(entry.kind, id, entry.record, indexKeys(entry.kind, entry.record));
    }
    for (const delivery of work.deliveries) await work.tx.deliveries.insert(delivery);
  }

  private requireWork(what: string): UnitOfWork {
    const work = this.context.getStore();
    if (!work) throw new Error(`Cannot ${what} outside a unit of work: wrap the change in store.atomic()`);
    return work;
  }

  /** Forgets everything but the settings (the clock is reset by its owner; keys and secrets stay). */
  async reset(): Promise<void> {
    await this.forget(['transaction', 'session', 'customer', 'payment_method', 'token']);
    await this.backend.deliveries.clear();
  }

  /** Forgets every record of these kinds. */
  forget(kinds: readonly Kind[]): Promise<void> {
    return this.backend.truncate(kinds);
  }

  close(): Promise<void> {
    return this.backend.close();
  }
}

export type { Backend, BackendReader };
