/**
 * The delivery queue's claim, the same on every engine (delivery-queue.ts): due and free rows
 * only, earliest due first, a merchant's deliveries in order, a lease that runs out; and on
 * Postgres, two replicas' pools claiming at the same moment never take one delivery twice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeliveryQueue, StoredDelivery } from './delivery-queue';
import { freshDatabase } from './fresh-database';
import { MemoryDeliveryQueue } from './memory-delivery-queue';
import type { SqlBackend } from './sql-backend';

const T0 = Date.parse('2026-01-02T03:04:05.000Z');
const LEASE = 15_000;
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

function delivery(merchant: string, runAt: number | null, state: StoredDelivery['delivery']['state'] = 'pending'): StoredDelivery {
  const id = randomUUID();
  const body = { event: 'transaction-svc:transaction:purchase:approved', payload: { id: `tx-${id}` } } as never;
  return {
    delivery: { id, merchant_id: merchant, transaction_id: `tx-${id}`, event: 'e', url: 'http://127.0.0.1:9/hook', body, attempts: [], state, next_attempt_at: null, created_at: new Date(T0).toISOString() },
    raw_body: JSON.stringify(body),
    first_attempt_at: null,
    run_at: runAt,
    locked_by: null,
    locked_at: null,
  };
}

const claim = (queue: DeliveryQueue, owner: string, now: number, limit = 100, wallNow = T0) => queue.claim({ owner, now, wallNow, leaseMs: LEASE, limit });
const ids = (list: StoredDelivery[]) => list.map((s) => s.delivery.id);
const failed = { status: 500, error: null, duration_ms: 1, at: new Date(T0).toISOString() };

async function pglite(): Promise<DeliveryQueue> {
  const { openPGliteBackend } = await import('./pglite-backend');
  const backend = await openPGliteBackend();
  closers.push(() => backend.close());
  return backend.deliveries;
}

const engines: [string, () => Promise<DeliveryQueue>][] = [
  ['memory', async () => new MemoryDeliveryQueue()],
  ['SQL (PGlite)', pglite],
];

describe.each(engines)('the delivery queue on %s', { timeout: 60_000 }, (_name, open) => {
  it('claims due, free deliveries once, earliest due first; not what is due later, delivered or unsent', async () => {
    const queue = await open();
    const later = delivery('M1', T0 + 5_000);
    const [a, b] = [delivery('M2', T0 + 10), delivery('M3', T0)];
    for (const d of [later, a, b, delivery('M4', null, 'delivered'), delivery('M5', null, 'no_url')]) await queue.insert(d);
    expect(ids(await claim(queue, 'p1', T0 + 10))).toEqual([b.delivery.id, a.delivery.id]);
    expect(await claim(queue, 'p2', T0 + 10)).toEqual([]); // held by p1
    expect(await queue.nextDue()).toBe(T0 + 5_000);
    const [claimed] = await claim(queue, 'p2', T0 + 5_000);
    expect(claimed).toMatchObject({ locked_by: 'p2', locked_at: T0, delivery: { id: later.delivery.id } });
  });

  it("holds a merchant's later delivery back until the earlier one's first attempt is recorded, not behind its retries", async () => {
    const queue = await open();
    const [first, second, other] = [delivery('M1', T0), delivery('M1', T0), delivery('M2', T0)];
    for (const d of [first, second, other]) await queue.insert(d);
    expect(ids(await claim(queue, 'p1', T0))).toEqual([first.delivery.id, other.delivery.id]);
    const recorded = await queue.record(first.delivery.id, { owner: 'p1', done: 0, attempt: failed, state: 'pending', run_at: T0 + 60_000, first_attempt_at: T0 });
    expect(recorded).toBe(true);
    expect(ids(await claim(queue, 'p1', T0 + 1))).toEqual([second.delivery.id]); // the first one retries later: it holds nothing back
    const retrying = await queue.get(first.delivery.id);
    expect(retrying).toMatchObject({ run_at: T0 + 60_000, locked_by: null, delivery: { state: 'pending', next_attempt_at: new Date(T0 + 60_000).toISOString() } });
    expect(retrying!.delivery.attempts).toHaveLength(1);
  });

  it("records an attempt only for the lease's holder with the attempts it claimed; a lease that ran out is taken over", async () => {
    const queue = await open();
    const d = delivery('M1', T0);
    await queue.insert(d);
    await claim(queue, 'dead', T0, 10, T0);
    expect(await claim(queue, 'alive', T0, 10, T0 + LEASE - 1)).toEqual([]);
    const outcome = { done: 0, attempt: failed, state: 'delivered' as const, run_at: null, first_attempt_at: T0 };
    expect(await queue.record(d.delivery.id, { owner: 'alive', ...outcome })).toBe(false);
    if (queue instanceof MemoryDeliveryQueue) return; // one process owns a memory queue: its leases never run out, they are released at start
    expect(ids(await claim(queue, 'alive', T0, 10, T0 + LEASE + 1))).toEqual([d.delivery.id]);
    expect(await queue.record(d.delivery.id, { owner: 'dead', ...outcome })).toBe(false);
    expect(await queue.record(d.delivery.id, { owner: 'alive', ...outcome })).toBe(true);
    expect((await queue.get(d.delivery.id))!.delivery.state).toBe('delivered');
  });

  it('released leases are claimed again at once; a resend re-arms a delivery with a fresh series', async () => {
    const queue = await open();
    const d = delivery('M1', T0);
    await queue.insert(d);
    await claim(queue, 'p1', T0);
    await queue.release('p1');
    expect(ids(await claim(queue, 'p2', T0))).toEqual([d.delivery.id]);
    await queue.record(d.delivery.id, { owner: 'p2', done: 0, attempt: { ...failed, status: 200 }, state: 'delivered', run_at: null, first_attempt_at: T0 });
    const rearmed = await queue.rearm(d.delivery.id, 'http://127.0.0.1:9/new', T0 + 100);
    expect(rearmed).toMatchObject({ run_at: T0 + 100, first_attempt_at: null, delivery: { state: 'pending', resends: 1, url: 'http://127.0.0.1:9/new', next_attempt_at: null } });
    expect(ids(await claim(queue, 'p2', T0 + 100))).toEqual([d.delivery.id]);
  });
});

const onPostgres = process.env.GATEWAY_TEST_STORE === 'postgres' && process.env.GATEWAY_TEST_DATABASE_URL !== undefined;

describe.skipIf(!onPostgres)('the delivery queue on Postgres, claimed by two replicas at once', { timeout: 120_000 }, () => {
  it('gives each due delivery to one of them (FOR UPDATE SKIP LOCKED)', async () => {
    const { openPostgresBackend } = await import('./postgres-backend');
    const url = await freshDatabase('gateway_claims');
    const replicas: SqlBackend[] = [await openPostgresBackend(url), await openPostgresBackend(url)];
    closers.push(async () => void (await Promise.all(replicas.map((r) => r.close()))));
    const all = Array.from({ length: 300 }, (_, i) => delivery(`M${i}`, T0));
    for (const d of all) await replicas[0]!.deliveries.insert(d);
    // Twenty claimers per replica, five rows each, all at once, until nothing is left.
    const claimers = replicas.flatMap((replica, r) =>
      Array.from({ length: 20 }, async (_, c) => {
        const got: string[] = [];
        for (let batch = await claim(replica.deliveries, `r${r}c${c}`, T0, 5); batch.length > 0; batch = await claim(replica.deliveries, `r${r}c${c}`, T0, 5)) got.push(...ids(batch));
        return got;
      }),
    );
    const claimed = (await Promise.all(claimers)).flat();
    expect(claimed.length).toBe(all.length);
    expect(new Set(claimed)).toEqual(new Set(ids(all)));
  });
});
