/**
 * A sandbox's state as a file, to start other gateways from (README, "Snapshots"): a QA
 * suite seeds customers and saved cards once, exports, and every worker's gateway starts
 * from that state. The file is NDJSON: a header line, then one record per line, oldest
 * first, kind by kind. Settings travel too (the merchants' card key pairs and hash secrets,
 * so a saved card keeps its `payment_method.hash`), but not the clock's offset.
 *
 * A snapshot holds what the store holds, test card numbers included: treat it as a
 * sandbox's data, not as a public fixture.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { SCHEMA_VERSION } from './migrations';
import type { StoredDelivery } from './delivery-queue';
import { KINDS, type Kind, type RecordTypes } from './record-kinds';
import type { Store } from './store';

/** A line's kind: a record kind, or a webhook delivery (the queue's: delivery-queue.ts). */
type LineKind = Kind | 'delivery';

export const SNAPSHOT_FORMAT = 'mock-gateway-snapshot';

/** What a snapshot does not carry: the clock is the sandbox's, not its data's. */
const NOT_EXPORTED = new Set(['clock-offset-ms']);
const ORDER: Kind[] = ['setting', 'customer', 'payment_method', 'session', 'transaction', 'token'];
const BATCH = 500;

interface Header {
  format: typeof SNAPSHOT_FORMAT;
  schema: number;
  exported_at: string;
  counts: Partial<Record<LineKind, number>>;
}

/** The snapshot's lines (each ends with a newline), the header first. */
export async function* exportSnapshot(store: Store): AsyncGenerator<string> {
  const records = new Map<LineKind, unknown[]>();
  for (const kind of ORDER) {
    const all = (await store.list(kind, Number.MAX_SAFE_INTEGER)).reverse();
    records.set(kind, kind === 'setting' ? all.filter((s) => !NOT_EXPORTED.has((s as RecordTypes['setting']).key)) : all);
  }
  records.set('delivery', (await store.deliveries.list({ limit: Number.MAX_SAFE_INTEGER })).reverse().map(unleased));
  const header: Header = {
    format: SNAPSHOT_FORMAT,
    schema: SCHEMA_VERSION,
    exported_at: new Date().toISOString(),
    counts: Object.fromEntries([...records].map(([kind, list]) => [kind, list.length])),
  };
  yield `${JSON.stringify(header)}\n`;
  for (const [kind, list] of records) {
    for (const record of list) yield `${JSON.stringify({ kind, record })}\n`;
  }
}

export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

/** Loads a snapshot file into a store that holds no records yet; answers the counts loaded. */
export async function importSnapshot(store: Store, file: string): Promise<Partial<Record<LineKind, number>>> {
  for (const kind of ORDER.filter((k) => k !== 'setting')) {
    if ((await store.count(kind)) > 0) throw new SnapshotError(`--snapshot starts a sandbox from a file: this store already has ${kind} records`);
  }
  if ((await store.deliveries.count()) > 0) throw new SnapshotError('--snapshot starts a sandbox from a file: this store already has delivery records');
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  const counts: Partial<Record<LineKind, number>> = {};
  let header: Header | undefined;
  let batch: { kind: LineKind; record: unknown }[] = [];
  const flush = async () => {
    const items = batch;
    batch = [];
    await store.atomic([], async () => {
      for (const { kind, record } of items) {
        if (kind === 'delivery') store.putDelivery(snapshotDelivery(record as SnapshotDelivery));
        else store.put(kind, record as RecordTypes[Kind]);
      }
    });
  };
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const parsed = parseLine(line);
    if (!header) {
      header = checkHeader(parsed, file);
      continue;
    }
    const { kind, record } = parsed as { kind?: unknown; record?: unknown };
    if (typeof kind !== 'string' || (kind !== 'delivery' && !Object.hasOwn(KINDS, kind)) || typeof record !== 'object' || record === null) {
      throw new SnapshotError(`${file}: a line that is not a record of a known kind`);
    }
    batch.push({ kind: kind as LineKind, record });
    counts[kind as LineKind] = (counts[kind as LineKind] ?? 0) + 1;
    if (batch.length >= BATCH) await flush();
  }
  if (!header) throw new SnapshotError(`${file}: empty, not a snapshot`);
  await flush();
  await store.backend.settle();
  return counts;
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new SnapshotError('a snapshot line is not JSON');
  }
}

function checkHeader(parsed: unknown, file: string): Header {
  const header = parsed as Partial<Header>;
  if (header.format !== SNAPSHOT_FORMAT) throw new SnapshotError(`${file} is not a mock-gateway snapshot`);
  if (typeof header.schema !== 'number' || header.schema > SCHEMA_VERSION) {
    throw new SnapshotError(`${file} was exported by a newer mock-gateway (schema ${String(header.schema)}, this one knows ${SCHEMA_VERSION})`);
  }
  return header as Header;
}

/** A delivery as a snapshot of schema 2 or earlier wrote it: its schedule in `due_at`, a lease. */
type SnapshotDelivery = Omit<StoredDelivery, 'run_at' | 'locked_by' | 'locked_at'> & { run_at?: number | null; due_at?: number | null };

/** A delivery exported: no process holds it in the sandbox the file starts. */
function unleased(stored: StoredDelivery): StoredDelivery {
  return { ...stored, locked_by: null, locked_at: null };
}

/** A snapshot's delivery as the queue stores it; a pending one without a due time is due at once. */
function snapshotDelivery(record: SnapshotDelivery): StoredDelivery {
  const pending = record.delivery.state === 'pending';
  const runAt = record.run_at ?? record.due_at ?? (pending ? Date.parse(record.delivery.created_at) : null);
  return { delivery: record.delivery, raw_body: record.raw_body, first_attempt_at: record.first_attempt_at, run_at: pending ? runAt : null, locked_by: null, locked_at: null };
}
