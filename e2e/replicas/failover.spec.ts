/**
 * A replica dies mid-run (SIGKILL) and comes back, while payments keep coming through the
 * balancer: once HAProxy's health check has noticed, no request is answered 5xx; no payment
 * is doubled; every webhook arrives (the dead replica's deliveries are taken up by the other
 * when their lease runs out), and no signed delivery id comes twice but one the dead replica
 * had sent as it was killed.
 */
import { TEST_BROWSER_INFO } from '@payments/core';
import { uniqueReference, webhookTransactionId, type GatewayClient } from '@payments/testing';
import { expect, test } from '@payments/testing/playwright';
import { replica } from './sandbox-control';

interface Sent {
  reference: string;
  startedAt: number;
  status: number;
  id: string | null;
}

/** Frictionless card payments, one after another, until `stop()`; each answer noted. */
function keepPaying(gateway: GatewayClient) {
  const sent: Sent[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const reference = uniqueReference('failover');
      const startedAt = Date.now();
      const data = await gateway.encryptCard({ number: '4000000000000002' });
      const { status, body } = await gateway
        .send('POST', '/api/transactions/authorize', {
          reference,
          terminal_id: 'TERM00001',
          description: 'Failover',
          currency: 'EUR',
          amount: 1200,
          transaction_type: 'PURCHASE',
          return_url: 'https://shop.example/return',
          payment_method: { type: 'card', data },
          browser_info: TEST_BROWSER_INFO,
        })
        .catch(() => ({ status: 0, body: null }));
      sent.push({ reference, startedAt, status, id: (body as { result?: { id: string } } | null)?.result?.id ?? null });
    }
  })();
  return {
    sent,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

test('SIGKILL of a replica: no 5xx once the balancer noticed, no payment doubled, every webhook received, none again but those in flight at the kill', async ({ gateway, webhooks }) => {
  test.setTimeout(150_000);
  const load = keepPaying(gateway);
  await new Promise((r) => setTimeout(r, 2_000));
  const killing = Date.now();
  await replica('a', 'kill');
  const killed = Date.now();
  await expect.poll(async () => (await replica('a')).balancer, { message: 'the balancer marks replica a down', timeout: 10_000 }).toMatch(/^DOWN/);
  const noticed = Date.now();
  await new Promise((r) => setTimeout(r, 3_000));
  await replica('a', 'start');
  await expect.poll(async () => (await replica('a')).balancer, { message: 'replica a back in the rotation', timeout: 15_000 }).toBe('UP');
  await new Promise((r) => setTimeout(r, 3_000));
  await load.stop();

  const afterNotice = load.sent.filter((s) => s.startedAt >= noticed);
  expect(afterNotice.length).toBeGreaterThan(5);
  expect(afterNotice.filter((s) => s.status >= 500 || s.status === 0)).toEqual([]);
  const approved = load.sent.filter((s) => s.status === 200 && s.id);
  expect(approved.length).toBeGreaterThan(10);

  // No payment doubled: one transaction per reference, whichever replica answered.
  for (const s of load.sent) {
    const found = await gateway.request<{ transaction: { id: string } }[]>('GET', `/__mock/transactions?reference=${encodeURIComponent(s.reference)}`);
    expect(found.length, s.reference).toBeLessThanOrEqual(1);
    if (s.id) expect(found[0]?.transaction.id).toBe(s.id);
  }

  // Every approved payment's webhook arrives (the dead replica's open deliveries included), each delivery id once.
  for (const s of approved) {
    await webhooks.waitFor((e) => webhookTransactionId(e) === s.id && e.event.endsWith('purchase:approved'), { timeout: 60_000 });
  }
  // At least once, as the README says: an attempt the killed replica had sent and the inbox
  // answered, but whose answer the replica had not stored, is sent again by the other one
  // (same jti: the inbox keeps one). Only those: never more than the deliveries received
  // around the kill (CI, 2026-11-27: one such).
  const aroundTheKill = webhooks.events().filter((e) => e.receivedAt >= killing - 1_000 && e.receivedAt <= killed + 1_000).length;
  expect(webhooks.replayed()).toBeLessThanOrEqual(aroundTheKill);
  expect(webhooks.refused()).toBe(0);
});
