/**
 * Writes src/store/fixtures/main-8529a26.sql: a database as the gateway of main at 8529a26
 * (schema version 2: JSON text and text index keys) wrote it, for migration-from-main.test.ts.
 * It must run against THAT code, not this branch's: from a checkout of 8529a26, with this file
 * copied to the same path,
 *   git worktree add /tmp/main 8529a26 && cp scripts/main-store-fixture.ts /tmp/main/packages/mock-gateway/scripts/
 *   (cd /tmp/main && pnpm install --offline && npx tsx packages/mock-gateway/scripts/main-store-fixture.ts OUT.sql)
 * It runs that gateway on an in-memory PGlite, makes payments through its HTTP API (approved,
 * declined, 3-D Secure under way, a capture, one whose metadata holds U+0000), and dumps the
 * SQL that gateway ran (its migrations, verbatim) and every row of every table.
 */
import { writeFileSync } from 'node:fs';
import { TEST_BROWSER_INFO } from '@payments/core';
import { MIGRATIONS } from '../src/store/migrations';
import { openPGliteBackend } from '../src/store/pglite-backend';
import { KINDS } from '../src/store/record-kinds';
import { Store } from '../src/store/store';
import { testGateway } from '../src/test-harness';

const out = process.argv[2];
if (!out) throw new Error('usage: main-store-fixture.ts OUT.sql');

const backend = await openPGliteBackend();
const t = await testGateway({ store: new Store(Object.assign(Object.create(backend) as typeof backend, { close: () => Promise.resolve() })) });
const auth = await t.auth();
const card = async (number: string) => ({
  type: 'card',
  data: {
    encrypted_card_number: await t.encrypt(number),
    encrypted_cvv: await t.encrypt('123'),
    encrypted_expiration_month: await t.encrypt('12'),
    encrypted_expiration_year: await t.encrypt('2031'),
  },
});
const pay = async (reference: string, type: string, metadata: Record<string, string>) => {
  const reply = await t.call<{ result?: { id: string }; redirect?: { transaction_id: string } }>('POST', '/api/transactions/authorize', {
    reference,
    terminal_id: 'TERM00001',
    description: `Fixture ${reference}`,
    currency: 'EUR',
    amount: 1250,
    transaction_type: type,
    payment_method: await card('4111111111111111'),
    customer: { email: 'shopper@example.com' },
    browser_info: TEST_BROWSER_INFO,
    metadata,
    return_url: 'https://shop.example/return',
    error_url: 'https://shop.example/error',
    cancel_url: 'https://shop.example/cancel',
  }, auth);
  if (reply.status !== 200) throw new Error(`${reference}: ${reply.status} ${reply.text}`);
};
await pay('fixture-approved', 'PURCHASE', { response_code: 'TRX_STATUS_APPROVED' });
await pay('fixture-declined', 'PURCHASE', { response_code: 'TRX_STATUS_DECLINED' });
await pay('fixture-authorized', 'AUTHORIZE', { response_code: 'TRX_STATUS_APPROVED' });
await pay('fixture-3ds', 'PURCHASE', { simulate_redirect: 'true' });
await pay('fixture-nul', 'PURCHASE', { response_code: 'TRX_STATUS_APPROVED', note: 'a\u0000b' });
const capture = await t.call('POST', '/api/transactions/manage', { terminal_id: 'TERM00001', transaction_type: 'CAPTURE', reference: 'fixture-authorized', amount: 1250, currency: 'EUR' }, auth);
if (capture.status !== 200) throw new Error(`capture: ${capture.status} ${capture.text}`);

const literal = (value: unknown): string =>
  value === null ? 'NULL' : typeof value === 'number' || typeof value === 'bigint' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
const lines = [
  `-- A database written by the mock gateway of main at 8529a26 (schema version 2), made by`,
  `-- packages/mock-gateway/scripts/main-store-fixture.ts run against that commit's code.`,
  `CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());`,
];
for (const migration of MIGRATIONS) {
  lines.push(migration.sql, `INSERT INTO schema_migrations (version, name) VALUES (${migration.version}, ${literal(migration.name)});`);
}
const db = backend as unknown as { pool: { query<T>(sql: string): Promise<{ rows: T[] }> } };
for (const { table } of Object.values(KINDS)) {
  const { rows } = await db.pool.query<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY seq`);
  for (const row of rows) {
    lines.push(`INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.values(row).map(literal).join(', ')});`);
  }
  lines.push(`SELECT setval(pg_get_serial_sequence('${table}', 'seq'), (SELECT coalesce(max(seq), 0) + 1 FROM ${table}), false);`);
}
writeFileSync(out, `${lines.join('\n')}\n`);
await t.close();
await backend.close();
console.log(`wrote ${out}`);
