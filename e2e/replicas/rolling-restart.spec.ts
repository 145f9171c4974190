/**
 * Issue #48: a rolling restart under load. Each replica in turn is stopped with SIGTERM and
 * started again once the other serves, while payments keep coming through HAProxy and the
 * merchant's webhook endpoint answers slowly (so attempts are on the wire at each stop). A
 * stopping replica takes no new request, finishes those in flight and the webhook attempts it
 * was making, hands its deliveries over (leases released) and exits 0: no payment is lost or
 * doubled, every webhook arrives under its delivery id, and none arrives twice.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookTransactionId } from '@payments/testing';
import { expect, test } from '@payments/testing/playwright';
import { payUnderLoad, tally } from './load';
import { replica } from './sandbox-control';

/** How long the merchant's endpoint takes to answer each webhook. */
const RECEIVER_DELAY_MS = 100;

/** A slow merchant endpoint: each webhook forwarded as it came to the QA kit's inbox after RECEIVER_DELAY_MS. */
async function slowReceiver(inbox: string) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      setTimeout(() => {
        const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name))) as Record<string, string>;
        fetch(inbox, { method: 'POST', headers, body: Buffer.concat(chunks) }).then(
          (answer) => response.writeHead(answer.status).end(),
          () => response.writeHead(502).end(),
        );
      }, RECEIVER_DELAY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('rolling restart under load (SIGTERM, one replica after the other): nothing lost or doubled, every webhook once', async ({ gateway, gatewayUrl, webhooks }) => {
  test.setTimeout(150_000);
  const replayedBefore = webhooks.replayed(); // the inbox is the suite's: earlier drills' count stays
  const receiver = await slowReceiver(webhooks.url);
  await gateway.request('POST', '/__mock/config', { webhook_url: receiver.url });
  try {
    const load = payUnderLoad({ url: gatewayUrl, gateway, loops: 2, prefix: 'rolling', pauseMs: 100 });
    await expect.poll(() => load.payments.filter((p) => p.id).length, { timeout: 20_000 }).toBeGreaterThan(5);
    for (const name of ['a', 'b']) {
      const stopped = await replica(name, 'stop');
      expect(stopped.exitCode, `replica ${name} stopped cleanly`).toBe(0);
      await replica(name, 'start');
      await expect.poll(async () => (await replica(name)).balancer, { timeout: 20_000 }).toBe('UP');
    }
    const since = load.payments.length;
    await expect.poll(() => load.payments.slice(since).filter((p) => p.id).length, { timeout: 15_000 }).toBeGreaterThan(3);
    const payments = await load.stop();

    const answers = payments.flatMap((p) => p.answers);
    // Whatever a client met is a 200, or a 503 it is told to try again (never a 502, 500 or no answer).
    expect(answers.filter((a) => a.status !== 200 && !(a.status === 503 && a.retryAfter)), JSON.stringify(tally(answers))).toEqual([]);
    for (const payment of payments) {
      const found = await gateway.request<{ transaction: { id: string } }[]>('GET', `/__mock/transactions?reference=${encodeURIComponent(payment.reference)}`);
      expect(found.map((r) => r.transaction.id), payment.reference).toEqual([payment.id]);
    }
    for (const payment of payments) {
      const received = await webhooks.waitFor((e) => webhookTransactionId(e) === payment.id && e.event.endsWith('purchase:approved'), { timeout: 60_000 });
      const { deliveries } = await gateway.request<{ deliveries: { id: string; event: string }[] }>('GET', `/__mock/webhooks?transaction_id=${payment.id}`);
      expect(received.id).toBe(deliveries.find((d) => d.event === received.event)?.id);
    }
    expect(webhooks.replayed() - replayedBefore, 'webhooks received twice').toBe(0);
  } finally {
    await gateway.request('POST', '/__mock/config', { webhook_url: webhooks.url });
    await receiver.close();
  }
});
