/**
 * The demo's backend against a real mock gateway over HTTP: webhooks arrive signed and are
 * kept only when verified (RS256 with the gateway's JWKS, and data.SHA512 of the raw body),
 * deliveries are kept once by their signed delivery id (jti), a replay is refused, and orders
 * are checked with the gateway.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, decodeJwt, generateKeyPair } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startGateway, type RunningGateway } from '@payments/mock-gateway';
import { GatewayClient, TEST_BROWSER_INFO, TEST_CREDENTIALS_2, uniqueReference, contractGuard } from '@payments/testing';
import type { EventsResponse, OrderStatus } from './shared/api-types';
import { startDemo, type RunningDemo } from './server';

const FRICTIONLESS_CARD = '4000000000000002';
const WAIT = { timeout: 10_000, interval: 50 };

let gateway: RunningGateway;
// Every answer of the gateway holds to its /openapi.json, or the test that caused it fails.
const contract = contractGuard();
afterEach(() => contract.assertHeld());
let demo: RunningDemo;
let client: GatewayClient;

interface Captured {
  body: string;
  headers: IncomingHttpHeaders;
}

/** A stand-in receiver that records what the gateway sends (to replay and tamper with). */
async function startCapture(): Promise<{ url: string; captured: Captured[]; server: Server }> {
  const captured: Captured[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      captured.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, captured, server };
}

async function setWebhookUrl(url: string): Promise<void> {
  const response = await fetch(`${gateway.url}/__mock/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'vitest' },
    body: JSON.stringify({ webhook_url: url }),
  });
  expect(response.status).toBe(200);
}

async function payWithFrictionlessCard(): Promise<string> {
  const execution = await client.authorize({
    reference: uniqueReference('demo'),
    terminal_id: 'TERM00001',
    description: 'Northwind Outfitters order',
    currency: 'EUR',
    amount: 4999,
    transaction_type: 'PURCHASE',
    payment_method: { type: 'card', data: await client.encryptCard({ number: FRICTIONLESS_CARD }) },
    return_url: `${demo.url}/return`,
    browser_info: TEST_BROWSER_INFO,
  });
  expect(execution.result?.status).toBe('APPROVED');
  return execution.result!.id;
}

async function events(transactionId?: string): Promise<EventsResponse['events']> {
  const query = transactionId ? `?transaction_id=${encodeURIComponent(transactionId)}` : '';
  const response = await fetch(`${demo.url}/api/events${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as EventsResponse).events;
}

/** The stored events of one delivery id. */
async function storedAs(webhookId: string): Promise<EventsResponse['events']> {
  return (await events()).filter((event) => event.webhookId === webhookId);
}

function postWebhook(body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${demo.url}/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'vitest', ...headers },
    body,
  });
}

// Starting the shop opens its database; the first run on a machine also makes PGlite's cluster template (seconds).
beforeAll(async () => {
  gateway = await startGateway({ port: 0, webhookUrl: '', contractCheck: contract.contractCheck });
  demo = await startDemo({ port: 0, gatewayUrl: gateway.url });
  client = new GatewayClient(gateway.url);
  await setWebhookUrl(`${demo.url}/webhooks`);
}, 60_000);

afterAll(async () => {
  await demo?.close();
  await gateway?.close();
});

describe('demo webhook receiver', () => {
  it('keeps a payment’s webhook once it is verified, and the gateway sees a 2xx', async () => {
    const transactionId = await payWithFrictionlessCard();

    const received = await vi.waitFor(async () => {
      const found = await events(transactionId);
      expect(found.map((event) => event.event)).toContain('transaction-svc:transaction:purchase:approved');
      return found;
    }, WAIT);
    expect(received[0]).toMatchObject({ transactionId, status: 'APPROVED', amount: 4999, currency: 'EUR', processingCode: '0000' });
    expect(received[0]!.webhookId).toMatch(/^[0-9a-f-]{36}$/);

    await gateway.ctx.webhooks.idle();
    const deliveries = (await gateway.ctx.webhooks.deliveries()).filter((delivery) => delivery.transaction_id === transactionId);
    expect(deliveries.length).toBeGreaterThan(0);
    for (const delivery of deliveries) {
      expect(delivery.state).toBe('delivered');
      expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([200]);
    }
  });

  describe('with a genuine delivery captured on the way', () => {
    let genuine: Captured;
    let transactionId: string;

    beforeAll(async () => {
      const capture = await startCapture();
      try {
        await setWebhookUrl(capture.url);
        transactionId = await payWithFrictionlessCard();
        await vi.waitFor(() => expect(capture.captured.length).toBeGreaterThan(0), WAIT);
        genuine = capture.captured[0]!;
      } finally {
        await setWebhookUrl(`${demo.url}/webhooks`);
        await new Promise((resolve) => capture.server.close(resolve));
      }
      expect(genuine.headers.authorization).toMatch(/^Bearer /);
      expect(await events(transactionId)).toEqual([]); // it never reached the demo
    });

    it('answers 401 to a tampered body carrying the JWT of the original body', async () => {
      const tampered = genuine.body.replace('"amount":4999', '"amount":1');
      expect(tampered).not.toBe(genuine.body);
      const response = await postWebhook(tampered, {
        authorization: genuine.headers.authorization!,
        'x-webhook-id': 'tampered-1',
      });
      expect(response.status).toBe(401);
      expect(await storedAs('tampered-1')).toEqual([]);
    });

    it('answers 401 to a JWT signed by another key, even with the right digest and key id', async () => {
      const { kid } = JSON.parse(Buffer.from(genuine.headers.authorization!.split('.')[0]!.slice('Bearer '.length), 'base64url').toString()) as { kid: string };
      const { privateKey } = await generateKeyPair('RS256');
      const forged = await new SignJWT({ data: { SHA512: createHash('sha512').update(Buffer.from(genuine.body)).digest('hex') } })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(gateway.url)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      const response = await postWebhook(genuine.body, { authorization: `Bearer ${forged}`, 'x-webhook-id': 'forged-1' });
      expect(response.status).toBe(401);
      expect(await storedAs('forged-1')).toEqual([]);
    });

    it('answers 401 without a bearer token', async () => {
      const response = await postWebhook(genuine.body, { 'x-webhook-id': 'unsigned-1' });
      expect(response.status).toBe(401);
      expect(await storedAs('unsigned-1')).toEqual([]);
    });

    it('keeps a delivery once, by its signed delivery id (jti): a replay is acknowledged, not stored again, whatever x-webhook-id says', async () => {
      const deliveryId = decodeJwt(genuine.headers.authorization!.slice('Bearer '.length)).jti!;
      const headers = { authorization: genuine.headers.authorization!, 'x-webhook-attempt': '1' };
      const first = await postWebhook(genuine.body, { ...headers, 'x-webhook-id': 'header-a' });
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ received: true });

      const replay = await postWebhook(genuine.body, { ...headers, 'x-webhook-id': 'header-b', 'x-webhook-attempt': '2' });
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ received: true, duplicate: true });

      const stored = await storedAs(deliveryId);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ attempt: 1, transactionId });
      expect(await storedAs('header-b')).toEqual([]);
    });

    it('answers 401 to a genuine webhook of another merchant (aud is not ours)', async () => {
      const capture = await startCapture();
      try {
        await setWebhookUrl(capture.url);
        const other = new GatewayClient(gateway.url, TEST_CREDENTIALS_2);
        const execution = await other.authorize({
          reference: uniqueReference('demo2'), terminal_id: 'TERM00009', description: 'Another shop', currency: 'EUR', amount: 4999, transaction_type: 'PURCHASE',
          payment_method: { type: 'card', data: await other.encryptCard({ number: FRICTIONLESS_CARD }) }, return_url: `${demo.url}/return`, browser_info: TEST_BROWSER_INFO,
        });
        expect(execution.result?.status).toBe('APPROVED');
        await vi.waitFor(() => expect(capture.captured.length).toBeGreaterThan(0), WAIT);
      } finally {
        await setWebhookUrl(`${demo.url}/webhooks`);
        await new Promise((resolve) => capture.server.close(resolve));
      }
      const foreign = capture.captured[0]!;
      expect(decodeJwt(foreign.headers.authorization!.slice('Bearer '.length)).aud).toBe('MERCHANT0002');
      const response = await postWebhook(foreign.body, { authorization: foreign.headers.authorization! });
      expect(response.status).toBe(401);
    });
  });
});

describe('demo orders', () => {
  it('reports the status the gateway holds for a transaction', async () => {
    const transactionId = await payWithFrictionlessCard();
    const response = await fetch(`${demo.url}/api/orders/${transactionId}`);
    expect(response.status).toBe(200);
    const order = (await response.json()) as OrderStatus;
    expect(order).toMatchObject({ found: true, transactionId, status: 'APPROVED', approved: true, amount: 4999, currency: 'EUR' });
    expect(order.reference).toMatch(/^demo-/);
  });

  it('reports an unknown transaction as not found, and refuses what is not an id', async () => {
    const unknown = (await (await fetch(`${demo.url}/api/orders/00000000-0000-0000-0000-000000000000`)).json()) as OrderStatus;
    expect(unknown).toMatchObject({ found: false, status: null, approved: false });
    expect((await fetch(`${demo.url}/api/orders/${encodeURIComponent('a b')}`)).status).toBe(400);
  });
});
