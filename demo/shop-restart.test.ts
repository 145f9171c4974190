/**
 * The demo shop restarted on the same data directory, against a real mock gateway over
 * HTTP: the order made at checkout and the status its verified webhook gave it are still
 * there, and the gateway's delivery posted again after the restart is acknowledged (2xx)
 * and not applied a second time.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_BROWSER_INFO } from '@payments/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startGateway, type RunningGateway } from '@payments/mock-gateway';
import { GatewayClient, contractGuard } from '@payments/testing';
import type { CheckoutResponse, EventsResponse, OrdersResponse } from './shared/api-types';
import { startDemo, type RunningDemo } from './server';

const SLOW = 60_000;
let gateway: RunningGateway;
// Every answer of the gateway holds to its /openapi.json, or the test that caused it fails.
const contract = contractGuard();
afterEach(() => contract.assertHeld());
let demo: RunningDemo | undefined;
let dataDir: string;

beforeAll(async () => {
  gateway = await startGateway({ port: 0, webhookUrl: '', contractCheck: contract.contractCheck });
  dataDir = mkdtempSync(join(tmpdir(), 'shop-restart-test-'));
}, SLOW);

afterAll(async () => {
  await demo?.close();
  await gateway?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function json<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${demo!.url}${path}`, init);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** Pays the session as the card frame would, with the gateway's webhooks going to a recorder; answers what it recorded. */
async function payAndCapture(sessionId: string): Promise<{ body: string; headers: IncomingHttpHeaders }[]> {
  const captured: { body: string; headers: IncomingHttpHeaders }[] = [];
  const recorder = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      captured.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  try {
    gateway.ctx.webhooks.setUrl(`http://127.0.0.1:${(recorder.address() as AddressInfo).port}/webhooks`);
    const client = new GatewayClient(gateway.url);
    const paid = await fetch(`${gateway.url}/api/transactions/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-key': 'test-client-key', 'user-agent': 'vitest' },
      body: JSON.stringify({
        session_id: sessionId,
        payment_method: { type: 'card', data: await client.encryptCard({ number: '4000000000000002' }) },
        browser_info: TEST_BROWSER_INFO,
      }),
    });
    expect(paid.status).toBe(200);
    await gateway.ctx.webhooks.idle();
  } finally {
    await new Promise((resolve) => recorder.close(resolve));
  }
  return captured;
}

const deliver = (delivery: { body: string; headers: IncomingHttpHeaders }) =>
  fetch(`${demo!.url}/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: delivery.headers.authorization!, 'x-webhook-id': String(delivery.headers['x-webhook-id']) },
    body: delivery.body,
  });

describe('the demo shop across a restart', () => {
  it('still has its orders, and a delivery posted again after the restart is acknowledged and not applied twice', async () => {
    demo = await startDemo({ port: 0, gatewayUrl: gateway.url, dataDir });
    expect(demo.dataDir).toBe(dataDir);
    const checkout = await json<CheckoutResponse>('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ locale: 'ro-RO' }),
    });
    const deliveries = await payAndCapture(checkout.sessionId);
    const approved = deliveries.find((delivery) => delivery.body.includes('"status":"APPROVED"'))!;
    expect(approved).toBeDefined();

    const first = await deliver(approved);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    const before = (await json<OrdersResponse>('/api/orders')).orders.find((order) => order.reference === checkout.reference)!;
    expect(before).toMatchObject({ channel: 'embedded', locale: 'ro-RO', amount: 4999, currency: 'EUR', status: 'APPROVED' });
    expect(before.updates).toHaveLength(1);

    await demo.close();
    demo = await startDemo({ port: 0, gatewayUrl: gateway.url, dataDir });

    const { orders } = await json<OrdersResponse>('/api/orders');
    expect(orders.find((order) => order.reference === checkout.reference)).toEqual(before);

    // The gateway retrying the same delivery (its answer lost in the restart, say).
    const again = await deliver(approved);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    const after = (await json<OrdersResponse>('/api/orders')).orders.find((order) => order.reference === checkout.reference)!;
    expect(after).toEqual(before); // same status, same last update, the one delivery
    const { events } = await json<EventsResponse>(`/api/events?transaction_id=${encodeURIComponent(before.transactionId!)}`);
    expect(events.filter((event) => event.webhookId === before.updates[0]!.webhookId)).toHaveLength(1);
  }, SLOW * 2);

  it('sends the gateway’s own webhooks to the order while it runs', async () => {
    demo ??= await startDemo({ port: 0, gatewayUrl: gateway.url, dataDir });
    gateway.ctx.webhooks.setUrl(`${demo.url}/webhooks`);
    const checkout = await json<CheckoutResponse>('/api/checkout', { method: 'POST' });
    const client = new GatewayClient(gateway.url);
    await fetch(`${gateway.url}/api/transactions/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-key': 'test-client-key', 'user-agent': 'vitest' },
      body: JSON.stringify({
        session_id: checkout.sessionId,
        payment_method: { type: 'card', data: await client.encryptCard({ number: '4000000000000002' }) },
        browser_info: TEST_BROWSER_INFO,
      }),
    });
    await vi.waitFor(async () => {
      const { orders } = await json<OrdersResponse>('/api/orders');
      expect(orders.find((order) => order.reference === checkout.reference)?.status).toBe('APPROVED');
    }, { timeout: 15_000, interval: 100 });
  }, SLOW);
});
