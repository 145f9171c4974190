/**
 * The memory engine: the default for `startGateway()`, the QA kit's gateway per worker and a
 * bare `npx mock-gateway`. Nothing on disk. Records are kept as UTF-8 JSON in Buffers (a read
 * is a fresh copy, as from a database), each index as a map from key to the records' row
 * numbers in insertion order, so a lookup costs what it returns, never a scan.
 *
 * Why Buffers, not strings: a million records as JSON strings (two bytes a character as soon
 * as one name has a "č") filled V8's 4 GB heap, and the garbage collector then ran without
 * pause: session creation fell to a tenth of its empty-store rate. Buffer bytes live outside
 * the heap, so the collector only sees one small object per record (and KindTable keeps the
 * other objects per record to a few strings).
 */
import type { Backend, BackendTransaction } from './backend';
import { KeyedMutex } from './keyed-mutex';
import { MemoryDeliveryQueue } from './memory-delivery-queue';
import { MemoryTransactionOrder } from './memory-transactions';
import { KINDS, type Kind, type RecordTypes } from './record-kinds';
import type { TransactionRecord } from './records';
import { transactionColumns, type TransactionQuery } from './transaction-query';

/** Separates a row's index keys in its one key string (index keys never hold it: record-kinds.ts `key`). */
const KEY_SEPARATOR = '\u0001';

/**
 * One kind's records, numbered in insertion order (a number is never reused). Per record the
 * heap holds its id, its JSON's Buffer and one string of its index keys; an index maps each key
 * to its row number, or to several in order once a second record has that key. Fewer objects
 * per record is what keeps the young-generation collections short at a million records:
 * earlier a row was an object, its keys another with a string per index, and each key a list.
 */
class KindTable {
  private readonly rowOf = new Map<string, number>();
  /** row → id, JSON and index keys (undefined once deleted). */
  private ids: (string | undefined)[] = [];
  private json: (Buffer | undefined)[] = [];
  private keys: (string | undefined)[] = [];
  private live = 0;
  /**
   * Per index (in indexNames order): key → the rows given that key, ascending (insertion order,
   * as the SQL engines' `seq`); rows whose key moved on are skipped on read and compacted away.
   */
  private readonly indexes: Map<string, number | number[]>[];

  constructor(private readonly indexNames: readonly string[]) {
    this.indexes = indexNames.map(() => new Map());
  }

  get size(): number {
    return this.live;
  }

  read(id: string): Buffer | undefined {
    const row = this.rowOf.get(id);
    return row === undefined ? undefined : this.json[row];
  }

  /** Answers the record's row number. */
  put(id: string, json: Buffer, keys: Record<string, string | null>): number {
    const values = this.indexNames.map((name) => keys[name] ?? null);
    const existing = this.rowOf.get(id);
    const row = existing ?? this.ids.length;
    const old = existing === undefined ? undefined : this.keysOf(existing);
    if (existing === undefined) {
      this.rowOf.set(id, row);
      this.ids.push(id);
      this.live++;
    }
    this.json[row] = json;
    this.keys[row] = values.map((value) => value ?? '').join(KEY_SEPARATOR);
    values.forEach((key, i) => {
      if (key === null || old?.[i] === key) return;
      const byKey = this.indexes[i]!;
      const rows = byKey.get(key);
      if (rows === undefined) byKey.set(key, row);
      else if (typeof rows === 'number') {
        if (rows !== row) byKey.set(key, rows < row ? [rows, row] : [row, rows]);
      } else insertSorted(rows, row);
    });
    return row;
  }

  /** Answers the row number the record had, if it was there. */
  delete(id: string): number | undefined {
    const row = this.rowOf.get(id);
    if (row === undefined) return undefined;
    this.rowOf.delete(id);
    this.ids[row] = this.json[row] = this.keys[row] = undefined;
    this.live--;
    return row;
  }

  jsonAt(row: number): Buffer | undefined {
    return this.json[row];
  }

  /** JSON of the newest records (at most `limit`) whose index `index` has `key`, or of all records when index is null. */
  newest(limit: number, index: string | null, key: string | null): Buffer[] {
    if (index === null || key === null) {
      const out: Buffer[] = [];
      for (let row = this.ids.length - 1; row >= 0 && out.length < limit; row--) {
        const json = this.json[row];
        if (json) out.push(json);
      }
      return out;
    }
    const i = this.indexNames.indexOf(index);
    const rows = this.indexes[i]?.get(key);
    if (rows === undefined) return [];
    const list = typeof rows === 'number' ? [rows] : rows;
    const out: Buffer[] = [];
    let stale = 0;
    for (let n = list.length - 1; n >= 0 && out.length < limit; n--) {
      const row = list[n]!;
      if (this.keysOf(row)?.[i] !== key) stale++;
      else out.push(this.json[row]!);
    }
    if (stale > 32 && stale * 2 > list.length) this.compact(i, key, list);
    return out;
  }

  private keysOf(row: number): string[] | undefined {
    return this.keys[row]?.split(KEY_SEPARATOR);
  }

  private compact(i: number, key: string, rows: number[]): void {
    const kept = rows.filter((row) => this.keysOf(row)?.[i] === key);
    const byKey = this.indexes[i]!;
    if (kept.length === 0) byKey.delete(key);
    else byKey.set(key, kept.length === 1 ? kept[0]! : kept);
  }

  clear(): void {
    this.rowOf.clear();
    this.ids = [];
    this.json = [];
    this.keys = [];
    this.live = 0;
    for (const byKey of this.indexes) byKey.clear();
  }
}

/** Adds `row` to ascending `rows` unless there: at the end for a new record, in place for one that moved back. */
function insertSorted(rows: number[], row: number): void {
  let low = 0;
  let high = rows.length;
  if (high > 0 && rows[high - 1]! < row) {
    rows.push(row);
    return;
  }
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (rows[mid]! < row) low = mid + 1;
    else high = mid;
  }
  if (rows[low] !== row) rows.splice(low, 0, row);
}

export class MemoryBackend implements Backend, BackendTransaction {
  readonly description = 'memory (nothing on disk)';
  readonly shared = false;
  readonly deliveries = new MemoryDeliveryQueue();
  private readonly tables = new Map<Kind, KindTable>();
  private readonly locks = new KeyedMutex();
  /** The transactions in the order of the merchants' lists, for the named query. */
  private readonly transactionOrder = new MemoryTransactionOrder();

  constructor() {
    for (const kind of Object.keys(KINDS) as Kind[]) this.tables.set(kind, new KindTable(Object.keys(KINDS[kind].indexes)));
  }

  private table(kind: Kind): KindTable {
    return this.tables.get(kind)!;
  }

  async get<K extends Kind>(kind: K, id: string): Promise<RecordTypes[K] | undefined> {
    const json = this.table(kind).read(id);
    return json ? parse<RecordTypes[K]>(json) : undefined;
  }

  async find<K extends Kind>(kind: K, index: string, key: string, limit: number): Promise<RecordTypes[K][]> {
    return this.table(kind).newest(limit, index, key).map((json) => parse<RecordTypes[K]>(json));
  }

  async list<K extends Kind>(kind: K, limit: number): Promise<RecordTypes[K][]> {
    return this.table(kind).newest(limit, null, null).map((json) => parse<RecordTypes[K]>(json));
  }

  async count(kind: Kind): Promise<number> {
    return this.table(kind).size;
  }

  async transactions(query: TransactionQuery): Promise<TransactionRecord[]> {
    const table = this.table('transaction');
    return this.transactionOrder.query(query).map((row) => parse<TransactionRecord>(table.jsonAt(row)!));
  }

  async put<K extends Kind>(kind: K, id: string, record: RecordTypes[K], indexes: Record<string, string | null>): Promise<void> {
    const row = this.table(kind).put(id, Buffer.from(JSON.stringify(record)), indexes);
    if (kind === 'transaction') this.transactionOrder.put(row, id, transactionColumns(record as TransactionRecord));
  }

  async delete(kind: Kind, id: string): Promise<void> {
    const row = this.table(kind).delete(id);
    if (kind === 'transaction' && row !== undefined) this.transactionOrder.delete(row);
  }

  /** Writes apply as they are made: the unit of work above makes them all in one go at its end. */
  async transaction<T>(locks: readonly string[], work: (tx: BackendTransaction) => Promise<T>): Promise<T> {
    const release = await this.locks.acquire(locks);
    try {
      return await work(this);
    } finally {
      release();
    }
  }

  async truncate(kinds: readonly Kind[]): Promise<void> {
    for (const kind of kinds) this.table(kind).clear();
    if (kinds.includes('transaction')) this.transactionOrder.clear();
  }

  /** Memory is always there: ready when it answers a read (a test may make it hang). */
  async ready(): Promise<void> {
    await this.count('setting');
  }

  /** Nothing to bring up to date: the indexes are kept as records are put. */
  settle(): Promise<void> {
    return Promise.resolve();
  }

  /** Nothing to release: the records go with the process. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}

function parse<T>(json: Buffer): T {
  return JSON.parse(json.toString('utf8')) as T;
}
