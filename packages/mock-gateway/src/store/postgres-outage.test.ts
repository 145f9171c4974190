/**
 * Issue #48: Postgres going away under a gateway (a restart, a network cut), in process and
 * exactly: every connection to it is cut, mid-transaction or idle, and new ones refused
 * (database-cut.ts). Nothing may end the process; each request answers 503 with Retry-After,
 * readiness fails, and once the database is back the same gateway serves again. Runs with
 * GATEWAY_TEST_STORE=postgres (pnpm test:postgres-store); the real pg_ctl restart behind
 * HAProxy is e2e/replicas/postgres-restart.spec.ts.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testGateway, type TestGateway } from '../test-harness';
import { cardAuthorizeBody } from '../test-payments';
import { databaseCut, type DatabaseCut } from './database-cut';
import { Store } from './store';
import { StoreUnavailableError } from './store-errors';

const adminUrl = process.env.GATEWAY_TEST_DATABASE_URL;
const onPostgres = process.env.GATEWAY_TEST_STORE === 'postgres' && adminUrl !== undefined;

let databaseUrl: string;
beforeAll(async () => {
  if (!onPostgres) return;
  const { default: pg } = await import('pg');
  const name = `gateway_outage_${process.env.VITEST_POOL_ID ?? process.pid}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name}`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
});

describe.skipIf(!onPostgres)('Postgres going away under a gateway', () => {
  let relay: DatabaseCut;
  let t: TestGateway;

  async function gatewayThroughRelay(): Promise<TestGateway> {
    relay = await databaseCut(databaseUrl);
    const { openPostgresBackend } = await import('./postgres-backend');
    const gateway = await testGateway({ store: new Store(await openPostgresBackend(relay.url)) });
    await gateway.gw.api.ready();
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
    const holding = new Promise<void>((resolve) => (cutNow = resolve));
    const work = store.atomic(['outage-test'], async () => {
      await store.setting('anything'); // the connection is checked out and in use
      await holding;
      return store.setting('anything');
    });
    const failed = expect(work).rejects.toBeInstanceOf(StoreUnavailableError);
    await relay.cut();
    // The checked-out client hears of it between statements: with no listener, an uncaught 'error' event.
    await vi.waitFor(() => expect(lost.mock.calls.flat().join('\n')).toMatch(/database connection lost while in use/));
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
    await vi.waitFor(async () => expect((await t.call('GET', '/health/ready')).status).toBe(200));
    const after = await t.call<{ result: { status: string } }>('POST', '/api/transactions/authorize', body, auth);
    expect(after.status).toBe(200);
    expect(after.body.result.status).toBe('APPROVED');
    expect(await t.gw.ctx.store.recentTransactions({ reference: body.reference as string, limit: 10 })).toHaveLength(1);
  });
});
