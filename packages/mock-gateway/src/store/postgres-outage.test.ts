/**
 * Issue #48: Postgres going away under a gateway (a restart, a network cut), in process and
 * exactly: every connection to it is cut, mid-transaction or idle, and new ones refused
 * (database-cut.ts). Nothing may end the process; each request answers 503 with Retry-After,
 * readiness fails, and once the database is back the same gateway serves again. Runs with
 * GATEWAY_TEST_STORE=postgres (pnpm test:postgres-store); the real pg_ctl restart behind
 * HAProxy is e2e/replicas/postgres-restart.spec.ts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testGateway, type TestGateway } from '../test-harness';
import { cardAuthorizeBody } from '../test-payments';
import { databaseCut, type DatabaseCut } from './database-cut';
import { freshDatabase } from './fresh-database';
import { Store } from './store';
import { StoreUnavailableError } from './store-errors';

const adminUrl = process.env.GATEWAY_TEST_DATABASE_URL;
const onPostgres = process.env.GATEWAY_TEST_STORE === 'postgres' && adminUrl !== undefined;
/** For vi.waitFor: a loaded machine takes its time. */
const WAIT = { timeout: 10_000 };

let databaseUrl: string;
beforeAll(async () => {
  if (onPostgres) databaseUrl = await freshDatabase('gateway_outage');
});

describe.skipIf(!onPostgres)('Postgres going away under a gateway', () => {
  let relay: DatabaseCut;
  let t: TestGateway;

  async function gatewayThroughRelay(): Promise<TestGateway> {
    relay = await databaseCut(databaseUrl);
    const { openPostgresBackend } = await import('./postgres-backend');
    const gateway = await testGateway({ store: new Store(await openPostgresBackend(relay.url)) });
    await gateway.gw.api.ready();
    await gateway.call('POST', '/__mock/reset');
    return gateway;
  }

  afterEach(async () => {
    await relay.restore().catch(() => undefined);
    await t.close();
    await relay.close();
    vi.restoreAllMocks();
  });

  it('a unit of work whose connection is cut fails as "database unavailable"; the process lives and the next one works', async () => {
    t = await gatewayThroughRelay();
    const lost = vi.spyOn(console, 'error');
    const store = t.gw.ctx.store;
    let cutNow!: () => void;
    let inUse!: () => void;
    const holding = new Promise<void>((resolve) => (cutNow = resolve));
    const checkedOut = new Promise<void>((resolve) => (inUse = resolve));
    const work = store.atomic(['outage-test'], async () => {
      await store.setting('anything'); // the connection is checked out and has served a statement
      inUse();
      await holding;
      return store.setting('anything');
    });
    const failed = expect(work).rejects.toThrow(StoreUnavailableError);
    await checkedOut;
    await relay.cut();
    // The checked-out client hears of it between statements: with no listener, an uncaught 'error' event.
    await vi.waitFor(() => expect(lost.mock.calls.flat().join('\n')).toMatch(/database connection lost while in use/), WAIT);
    cutNow();
    await failed;
    await relay.restore();
    await expect(store.atomic(['outage-test'], () => store.setting('anything'))).resolves.toBeUndefined();
  });

  it('answers 503 with Retry-After in the spec\'s error body while the database is away, fails readiness, and serves again once it is back', async () => {
    t = await gatewayThroughRelay();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const auth = await t.auth();
    const body = await cardAuthorizeBody(t, { number: '4000000000000002' });
    await relay.cut();

    const during = await t.call<{ errors: { message: string; params: string[] }[]; status: number; method: string }>('POST', '/api/transactions/authorize', body, auth);
    expect(during.status).toBe(503);
    expect(during.headers['retry-after']).toBe('2');
    expect(during.body).toMatchObject({ status: 503, method: 'POST /api/transactions/authorize', code: 'SANDBOX_DATABASE_UNAVAILABLE' });
    expect(during.body.errors[0]!.message).toMatch(/sandbox's database is unavailable/);
    expect((await t.call('POST', '/oauth/token', 'grant_type=client_credentials&client_id=test-client&client_secret=test-secret', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(503);
    const ready = await t.call<{ status: string; error: string }>('GET', '/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.error).toMatch(/database is unavailable/);

    await relay.restore();
    // The same request again (same reference): answered now, once.
    await vi.waitFor(async () => expect((await t.call('GET', '/health/ready')).status).toBe(200), WAIT);
    const after = await t.call<{ result: { status: string } }>('POST', '/api/transactions/authorize', body, auth);
    expect(after.status).toBe(200);
    expect(after.body.result.status).toBe('APPROVED');
    expect(await t.gw.ctx.store.recentTransactions({ reference: body.reference as string, limit: 10 })).toHaveLength(1);
  });

  it('answers 503 rather than hang when the database stops answering altogether (a network dropping packets)', async () => {
    t = await gatewayThroughRelay();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const auth = await t.auth();
    relay.freeze();
    // A connection in the pool whose statements vanish, and new ones that never finish connecting.
    const statuses = await Promise.all(Array.from({ length: 12 }, () => t.call('GET', '/api/transactions/nope/status', undefined, auth).then((r) => r.status)));
    expect(new Set(statuses)).toEqual(new Set([503]));
    await relay.restore();
    await vi.waitFor(async () => expect((await t.call('GET', '/health/ready')).status).toBe(200), WAIT);
  });

  it('sends every webhook whose attempt met the outage, or fell due during it, once it is back: same delivery id, no attempt twice', async () => {
    t = await gatewayThroughRelay();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let releaseHeld!: () => void;
    const held = new Promise<void>((resolve) => (releaseHeld = resolve));
    const receiver = await startReceiver(async (index) => {
      if (index === 0) return 500; // the first payment's first attempt: its retry falls due during the outage
      if (index === 1) await held; // the second's first attempt: answered during the outage
      return 200;
    });
    await t.call('POST', '/__mock/config', { webhook_url: receiver.url, webhook_retry_base_ms: 1_500 });
    const pay = async () => (await t.call<{ result: { id: string } }>('POST', '/api/transactions/authorize', await cardAuthorizeBody(t, { number: '4000000000000002' }), await t.auth())).body.result.id;
    const first = await pay();
    const retrying = await vi.waitFor(async () => {
      const [delivery] = await t.gw.ctx.webhooks.deliveries({ transactionId: first });
      expect(delivery?.next_attempt_at).toBeTruthy();
      return Date.parse(delivery!.next_attempt_at!);
    }, WAIT);
    const second = await pay();
    await vi.waitFor(() => expect(receiver.received()).toBe(2), WAIT);

    await relay.cut();
    releaseHeld();
    await vi.waitFor(() => expect(log.mock.calls.flat().join('\n')).toMatch(/deliveries wait for it/), WAIT);
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(retrying + 1_000), { timeout: 5_000 });
    await relay.restore();

    await vi.waitFor(async () => expect((await t.gw.ctx.webhooks.deliveries()).map((d) => d.state)).toEqual(['delivered', 'delivered']), { timeout: 15_000 });
    const [one, two] = await t.gw.ctx.webhooks.deliveries();
    expect(receiver.hits().map((h) => `${h.transaction} ${h.id} #${h.attempt} ${h.status}`)).toEqual([
      `${first} ${one!.id} #1 500`,
      `${second} ${two!.id} #1 200`,
      `${first} ${one!.id} #2 200`,
    ]);
    await receiver.close();
  });
});

interface Hit {
  id: string;
  attempt: string;
  transaction: string;
  status: number;
}

/** A webhook endpoint that answers the n-th request (0-based) with `answer`'s status, in its own time. */
async function startReceiver(answer: (index: number) => Promise<number>) {
  const hits: Hit[] = [];
  let received = 0;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const parsed = JSON.parse(body) as { payload?: { id?: string } };
      const hit = { id: String(request.headers['x-webhook-id']), attempt: String(request.headers['x-webhook-attempt']), transaction: parsed.payload?.id ?? '' };
      void answer(received++).then((status) => {
        hits.push({ ...hit, status });
        response.writeHead(status).end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    /** Requests answered, in the order they were. */
    hits: () => hits,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
