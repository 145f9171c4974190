/**
 * A database written by main's gateway (8529a26, schema version 2: fixtures/main-8529a26.sql,
 * made by scripts/main-store-fixture.ts against that commit) opens, migrates to typed columns,
 * keeps every record exactly (U+0000 in a payment's metadata included) and serves them through
 * the API and the dashboard's lists. On PGlite, and on Postgres under GATEWAY_TEST_STORE=postgres.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboard } from '../dashboard/dashboard-test-kit';
import { testGateway, type TestGateway } from '../test-harness';
import { SCHEMA_VERSION } from './migrations';
import { openStore } from './open-store';
import { KINDS } from './record-kinds';

const FIXTURE = readFileSync(join(import.meta.dirname, 'fixtures', 'main-8529a26.sql'), 'utf8');
const engine = process.env.GATEWAY_TEST_STORE === 'postgres' ? 'postgres' : 'embedded';
const dir = mkdtempSync(join(tmpdir(), 'gateway-from-main-'));

/** Loads the fixture into a new database; answers what openStore needs, and the rows as main stored them. */
async function databaseWrittenByMain(): Promise<{ location: { data?: string; databaseUrl?: string }; docs: Map<string, Map<string, string>> }> {
  const docs = new Map<string, Map<string, string>>();
  const readDocs = async (query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>) => {
    for (const { table } of Object.values(KINDS)) {
      const { rows } = await query(`SELECT id, doc FROM ${table}`);
      docs.set(table, new Map(rows.map((row) => [String(row.id), String(row.doc)])));
    }
  };
  if (engine === 'embedded') {
    const { PGlite } = await import('@electric-sql/pglite');
    const data = join(dir, 'data');
    const db = await PGlite.create({ dataDir: data });
    await db.exec(FIXTURE);
    await readDocs((sql) => db.query(sql));
    await db.close();
    return { location: { data }, docs };
  }
  const { default: pg } = await import('pg');
  const admin = new URL(process.env.GATEWAY_TEST_DATABASE_URL!);
  const name = `from_main_${process.pid}`;
  const server = new pg.Client({ connectionString: admin.toString() });
  await server.connect();
  await server.query(`DROP DATABASE IF EXISTS ${name}`);
  await server.query(`CREATE DATABASE ${name}`);
  await server.end();
  admin.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(FIXTURE);
  await readDocs((sql) => client.query(sql));
  await client.end();
  return { location: { databaseUrl: admin.toString() }, docs };
}

describe.skipIf(process.env.GATEWAY_TEST_STORE === 'embedded')(`a database written by main (${engine})`, { timeout: 180_000 }, () => {
  let t: TestGateway;
  let docs: Map<string, Map<string, string>>;
  beforeAll(async () => {
    const written = await databaseWrittenByMain();
    docs = written.docs;
    t = await testGateway({ store: await openStore(written.location) });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('migrates to this schema and keeps every record exactly', async () => {
    const store = t.gw.ctx.store;
    expect(docs.get('transactions')!.size).toBe(6);
    for (const [kind, { table }] of Object.entries(KINDS) as [keyof typeof KINDS, { table: string }][]) {
      expect(await store.count(kind), table).toBe(docs.get(table)!.size);
      for (const [id, doc] of docs.get(table)!) expect(await store.get(kind, id), `${table} ${id}`).toEqual(JSON.parse(doc));
    }
    const withNul = [...docs.get('transactions')!.values()].map((doc) => JSON.parse(doc) as { metadata: { note?: string } }).filter((r) => r.metadata.note);
    expect(withNul.map((r) => r.metadata.note)).toEqual(['a\u0000b']);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(3);
  });

  it('serves its transactions through the API and the dashboard’s lists, and takes new ones', async () => {
    const auth = await t.auth();
    for (const [id, doc] of docs.get('transactions')!) {
      const reply = await t.call<{ found: boolean; transaction: unknown }>('GET', `/api/transactions/${id}/status`, undefined, auth);
      expect(reply.status, id).toBe(200);
      expect(reply.body).toEqual({ found: true, transaction: (JSON.parse(doc) as { transaction: unknown }).transaction });
    }
    const all = await dashboard(t, 'GET', '/dashboard/api/transactions?merchant=MERCHANT0001');
    const listed = (all.json.transactions as { reference: string; status: string; type: string }[]).map((tx) => `${tx.reference} ${tx.type} ${tx.status}`);
    expect(listed).toHaveLength(6);
    expect(listed).toContain('fixture-declined PURCHASE DECLINED');
    const declined = await dashboard(t, 'GET', '/dashboard/api/transactions?merchant=MERCHANT0001&status=DECLINED&type=PURCHASE');
    expect((declined.json.transactions as { reference: string }[]).map((tx) => tx.reference)).toEqual(['fixture-declined']);
    const byCard = await dashboard(t, 'GET', '/dashboard/api/transactions?merchant=MERCHANT0001&last4=1111&limit=2');
    expect(byCard.json.older).toEqual(expect.any(String));
    const next = await dashboard(t, 'GET', `/dashboard/api/transactions?merchant=MERCHANT0001&last4=1111&limit=10&before=${String(byCard.json.older)}`);
    expect((byCard.json.transactions as unknown[]).length + (next.json.transactions as unknown[]).length).toBe(listed.length - 1); // the capture carries no card

    const payment = await t.call('POST', '/api/transactions/payment', {
      terminal_id: 'TERM00001',
      reference: 'after-migration',
      description: 'After',
      currency: 'EUR',
      amount: 500,
      method: 'UPI',
      country: 'IN',
      customer_ip: '203.0.113.1',
      return_url: 'https://shop.example/r',
      error_url: 'https://shop.example/e',
      cancel_url: 'https://shop.example/c',
    }, auth);
    expect(payment.status, payment.text).toBe(200);
    const after = await dashboard(t, 'GET', '/dashboard/api/transactions?merchant=MERCHANT0001');
    expect((after.json.transactions as { reference: string }[]).map((tx) => tx.reference)).toEqual(['after-migration', ...(all.json.transactions as { reference: string }[]).map((tx) => tx.reference)]);
  });
});
