/**
 * Migration 3 moves every webhook delivery of a database written by 8529a26 (the record store:
 * JSON text and index columns) into the delivery queue's typed columns, and a gateway opened on
 * it serves them. The rows are real: fixtures/deliveries-schema-2.json, written by that
 * commit's outbox (scripts/write-delivery-fixture.ts says how).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { testGateway } from '../test-harness';
import type { WebhookDelivery } from '../webhooks/outbox';
import { MIGRATIONS } from './migrations';
import { openStore } from './open-store';

interface OldRow {
  id: string;
  seq: number;
  doc: string;
  idx_merchant: string | null;
  idx_transaction: string | null;
  idx_open: string | null;
  idx_merchant_failing: string | null;
}
interface OldDelivery {
  delivery: WebhookDelivery;
  raw_body: string;
  first_attempt_at: number | null;
  due_at: number | null;
  lease: { owner: string; until: number } | null;
}

const fixture = JSON.parse(readFileSync(new URL('./fixtures/deliveries-schema-2.json', import.meta.url), 'utf8')) as { rows: OldRow[] };
const old = fixture.rows.map((row) => JSON.parse(row.doc) as OldDelivery);
const dir = mkdtempSync(join(tmpdir(), 'gateway-delivery-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database at schema 2 holding the fixture's rows, as 8529a26 left it. */
async function schema2Database(data: string): Promise<void> {
  const db = await PGlite.create({ dataDir: data });
  await db.exec('CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
  for (const migration of MIGRATIONS.filter((m) => m.version <= 2)) {
    await db.exec(migration.sql);
    await db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
  }
  for (const r of fixture.rows) {
    await db.query(
      'INSERT INTO webhook_deliveries (id, seq, doc, idx_merchant, idx_transaction, idx_open, idx_merchant_failing) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [r.id, r.seq, r.doc, r.idx_merchant, r.idx_transaction, r.idx_open, r.idx_merchant_failing],
    );
  }
  await db.close();
}

describe.skipIf(process.env.GATEWAY_TEST_STORE !== undefined)('migration 3: deliveries into the queue', { timeout: 120_000 }, () => {
  it('keeps every delivery written by 8529a26: its id, body bytes, attempts, state and schedule; a gateway serves them', async () => {
    expect(new Set(old.map((o) => o.delivery.state))).toEqual(new Set(['delivered', 'pending', 'failed', 'no_url']));
    const data = join(dir, 'from-8529a26');
    await schema2Database(data);
    const store = await openStore({ data });
    const moved = (await store.deliveries.list({ limit: 100 })).reverse();
    expect(moved.map((m) => m.delivery.id)).toEqual(old.map((o) => o.delivery.id));
    moved.forEach((m, i) => {
      const was = old[i]!;
      expect(m.delivery).toEqual({ ...was.delivery, next_attempt_at: was.delivery.next_attempt_at });
      expect(m.raw_body).toBe(was.raw_body);
      expect(m.first_attempt_at).toBe(was.first_attempt_at);
      expect([m.locked_by, m.locked_at]).toEqual([null, null]); // 8529a26's leases are dropped
      const pending = was.delivery.state === 'pending';
      expect(m.run_at).toBe(pending ? (was.due_at ?? Date.parse(was.delivery.created_at)) : null);
    });
    const failing = await store.merchantDeliveries('MERCHANT0001', { failing: true }, 100);
    expect(failing.map((f) => f.delivery.state).sort()).toEqual(['failed', 'pending']);

    const t = await testGateway({ store });
    try {
      const listed = await t.call<{ deliveries: WebhookDelivery[] }>('GET', '/__mock/webhooks');
      expect(listed.body.deliveries.map((d) => [d.id, d.state, d.attempts.length])).toEqual(old.map((o) => [o.delivery.id, o.delivery.state, o.delivery.attempts.length]));
      // New deliveries come after the moved ones (the order a list and a merchant's queue keep).
      await store.atomic([], async () => t.gw.ctx.webhooks.announceTokenization('MERCHANT0001', { transaction_id: 'after-migration' } as never));
      const newest = (await store.deliveries.list({ limit: 1 }))[0]!;
      expect(newest.delivery.transaction_id).toBe('after-migration');
    } finally {
      await t.close();
    }
  });
});
