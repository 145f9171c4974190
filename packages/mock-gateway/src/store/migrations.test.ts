/**
 * The schema: every kind and index of record-kinds.ts has its table and column; migrations
 * run once; a gateway refuses a database whose schema is newer than it knows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, SCHEMA_VERSION, SchemaTooNewError } from './migrations';
import { openStore } from './open-store';
import { KINDS, type Kind } from './record-kinds';

const dir = mkdtempSync(join(tmpdir(), 'gateway-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Its own store, whatever GATEWAY_TEST_STORE says: run once, in the memory run.
describe.skipIf(process.env.GATEWAY_TEST_STORE !== undefined)('migrations', { timeout: 120_000 }, () => {
  it('create a table and an index column for every kind and index the store uses, once', async () => {
    const data = join(dir, 'fresh');
    await (await openStore({ data })).close();
    await (await openStore({ data })).close(); // a second start migrates nothing
    const db = await PGlite.create({ dataDir: data });
    try {
      const versions = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(versions.rows.map((r) => r.version)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
      for (const { table, indexes } of Object.values(KINDS)) {
        const columns = await db.query<{ column_name: string }>('SELECT column_name FROM information_schema.columns WHERE table_name = $1', [table]);
        const names = columns.rows.map((r) => r.column_name);
        const document = table === 'transactions' ? ['record', 'merchant_id', 'terminal_id', 'reference', 'status', 'type', 'created_at', 'last4', 'customer_id'] : ['doc'];
        expect(names, table).toEqual(expect.arrayContaining(['id', 'seq', ...document, ...Object.keys(indexes).map((n) => `idx_${n}`)]));
      }
    } finally {
      await db.close();
    }
  });

  it('refuse to start on a schema newer than this gateway knows', async () => {
    const data = join(dir, 'newer');
    await (await openStore({ data })).close();
    const db = await PGlite.create({ dataDir: data });
    await db.query("INSERT INTO schema_migrations (version, name) VALUES ($1, 'from the future')", [SCHEMA_VERSION + 1]);
    await db.close();
    await expect(openStore({ data })).rejects.toBeInstanceOf(SchemaTooNewError);
  });

  // (Version 2's delivery index is gone with version 4's queue: delivery-migration.test.ts.)
  const ADDED_IN_2 = { transaction: ['merchant_status', 'merchant_type', 'merchant_last4'], session: ['merchant'] };

  // The keys as the gateway computed them when version 2 was released (record-kinds.ts then).
  const key = (...parts: (string | undefined)[]) => JSON.stringify(parts);
  interface V1Doc {
    transaction: { merchant_id: string; status: string; transaction_type: string };
    card: { last4: string } | null;
    merchant_id: string;
    delivery: { merchant_id: string; state: string; attempts: unknown[] };
  }
  const V2_KEYS: Record<string, (doc: V1Doc) => string | null> = {
    merchant_status: (d) => key(d.transaction.merchant_id, d.transaction.status),
    merchant_type: (d) => key(d.transaction.merchant_id, d.transaction.transaction_type),
    merchant_last4: (d) => (d.card ? key(d.transaction.merchant_id, d.card.last4) : null),
    merchant: (d) => key(d.merchant_id),
    merchant_failing: (d) => (d.delivery.state === 'failed' || (d.delivery.state === 'pending' && d.delivery.attempts.length > 0) ? key(d.delivery.merchant_id) : null),
  };

  it('version 2 gives the records already stored the keys of the dashboard’s new indexes, as the gateway computed them', async () => {
    const data = join(dir, 'from-v1');
    const db = await PGlite.create({ dataDir: data });
    await db.exec('CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
    await db.exec(MIGRATIONS[0]!.sql);
    await db.query("INSERT INTO schema_migrations (version, name) VALUES (1, 'v1')");
    const records: [Kind, string, Record<string, unknown>][] = [
      ['transaction', 't1', { transaction: { id: 't1', merchant_id: 'M"1', status: 'APPROVED', transaction_type: 'PURCHASE', reference: 'r', terminal_id: 'T' }, card: { last4: '1111' }, parent_id: null, three_ds: null }],
      ['transaction', 't2', { transaction: { id: 't2', merchant_id: 'M"1', status: 'PENDING', transaction_type: 'PAYOUT', reference: 'r2', terminal_id: 'T' }, card: null, parent_id: null, three_ds: null }],
      ['session', 's1', { session: { id: 's1', terminal_id: 'T', reference: 'r' }, merchant_id: 'M"1' }],
    ];
    for (const [kind, id, doc] of records) await db.query(`INSERT INTO ${KINDS[kind].table} (id, doc) VALUES ($1, $2)`, [id, JSON.stringify(doc)]);
    await db.close();
    const after = await PGlite.create({ dataDir: data });
    try {
      await after.exec(MIGRATIONS[1]!.sql); // 1 → 2
      for (const [kind, id, doc] of records) {
        const expected = Object.fromEntries(Object.entries(V2_KEYS).map(([name, keyOf]) => [name, ADDED_IN_2[kind as keyof typeof ADDED_IN_2]?.includes(name) ? keyOf(doc as unknown as V1Doc) : null]));
        const names = ADDED_IN_2[kind as keyof typeof ADDED_IN_2];
        const { rows } = await after.query<Record<string, string | null>>(`SELECT ${names.map((n) => `idx_${n}`).join(', ')} FROM ${KINDS[kind].table} WHERE id = $1`, [id]);
        for (const name of names) {
          expect(rows[0]![`idx_${name}`], `${kind} ${id} ${name}`).toBe(expected[name]);
        }
      }
    } finally {
      await after.close();
    }
  });
});
