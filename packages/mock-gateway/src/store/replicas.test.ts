/**
 * Two gateways on one Postgres act as one sandbox (issue #27): the test routes' settings,
 * the keys, and the webhook outbox. Each gateway has its own connection pool, as two
 * processes would; the balancer, real processes and SIGKILL are e2e/replicas' part. Runs
 * with GATEWAY_TEST_STORE=postgres (pnpm test:postgres-store), skipped otherwise.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testGateway, type TestGateway } from '../test-harness';
import { cardAuthorizeBody } from '../test-payments';
import { WEBHOOK_LEASE_MS } from '../webhooks/webhook-outbox';
import { freshDatabase } from './fresh-database';
import { Store } from './store';

const adminUrl = process.env.GATEWAY_TEST_DATABASE_URL;
const onPostgres = process.env.GATEWAY_TEST_STORE === 'postgres' && adminUrl !== undefined;
const FRICTIONLESS = { number: '4000000000000002' };

let databaseUrl: string;
beforeAll(async () => {
  if (onPostgres) databaseUrl = await freshDatabase('gateway_replicas');
});

/** One replica: its own pool on the shared database. */
async function replica(): Promise<TestGateway> {
  const { openPostgresBackend } = await import('./postgres-backend');
  const t = await testGateway({ store: new Store(await openPostgresBackend(databaseUrl)) });
  await t.gw.api.ready();
  return t;
}

describe.skipIf(!onPostgres)('two gateways on one Postgres', () => {
  let a: TestGateway;
  let b: TestGateway;
  beforeEach(async () => {
    a = await replica();
    b = await replica();
    await a.call('POST', '/__mock/reset');
  });
  afterEach(async () => {
    await a.call('POST', '/__mock/reset');
    await Promise.all([a.close(), b.close()]);
  });

  it('share the mock clock: a token from A expires on B when the clock is moved through A', async () => {
    const auth = await a.auth();
    expect((await b.call('GET', '/api/encryption-key', undefined, auth)).status).toBe(200);
    expect((await a.call('POST', '/__mock/clock', { advance_seconds: 7200 })).status).toBe(200);
    expect((await b.call('GET', '/api/encryption-key', undefined, auth)).status).toBe(401);
    await b.call('POST', '/__mock/reset'); // the reset, too, is the sandbox's: B's new token is good on A
    expect((await a.call('GET', '/api/encryption-key', undefined, await b.auth())).status).toBe(200);
  });

  it('share POST /__mock/config', async () => {
    await a.call('POST', '/__mock/config', { webhook_url: 'http://127.0.0.1:9/hook', webhook_retry_base_ms: 123 });
    const seen = await b.call<{ webhook_url: string; webhook_retry_base_ms: number }>('GET', '/__mock/config');
    expect(seen.body).toMatchObject({ webhook_url: 'http://127.0.0.1:9/hook', webhook_retry_base_ms: 123 });
  });

  it('count a fault rule over both: "the next 2 requests" are the sandbox\'s next 2', async () => {
    await a.call('POST', '/__mock/faults', { path: '/api/encryption-key', mode: 'error', phase: 'before', count: 2 });
    const key = async (t: TestGateway) => (await t.call('GET', '/api/encryption-key', undefined, await t.auth())).status;
    expect(await key(b)).toBe(500);
    expect(await key(a)).toBe(500);
    expect(await key(b)).toBe(200);
    expect((await a.call<{ faults: unknown[] }>('GET', '/__mock/faults')).body.faults).toEqual([]);
  });

  it('publish one card key and one webhook key set', async () => {
    const key = async (t: TestGateway) => (await t.call('GET', '/api/encryption-key', undefined, await t.auth())).body;
    expect(await key(a)).toEqual(await key(b));
    expect((await a.call('GET', '/.well-known/jwks.json')).body).toEqual((await b.call('GET', '/.well-known/jwks.json')).body);
  });

  it('send each webhook attempt once, whichever replica announced, retries, or starts meanwhile', async () => {
    const receiver = await startReceiver((n) => (n <= 20 ? 500 : 200));
    await a.call('POST', '/__mock/config', { webhook_url: receiver.url, webhook_retry_base_ms: 400 });
    const ids = await payAlternately(8);
    const c = await replica(); // starts while the deliveries are open: it must not send them again
    await expect.poll(() => allDelivered(a), { timeout: 30_000 }).toBe(true);
    await sleep(500);
    expect(receiver.duplicateAttempts()).toEqual([]);
    expect(receiver.acked().length).toBe(new Set(receiver.acked()).size);
    expect(new Set(receiver.transactions())).toEqual(new Set(ids));
    await Promise.all([receiver.close(), c.close()]);
  });

  it(
    "take up a dead replica's delivery once its lease has run out",
    async () => {
      let holding = true;
      const receiver = await startReceiver(() => (holding ? 0 : 200)); // 0: the attempt is held, never answered
      await a.call('POST', '/__mock/config', { webhook_url: receiver.url, webhook_retry_base_ms: 300 });
      b.gw.ctx.webhooks.stop(); // only A's outbox runs: A claims the delivery
      const [id] = await payAlternately(1);
      await expect.poll(() => receiver.attempts(), { timeout: 10_000 }).toBe(1);
      const heldSince = Date.now();
      a.gw.ctx.webhooks.stop(); // A dies mid-attempt: its attempt is cut off, unrecorded; its lease stays in the store
      holding = false;
      const c = await replica(); // a replica running its outbox meanwhile
      await expect.poll(() => allDelivered(c), { timeout: WEBHOOK_LEASE_MS + 15_000 }).toBe(true);
      expect(Date.now() - heldSince).toBeGreaterThanOrEqual(WEBHOOK_LEASE_MS - 1_000); // B waited for the lease to run out
      expect(receiver.acked()).toHaveLength(1);
      expect(receiver.transactions()).toEqual([id, id]); // the attempt cut off, then C's, of the same delivery
      await Promise.all([receiver.close(), c.close()]);
    },
    120_000,
  );

  async function payAlternately(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const t = i % 2 === 0 ? a : b;
      const reply = await t.call<{ result: { id: string; status: string } }>('POST', '/api/transactions/authorize', await cardAuthorizeBody(t, FRICTIONLESS), await t.auth());
      expect(reply.body.result.status).toBe('APPROVED');
      ids.push(reply.body.result.id);
    }
    return ids;
  }
});

interface Hit {
  id: string;
  attempt: string;
  status: number;
  transaction: string;
}

/** A merchant's webhook endpoint that notes each attempt: `answer(n)` for the n-th request (0: never answered). */
async function startReceiver(answer: (n: number) => number) {
  const hits: Hit[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const status = answer(hits.length + 1);
      const parsed = JSON.parse(body) as { payload?: { id?: string }; data?: { transaction_id?: string } };
      hits.push({
        id: String(request.headers['x-webhook-id']),
        attempt: String(request.headers['x-webhook-attempt']),
        status,
        transaction: parsed.payload?.id ?? parsed.data?.transaction_id ?? '',
      });
      if (status !== 0) response.writeHead(status).end(); // 0: held, never answered
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    attempts: () => hits.length,
    acked: () => hits.filter((h) => h.status === 200).map((h) => h.id),
    transactions: () => hits.map((h) => h.transaction),
    duplicateAttempts: () => {
      const seen = new Set<string>();
      return hits.map((h) => `${h.id}#${h.attempt}`).filter((key) => seen.has(key) || !seen.add(key));
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function allDelivered(t: TestGateway): Promise<boolean> {
  const { deliveries } = (await t.call<{ deliveries: { state: string }[] }>('GET', '/__mock/webhooks')).body;
  return deliveries.length > 0 && deliveries.every((d) => d.state === 'delivered');
}
