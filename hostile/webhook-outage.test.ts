/**
 * The merchant's webhook receiver down for a while, then back: every delivery is retried
 * with growing delays (base × 2^(n−1)) until it lands, none is lost, and the duplicates an
 * outage produces (the receiver handled a delivery but its answer never reached the
 * gateway) are harmless to a receiver that dedupes by x-webhook-id (packages/testing's
 * verifying inbox, as the demo's receiver does).
 */
import { TEST_BROWSER_INFO } from '@payments/core';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestGateway, webhookTransactionId, type TestGateway } from '@payments/testing';
import type { WebhookDelivery } from '@payments/mock-gateway';
import { recordCase } from './support/runs';

const RETRY_BASE_MS = 40;

/**
 * Between the gateway and the inbox: forwards every delivery; for the next `swallow`
 * deliveries it then answers 500 although the inbox took them (a receiver that processed
 * the event and crashed before answering).
 */
interface FlakyProxy {
  url: string;
  forwarded(): number;
  swallowNext(count: number): void;
  close(): Promise<void>;
}

async function startFlakyProxy(target: string): Promise<FlakyProxy> {
  let forwarded = 0;
  let swallow = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const headers: Record<string, string> = {};
        for (const name of ['authorization', 'content-type', 'user-agent', 'x-webhook-id', 'x-webhook-attempt']) {
          const value = request.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        const answer = await fetch(target, { method: 'POST', headers, body: Buffer.concat(chunks) });
        await answer.arrayBuffer();
        forwarded += 1;
        if (swallow > 0) {
          swallow -= 1;
          response.writeHead(500).end();
          return;
        }
        response.writeHead(answer.status).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    forwarded: () => forwarded,
    swallowNext: (count) => {
      swallow = count;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let gateway: TestGateway;
let proxy: FlakyProxy;

beforeAll(async () => {
  gateway = await startTestGateway({ webhookRetryBaseMs: RETRY_BASE_MS });
  proxy = await startFlakyProxy(gateway.webhooks.url);
  gateway.running.ctx.webhooks.setUrl(proxy.url);
});
afterAll(async () => {
  await gateway.close();
  await proxy.close();
});

async function approvedPayment(): Promise<string> {
  const response = await gateway.client.authorize({
    reference: `outage-${Math.random().toString(36).slice(2, 12)}`,
    terminal_id: 'TERM00001',
    description: 'outage',
    currency: 'EUR',
    amount: 1000,
    transaction_type: 'PURCHASE',
    payment_method: { type: 'card', data: await gateway.client.encryptCard({ number: '4000000000000002' }) },
    browser_info: TEST_BROWSER_INFO,
    return_url: 'https://merchant.example/return',
  });
  expect(response.result?.status).toBe('APPROVED');
  return response.result!.id;
}

/** Resolves when every delivery of these transactions has landed (or fails after 20 s). */
function allDelivered(transactionIds: string[]): Promise<WebhookDelivery[]> {
  return vi.waitFor(
    async () => {
      const deliveries = (await gateway.running.ctx.webhooks.deliveries()).filter((d) => transactionIds.includes(d.transaction_id));
      expect(deliveries.length, 'deliveries made').toBeGreaterThan(0);
      expect(deliveries.map((d) => [d.event, d.state, d.attempts.length]).filter(([, state]) => state !== 'delivered'), 'not delivered').toEqual([]);
      return deliveries;
    },
    { timeout: 20_000, interval: 25 },
  );
}

describe('webhook receiver down for a while', () => {
  it('retries with backoff until it is back, and loses nothing', async () => {
    const started = performance.now();
    // Down: the next 8 attempts answer 500 (three payments' deliveries fail 2 to 3 times each).
    gateway.webhooks.failNext(8);
    const ids = await Promise.all([approvedPayment(), approvedPayment(), approvedPayment()]);
    const deliveries = await allDelivered(ids);

    // None lost: each delivery reached the receiver, and the receiver kept each exactly once.
    const received = gateway.webhooks.events().filter((e) => ids.includes(webhookTransactionId(e) ?? ''));
    expect(received.map((e) => e.id).sort()).toEqual(deliveries.map((d) => d.id).sort());
    expect(new Set(received.map((e) => webhookTransactionId(e))).size).toBe(3);

    // Backoff: attempt n+1 never comes sooner than base × 2^(n−1) after attempt n, so the
    // waits double (40, 80, 160 ms…). A busy event loop can only make them longer.
    const mostRetried = [...deliveries].sort((a, b) => b.attempts.length - a.attempts.length)[0]!;
    expect(mostRetried.attempts.length).toBeGreaterThanOrEqual(3);
    for (const delivery of deliveries) {
      const times = delivery.attempts.map((a) => Date.parse(a.at));
      const gaps = times.slice(1).map((t, i) => t - times[i]!);
      gaps.forEach((gap, i) => expect(gap, `gaps ${gaps.join(', ')} ms: wait ${i + 1} ≥ ${RETRY_BASE_MS * 2 ** i} ms`).toBeGreaterThanOrEqual(RETRY_BASE_MS * 2 ** i - 2));
    }
    const times = mostRetried.attempts.map((a) => Date.parse(a.at));
    expect(times.at(-1)! - times[0]!, 'the whole wait is at least the sum of the backoffs').toBeGreaterThanOrEqual(RETRY_BASE_MS * (2 ** (times.length - 1) - 1) - 2);
    // Every failed attempt was a 500 from the receiver, and the last one a 2xx.
    for (const delivery of deliveries) {
      expect(delivery.attempts.slice(0, -1).every((a) => a.status === 500)).toBe(true);
      expect(delivery.attempts.at(-1)!.status).toBe(200);
    }
    recordCase('scenario', 'webhook receiver down, then back', performance.now() - started);
  });

  it('duplicates from an outage are harmless: the receiver keeps each signed delivery id once', async () => {
    const started = performance.now();
    const forwardedBefore = proxy.forwarded();
    // The receiver handles the next 2 deliveries but the gateway never hears back: it retries.
    proxy.swallowNext(2);
    const ids = [await approvedPayment(), await approvedPayment()];
    const deliveries = await allDelivered(ids);

    const attempts = deliveries.reduce((n, d) => n + d.attempts.length, 0);
    expect(attempts, 'the gateway sent the swallowed deliveries again').toBe(deliveries.length + 2);
    expect(proxy.forwarded() - forwardedBefore, 'the receiver saw every attempt, duplicates included').toBe(attempts);
    const received = gateway.webhooks.events().filter((e) => ids.includes(webhookTransactionId(e) ?? ''));
    expect(received, 'one event per delivery, whatever the duplicates').toHaveLength(deliveries.length);
    expect(new Set(received.map((e) => e.id)).size).toBe(deliveries.length);
    // The kept copy is the first attempt: the duplicate changed nothing.
    for (const delivery of deliveries.filter((d) => d.attempts.length > 1)) {
      expect(received.find((e) => e.id === delivery.id)?.attempt).toBe(1);
    }
    recordCase('scenario', 'webhook duplicates deduplicated', performance.now() - started);
  });
});
