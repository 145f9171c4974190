/**
 * Issue #48: Postgres restarted under load (`pg_ctl stop -m fast`, 10 s down, started
 * again), first under the two replicas behind HAProxy, then under a gateway alone on its own
 * database (`--database-url`). No gateway process dies; every request is answered 200 or 503
 * with Retry-After within 5 s (the gateway's own while it is in the rotation, HAProxy's in the same
 * shape once none is), none 500 or 502, none left hanging; readiness fails during the outage
 * and every gateway serves again soon after Postgres is back, without a restart; each payment
 * (each failed request sent again under its reference) is one transaction; and each
 * approved payment's webhook arrives, under the delivery id (jti) it was announced with.
 */
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectTestGateway, webhookTransactionId, type GatewayClient, type WebhookInbox } from '@payments/testing';
import { expect, test } from '@payments/testing/playwright';
import { burstOfOneReference, payUnderLoad, tally, type Payment } from './load';
import { database, replicas } from './sandbox-control';
import { assertContractHeld, freePort, gatewayProcess } from './shared-sandbox';

/** How long Postgres stays down: the 10 s, long enough for HAProxy to take every replica out. */
const OUTAGE_MS = 10_000;
/** No request may hang past this during the outage (the gateway bounds each database wait at 2.5 s). */
const LONGEST_ANSWER_MS = 5_000;
const GATEWAY_CODES = ['SANDBOX_DATABASE_UNAVAILABLE', 'SANDBOX_UNAVAILABLE'];
const BURST = 20;

/** Load on `url` while Postgres goes down and comes back; resolves with the payments once all are answered. */
async function restartPostgresUnderLoad(url: string, gateway: GatewayClient, ready: () => Promise<boolean[]>): Promise<Payment[]> {
  const load = payUnderLoad({ url, gateway, loops: 4, prefix: 'pg-restart' });
  await expect.poll(() => load.payments.filter((p) => p.id).length, { timeout: 20_000 }).toBeGreaterThan(8);
  // As Postgres stops, many units of work hold a connection: a burst of one reference, each
  // request waiting in its transaction for the reference's lock.
  const burst = burstOfOneReference(url, gateway, BURST);
  await sleep(50);
  await database('pause');
  // Readiness fails while the database is away (HAProxy takes the replicas out on it).
  await expect.poll(async () => (await ready()).every((ok) => !ok), { timeout: OUTAGE_MS }).toBe(true);
  await sleep(OUTAGE_MS);
  await database('resume');
  // Every gateway serves again within 5 s of Postgres' return, without being restarted.
  await expect.poll(async () => (await ready()).every(Boolean), { timeout: 5_000, intervals: [100] }).toBe(true);
  const since = load.payments.length;
  await expect.poll(() => load.payments.slice(since).filter((p) => p.id).length, { timeout: 10_000 }).toBeGreaterThan(4);
  return [...(await load.stop()), await burst];
}

async function expectEachPaymentOnceAndAnnounced(payments: Payment[], gateway: GatewayClient, webhooks: WebhookInbox): Promise<void> {
  const answers = payments.flatMap((p) => p.answers);
  const unexpected = answers.filter((a) => a.status !== 200 && !(a.status === 503 && a.retryAfter !== null && GATEWAY_CODES.includes(a.code ?? '')));
  expect(unexpected, JSON.stringify(tally(answers))).toEqual([]);
  expect(answers.filter((a) => a.status === 503).length, 'the load met the outage').toBeGreaterThan(0);
  expect(answers.filter((a) => a.ms > LONGEST_ANSWER_MS).map((a) => `${a.status} after ${a.ms} ms`), 'requests left hanging').toEqual([]);
  for (const payment of payments) {
    expect(payment.id, payment.reference).toBeTruthy();
    const found = await gateway.request<{ transaction: { id: string } }[]>('GET', `/__mock/transactions?reference=${encodeURIComponent(payment.reference)}`);
    expect(found.map((r) => r.transaction.id), payment.reference).toEqual([payment.id]);
  }
  for (const payment of payments) {
    const received = await webhooks.waitFor((e) => webhookTransactionId(e) === payment.id && e.event.endsWith('purchase:approved'), { timeout: 30_000 });
    const { deliveries } = await gateway.request<{ deliveries: { id: string; event: string }[] }>('GET', `/__mock/webhooks?transaction_id=${payment.id}`);
    expect(received.id, 'the jti the delivery was announced with').toBe(deliveries.find((d) => d.event === received.event)?.id);
  }
}

test('Postgres restarted under load, two replicas behind HAProxy: no replica dies, 503 + Retry-After, back within 5 s, nothing lost or doubled, every webhook delivered', async ({ gateway, gatewayUrl, webhooks }) => {
  test.setTimeout(120_000);
  const replayedBefore = webhooks.replayed(); // the inbox is the suite's: earlier drills' count stays
  const readyOfEach = async () =>
    Promise.all(
      (await replicas()).map(async (r) => (await fetch(`http://127.0.0.1:${r.apiPort}/health/ready`, { headers: { 'user-agent': 'drill' } }).catch(() => null))?.status === 200),
    );
  const payments = await restartPostgresUnderLoad(gatewayUrl, gateway, readyOfEach);
  expect((await replicas()).map((r) => `${r.name}: ${r.running ? 'running' : 'exited'}`)).toEqual(['a: running', 'b: running']);
  await expectEachPaymentOnceAndAnnounced(payments, gateway, webhooks);
  expect(webhooks.replayed() - replayedBefore, 'webhooks received twice').toBe(0);
});

test('Postgres restarted under load, one gateway alone on it (--database-url): it lives, answers 503 + Retry-After, serves again, and sends every webhook', async () => {
  test.setTimeout(120_000);
  const { urlOf } = await database();
  const name = `single_${Date.now()}`;
  execFileSync('psql', [urlOf.replace('DATABASE', 'postgres'), '-qc', `CREATE DATABASE ${name}`]);
  const apiPort = await freePort();
  const single = gatewayProcess('single', apiPort, await freePort(), ['--database-url', urlOf.replace('DATABASE', name)]);
  await single.start();
  const url = `http://127.0.0.1:${apiPort}`;
  const connected = await connectTestGateway(url);
  try {
    const ready = async () => [(await fetch(`${url}/health/ready`, { headers: { 'user-agent': 'drill' } }).catch(() => null))?.status === 200];
    const payments = await restartPostgresUnderLoad(url, connected.client, ready);
    expect(single.running(), 'the gateway process lives').toBe(true);
    await expectEachPaymentOnceAndAnnounced(payments, connected.client, connected.webhooks);
    expect(connected.webhooks.replayed()).toBe(0);
  } finally {
    await connected.close();
    await single.kill();
  }
  assertContractHeld();
});
