/**
 * Writes store/fixtures/deliveries-schema-2.json: the webhook_deliveries rows, as today's
 * record store keeps them (schema 2: the record as JSON text, index columns), that a gateway
 * of commit 8529a26 wrote through its real outbox: a delivered one, one retrying after a 500
 * (its lease and due time in the JSON), one that gave up, one recorded while no URL was set, and
 * one whose first attempt was cut mid-flight. store/delivery-migration.test.ts migrates them.
 *
 * Run against that commit: `git worktree add /tmp/main-8529a26 8529a26`, copy this file to
 * its packages/mock-gateway/scripts/, `pnpm install --offline`, then
 * `pnpm exec tsx packages/mock-gateway/scripts/write-delivery-fixture.ts OUT.json`.
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { openPGliteBackend } from '../src/store/pglite-backend';
import type { SqlPool } from '../src/store/sql-backend';
import { Store } from '../src/store/store';
import { testGateway } from '../src/test-harness';
import { cardAuthorizeBody } from '../src/test-payments';

const out = process.argv[2];
if (!out) throw new Error('usage: write-delivery-fixture.ts OUT.json');

/** Per transaction id's order of payment: what the receiver answers (hang: never). */
const answers = ['200', '500', 'dead', 'hang'];
let payment = 0;
const byPath = new Map<string, string>();
const receiver = createServer((request, response) => {
  const mode = byPath.get(request.url ?? '') ?? '200';
  if (mode === 'hang') return;
  response.writeHead(mode === '200' ? 200 : 500).end(mode === '200' ? 'ok' : 'Nope\u0000 "quoted"');
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const backend = await openPGliteBackend();
const t = await testGateway({ store: new Store(backend) });
const auth = await t.auth();
const pay = async (mode: string) => {
  const path = `/hook-${payment++}`;
  byPath.set(path, mode);
  await t.call('POST', '/__mock/config', { webhook_url: mode === 'none' ? '' : `${base}${path}`, webhook_retry_base_ms: mode === 'dead' ? 10 : 60_000, webhook_retry_horizon_ms: mode === 'dead' ? 30 : 86_400_000 });
  const body = await cardAuthorizeBody(t, { number: '4000000000000002' });
  await t.call('POST', '/api/transactions/authorize', { ...body, description: 'Shopper said "hi"\u0000 & č' }, auth);
  await sleep(400);
};
for (const mode of answers) await pay(mode);
await pay('none');
await sleep(1_000);
t.gw.ctx.webhooks.stop(); // as a crash would: leases and due times stay in the records
const pool = (backend as unknown as { pool: SqlPool }).pool;
const { rows } = await pool.query('SELECT * FROM webhook_deliveries ORDER BY seq');
writeFileSync(out, `${JSON.stringify({ written_by: '8529a26', schema: 2, rows }, null, 1)}\n`);
await t.close().catch(() => undefined);
await backend.close().catch(() => undefined);
receiver.closeAllConnections();
receiver.close();
console.log(`${rows.length} delivery rows written to ${out}`);
