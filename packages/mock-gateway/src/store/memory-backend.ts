/**
 * The memory engine: the default for `startGateway()`, the QA kit's gateway per worker and a
 * bare `npx mock-gateway`. Nothing on disk. Records are kept as UTF-8 JSON in Buffers (a read
 * is a fresh copy, as from a database), each index as a map from key to the ids that had it,
 * in insertion order, so a lookup costs what it returns, never a scan.
 *
 * Why Buffers, not strings: a million records as JSON strings (two bytes a character as soon
 * as one name has a "č") filled V8's 4 GB heap, and the garbage collector then ran without
 * pause: session creation fell to a tenth of its empty-store rate. Buffer bytes live outside
 * the heap, so the collector only sees one small object per record.
 */
import type { Backend, BackendTransaction } from './backend';
import { KeyedMutex } from './keyed-mutex';
import { KINDS, type Kind, type RecordTypes } from './record-kinds';

interface Row {
  json: Buffer;
  keys: Record<string, string | null>;
}

class KindTable {
  readonly rows = new Map<string, Row>();
  /** Ids in insertion order; a deleted id stays until the next compaction. */
  order: string[] = [];
  /** index → key → ids that were given that key, in order (ids whose key moved on are skipped on read). */
  readonly indexes = new Map<string, Map<string, string[]>>();

  constructor(indexNames: string[]) {
    for (const name of indexNames) this.indexes.set(name, new Map());
  }

  put(id: string, json: Buffer, keys: Record<string, string | null>): void {
    const old = this.rows.get(id);
    this.rows.set(id, { json, keys });
    if (!old) this.order.push(id);
    for (const [name, key] of Object.entries(keys)) {
      if (key === null || old?.keys[name] === key) continue;
      const byKey = this.indexes.get(name)!;
      const ids = byKey.get(key);
      if (ids) ids.push(id);
      else byKey.set(key, [id]);
    }
  }

  delete(id: string): void {
    this.rows.delete(id);
    if (this.order.length > 64 && this.rows.size < this.order.length / 2) this.order = this.order.filter((x) => this.rows.has(x));
  }

  /** Ids newest first from `ids` (oldest first) whose row still has `key` in `index`, at most `limit`. */
  newest(ids: string[], limit: number, index: string | null, key: string | null): string[] {
    const out: string[] = [];
    const seen = new Set<string>();
    let stale = 0;
    for (let i = ids.length - 1; i >= 0 && out.length < limit; i--) {
      const id = ids[i]!;
      const row = this.rows.get(id);
      if (!row || (index !== null && row.keys[index] !== key) || seen.has(id)) {
        stale++;
        continue;
      }
      seen.add(id);
      out.push(id);
    }
    if (index !== null && key !== null && stale > 32 && stale * 2 > ids.length) this.compact(index, key);
    return out;
  }

  private compact(index: string, key: string): void {
    const byKey = this.indexes.get(index)!;
    const ids = byKey.get(key)!;
    const seen = new Set<string>();
    const kept = ids.filter((id) => this.rows.get(id)?.keys[index] === key && !seen.has(id) && seen.add(id));
    if (kept.length === 0) byKey.delete(key);
    else byKey.set(key, kept);
  }

  clear(): void {
    this.rows.clear();
    this.order = [];
    for (const byKey of this.indexes.values()) byKey.clear();
  }
}

export class MemoryBackend implements Backend, BackendTransaction {
  readonly description = 'memory (nothing on disk)';
  readonly shared = false;
  private readonly tables = new Map<Kind, KindTable>();
  private readonly locks = new KeyedMutex();

  constructor() {
    for (const kind of Object.keys(KINDS) as Kind[]) this.tables.set(kind, new KindTable(Object.keys(KINDS[kind].indexes)));
  }

  private table(kind: Kind): KindTable {
    return this.tables.get(kind)!;
  }

  async get<K extends Kind>(kind: K, id: string): Promise<RecordTypes[K] | undefined> {
    const row = this.table(kind).rows.get(id);
    return row ? (parse(row.json) as RecordTypes[K]) : undefined;
  }

  async find<K extends Kind>(kind: K, index: string, key: string, limit: number): Promise<RecordTypes[K][]> {
    const table = this.table(kind);
    const ids = table.indexes.get(index)?.get(key) ?? [];
    return table.newest(ids, limit, index, key).map((id) => parse(table.rows.get(id)!.json) as RecordTypes[K]);
  }

  async list<K extends Kind>(kind: K, limit: number): Promise<RecordTypes[K][]> {
    const table = this.table(kind);
    return table.newest(table.order, limit, null, null).map((id) => parse(table.rows.get(id)!.json) as RecordTypes[K]);
  }

  async count(kind: Kind): Promise<number> {
    return this.table(kind).rows.size;
  }

  async put<K extends Kind>(kind: K, id: string, record: RecordTypes[K], indexes: Record<string, string | null>): Promise<void> {
    this.table(kind).put(id, Buffer.from(JSON.stringify(record)), indexes);
  }

  async delete(kind: Kind, id: string): Promise<void> {
    this.table(kind).delete(id);
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
  }

  /** Nothing to release: the records go with the process. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}

function parse<T>(json: Buffer): T {
  return JSON.parse(json.toString('utf8')) as T;
}
