import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransactionStatus, TransactionType, WebhookBody } from '@payments/core';
import { CardKeys } from '../card-keys';
import { Clock } from '../sandbox/clock';
import { defaultConfig, type GatewayConfig } from '../config';
import type { GatewayContext } from '../context';
import { registerComponents } from '../contract/document';
import { registerWebhookKeyRoutes } from '../routes/webhook-keys';
import { registerWebhookRoutes } from '../routes/webhooks';
import { MemoryBackend } from '../store/memory-backend';
import { Store } from '../store/store';
import type { TransactionRecord } from '../store/records';
import type { WebhookOutbox } from './outbox';
import { createWebhookSigner } from './signing';
import { createWebhookOutbox } from './webhook-outbox';

const GATEWAY = 'http://127.0.0.1:1';

// ---------------------------------------------------------------------------------------
// What a merchant runs: hash the raw body, compare with data.SHA512, verify the JWT against
// the gateway's JWKS; 401 when either check fails, otherwise whatever the test wants.

interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
  verdict: 'ok' | 'hash mismatch' | 'bad signature';
  status: number;
}

interface Receiver {
  url: string;
  received: Received[];
  /** Resolves once `count` requests have been answered. */
  receivedCount(count: number): Promise<void>;
  close(): Promise<void>;
}

async function verifyWebhook(headers: IncomingHttpHeaders, raw: Buffer, jwks: JSONWebKeySet): Promise<Received['verdict']> {
  const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
  if (!token) return 'bad signature';
  const digest = createHash('sha512').update(raw).digest('hex');
  try {
    const claimed = (decodeJwt(token)['data'] as { SHA512?: unknown } | undefined)?.SHA512;
    if (claimed !== digest) return 'hash mismatch';
    await jwtVerify(token, createLocalJWKSet(jwks), { issuer: GATEWAY, algorithms: ['RS256'] });
    return 'ok';
  } catch {
    return 'bad signature';
  }
}

/** `answer(n)` gives the status for the n-th (1-based) verified request. */
async function startReceiver(outbox: WebhookOutbox, answer: (n: number) => number = () => 200): Promise<Receiver> {
  const jwks = (await outbox.jwks()) as JSONWebKeySet;
  const received: Received[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      void verifyWebhook(request.headers, raw, jwks).then((verdict) => {
        const status = verdict === 'ok' ? answer(received.filter((r) => r.verdict === 'ok').length + 1) : 401;
        received.push({ headers: request.headers, raw, verdict, status });
        response.writeHead(status).end();
        for (const w of waiting.filter((w) => received.length >= w.count)) w.resolve();
      });
    });
  });
  return {
    url: `${await listen(server)}/webhooks`,
    received,
    receivedCount: (count) =>
      received.length >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve })),
    close: () => closeServer(server),
  };
}

/** A man in the middle that changes the amount and forwards the request unchanged otherwise. */
async function startTamperingProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8').replace('"amount":1250', '"amount":1');
      void fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: request.headers.authorization ?? '' },
        body,
      }).then((forwarded) => response.writeHead(forwarded.status).end());
    });
  });
  return { url: await listen(server), close: () => closeServer(server) };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A URL on a port that was just free: nothing listens there. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  const origin = await listen(server);
  await closeServer(server);
  return `${origin}/webhooks`;
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

// ---------------------------------------------------------------------------------------

/** Announcements happen inside a route's unit of work; a test makes one. */
function inUnit(ctx: GatewayContext, announce: () => void): Promise<void> {
  return ctx.store.atomic([], async () => announce());
}

function fakeContext(config: Partial<GatewayConfig>): GatewayContext {
  const store = new Store(new MemoryBackend());
  const ctx: GatewayContext = {
    config: { ...defaultConfig(), webhook_retry_base_ms: 20, ...config },
    store,
    clock: new Clock(store),
    sandbox: undefined as never, // the outbox reads no sandbox setting
    keys: new CardKeys(store),
    webhooks: undefined as never,
    urls: { gateway: GATEWAY, acs: 'http://127.0.0.1:2' },
  };
  ctx.webhooks = createWebhookOutbox(ctx);
  return ctx;
}

let nextId = 1;
function record(type: TransactionType, status: TransactionStatus): TransactionRecord {
  return {
    transaction: {
      id: `tx-${nextId++}`,
      merchant_id: 'MERCHANT0001',
      order_id: 'order-1',
      terminal_id: 'TERM00001',
      reference: 'ref-1',
      description: 'Blue jacket',
      currency: 'EUR',
      amount: 1250,
      customer: { id: null, first_name: null, last_name: null, email: null, phone: null, address: null, city: null, country: null, postal_code: null },
      customer_ip: null,
      processing_result: { approval_code: null, payment_provider_account_id: null, payment_provider_id: null, reference_number: null },
      approved: status === 'APPROVED',
      pending: status === 'PENDING',
      channel: 'ecommerce',
      transaction_type: type,
      status,
      payment_method: { type: 'card', brand: 'VISA', hash: null, masked: '400000******0002', method: 'card', token: 'pm-1' },
      redirect_url: null,
      normalized_amount: 1250,
      errors: [],
      processing_code: null,
      response_message: null,
      data: null,
    },
    integration_type: 'DIRECT_API',
    metadata: {},
    created_at: '2026-01-02T03:04:05.000Z',
    updated_at: '2026-01-02T03:04:05.000Z',
    parent_id: null,
    session_id: null,
    originator_url: 'http://localhost:5173',
    return_url: null,
    error_url: null,
    cancel_url: null,
    card: null,
    three_ds: null,
    captured_amount: 0,
    refunded_amount: 0,
    last_response: null,
    announced_statuses: [],
    tokenize: null,
    blik_code_given: false,
  };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(config: Partial<GatewayConfig>, answer?: (n: number) => number) {
  const ctx = fakeContext(config);
  const outbox = ctx.webhooks;
  const receiver = await startReceiver(outbox, answer);
  cleanups.push(() => outbox.stop(), () => receiver.close());
  if (config.webhook_url === undefined) outbox.setUrl(receiver.url);
  return { ctx, outbox, receiver };
}

describe('webhook outbox', () => {
  it('delivers a signed event the receiver verifies and accepts', async () => {
    const { ctx, outbox, receiver } = await setup({});
    await inUnit(ctx, () => outbox.announceTransaction(record('PURCHASE', 'APPROVED')));
    await outbox.idle();

    const [delivery] = (await outbox.deliveries());
    expect(delivery).toMatchObject({ event: 'transaction-svc:transaction:purchase:approved', state: 'delivered', url: receiver.url });
    expect(delivery!.attempts).toEqual([
      { at: expect.any(String), status: 200, error: null, duration_ms: expect.any(Number), url: receiver.url, response_excerpt: '', series: 1 },
    ]);

    const [request] = receiver.received;
    expect(request!.verdict).toBe('ok');
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'mock-gateway-webhooks/1.0',
      'x-webhook-id': delivery!.id,
      'x-webhook-attempt': '1',
    });
    const body = JSON.parse(request!.raw.toString('utf8')) as WebhookBody;
    expect(body).toEqual(delivery!.body);
    expect('payload' in body && body.payload.payment_method_token).toBeNull();

    const token = request!.headers.authorization!.slice('Bearer '.length);
    const { keys } = await outbox.jwks();
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', kid: keys[0]!['kid'], typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: GATEWAY, jti: delivery!.id, aud: delivery!.merchant_id });
    expect(claims.exp! - claims.iat!).toBe(300);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('retries a failed attempt under the same delivery id until it succeeds', async () => {
    const { ctx, outbox, receiver } = await setup({}, (n) => (n === 1 ? 500 : 200));
    await inUnit(ctx, () => outbox.announceTransaction(record('OCT', 'APPROVED')));
    await outbox.idle();

    const [delivery] = (await outbox.deliveries());
    expect(delivery!.state).toBe('delivered');
    expect(delivery!.attempts.map((a) => a.status)).toEqual([500, 200]);
    expect(receiver.received.map((r) => r.headers['x-webhook-id'])).toEqual([delivery!.id, delivery!.id]);
    expect(receiver.received.map((r) => r.headers['x-webhook-attempt'])).toEqual(['1', '2']);
    // The signed delivery id (jti) is the same on every attempt: receivers deduplicate on it.
    expect(receiver.received.map((r) => decodeJwt(r.headers.authorization!.slice('Bearer '.length)).jti)).toEqual([delivery!.id, delivery!.id]);
    expect(receiver.received[0]!.raw.equals(receiver.received[1]!.raw)).toBe(true);
  });

  it('is refused 401 when the body was tampered with in transit', async () => {
    const { ctx, outbox, receiver } = await setup({ webhook_url: '', webhook_retry_horizon_ms: 10 });
    const proxy = await startTamperingProxy(receiver.url);
    cleanups.push(() => proxy.close());
    outbox.setUrl(proxy.url);
    await inUnit(ctx, () => outbox.announceTransaction(record('OCT', 'APPROVED')));
    await outbox.idle();

    expect(receiver.received.map((r) => [r.verdict, r.status])).toEqual([['hash mismatch', 401]]);
    expect((await outbox.deliveries())[0]).toMatchObject({ state: 'failed', attempts: [{ status: 401 }] });
  });

  it('is refused 401 when the JWT is not signed with the published key', async () => {
    const { receiver } = await setup({});
    const body = JSON.stringify({ event: 'transaction-svc:transaction:pending', payload: {} });
    const forged = await createWebhookSigner(() => GATEWAY).signWebhook(body, 'forged:1', 'MERCHANT0001');
    const response = await fetch(receiver.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${forged}` },
      body,
    });
    expect(response.status).toBe(401);
    expect(receiver.received[0]!.verdict).toBe('bad signature');
  });

  it('gives up on a dead URL once the next attempt would pass the horizon', async () => {
    // Wide margins: an attempt on a loaded machine may take tens of milliseconds.
    const { ctx, outbox } = await setup({ webhook_url: await deadUrl(), webhook_retry_base_ms: 100, webhook_retry_horizon_ms: 250 });
    await outbox.jwks(); // the signing key exists before the first attempt, which then takes no time to speak of
    await inUnit(ctx, () => outbox.announceTransaction(record('PAYOUT', 'DECLINED')));
    await outbox.idle();

    const [delivery] = (await outbox.deliveries());
    expect(delivery!.state).toBe('failed');
    expect(delivery!.next_attempt_at).toBeNull();
    // Attempt 1, a retry 100 ms after it fails; a third would start 200 ms after that, at
    // 300 ms or later: past the 250 ms horizon.
    expect(delivery!.attempts).toHaveLength(2);
    for (const attempt of delivery!.attempts) {
      expect(attempt).toMatchObject({ status: null, error: expect.stringMatching(/ECONNREFUSED/) });
    }
  });

  it('records deliveries without sending them while no URL is set', async () => {
    const { ctx, outbox, receiver } = await setup({ webhook_url: '' });
    await inUnit(ctx, () => outbox.announceTransaction(record('AUTHORIZE', 'PENDING')));
    await outbox.idle();
    expect((await outbox.deliveries()).map((d) => [d.event, d.state, d.attempts.length, d.url])).toEqual([
      ['transaction-svc:transaction:authorize:pending', 'no_url', 0, ''],
      ['transaction-svc:transaction:pending', 'no_url', 0, ''],
    ]);

    outbox.setUrl(receiver.url);
    await inUnit(ctx, () => outbox.announceTokenization('MERCHANT0001', {
      payment_method_id: 'pm-1',
      payment_method_type: 'CARD',
      card_brand: 'VISA',
      card_bin: '400000',
      card_last_4: '0002',
      card_masked: '400000******0002',
      card_exp_month: 2,
      card_exp_year: 2028,
      customer_id: null,
      transaction_id: 'tx-0',
    }));
    await outbox.idle();
    expect((await outbox.deliveries())[2]).toMatchObject({ state: 'delivered', transaction_id: 'tx-0' });
    expect(JSON.parse(receiver.received[0]!.raw.toString('utf8'))).toMatchObject({
      event: 'tokenization-webhook:payment-method:tokenized',
      data: { payment_method_id: 'pm-1' },
    });
  });

  it('announces a status once, and a merchant’s events in order', async () => {
    const { ctx, outbox, receiver } = await setup({});
    const authorize = record('AUTHORIZE', 'PENDING');
    await inUnit(ctx, () => outbox.announceTransaction(authorize));
    await inUnit(ctx, () => outbox.announceTransaction(authorize));
    authorize.transaction.status = 'APPROVED';
    await inUnit(ctx, () => outbox.announceTransaction(authorize));
    await outbox.idle();

    expect(authorize.announced_statuses).toEqual(['PENDING', 'APPROVED']);
    expect(receiver.received.map((r) => (JSON.parse(r.raw.toString('utf8')) as WebhookBody).event)).toEqual([
      'transaction-svc:transaction:authorize:pending',
      'transaction-svc:transaction:pending',
      'transaction-svc:transaction:authorize:authorized',
      'transaction-svc:transaction:authorized',
    ]);
    const [first, second] = (await outbox.deliveries());
    expect(first!.body).toMatchObject({ payload: { status: 'PENDING' } });
    expect('payload' in first!.body && 'payload' in second!.body && first!.body.payload.systan === second!.body.payload.systan).toBe(true);
  });

  it('does not hold later deliveries back behind a retrying one', async () => {
    // A longer base so the retry is clearly later than the next delivery's first attempt.
    const { ctx, outbox, receiver } = await setup({ webhook_retry_base_ms: 200 }, (n) => (n === 1 ? 503 : 200));
    await inUnit(ctx, () => outbox.announceTransaction(record('OCT', 'APPROVED')));
    await inUnit(ctx, () => outbox.announceTransaction(record('OCT', 'DECLINED')));
    await outbox.idle();

    const [first, second] = (await outbox.deliveries());
    expect(receiver.received.map((r) => [r.headers['x-webhook-id'], r.status])).toEqual([
      [first!.id, 503],
      [second!.id, 200],
      [first!.id, 200],
    ]);
  });

  it('drops pending retries on stop()', async () => {
    const { ctx, outbox, receiver } = await setup({ webhook_retry_base_ms: 60_000 }, () => 500);
    await inUnit(ctx, () => outbox.announceTransaction(record('OCT', 'APPROVED')));
    await receiver.receivedCount(1);
    outbox.stop(); // whether the answer was recorded yet or the attempt is aborted, no retry remains
    await outbox.idle();
    // Still open in the store (a restarted gateway would take it up), and nothing scheduled here.
    expect((await outbox.deliveries())[0]).toMatchObject({ state: 'pending' });
    expect((await outbox.deliveries())[0]!.attempts.length).toBeLessThanOrEqual(1);
  });
});

describe('webhook routes', () => {
  it('publishes the JWKS and lists, filters and clears deliveries', async () => {
    const ctx = fakeContext({ webhook_url: '' });
    const app = Fastify();
    registerComponents(app); // the shared schemas the routes refer to, as the gateway has them
    registerWebhookKeyRoutes(app, ctx);
    app.register(async (mock) => registerWebhookRoutes(mock, ctx), { prefix: '/__mock' }); // as the /__mock plugin does
    cleanups.push(() => app.close());
    await inUnit(ctx, () => ctx.webhooks.announceTransaction(record('AUTHORIZE', 'DECLINED')));
    const other = record('PURCHASE', 'APPROVED');
    await inUnit(ctx, () => ctx.webhooks.announceTransaction(other));

    const jwks = await app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(jwks.json()).toEqual(await ctx.webhooks.jwks());

    const all = await app.inject({ method: 'GET', url: '/__mock/webhooks' });
    expect((all.json() as { deliveries: unknown[] }).deliveries).toHaveLength(3);
    const byEvent = await app.inject({ method: 'GET', url: '/__mock/webhooks?event=transaction-svc:transaction:declined' });
    expect(byEvent.json()).toMatchObject({ deliveries: [{ event: 'transaction-svc:transaction:declined' }] });
    const byTx = await app.inject({ method: 'GET', url: `/__mock/webhooks?transaction_id=${other.transaction.id}` });
    expect(byTx.json()).toMatchObject({ deliveries: [{ transaction_id: other.transaction.id }] });

    expect((await app.inject({ method: 'DELETE', url: '/__mock/webhooks' })).statusCode).toBe(204);
    expect((await ctx.webhooks.deliveries())).toEqual([]);
  });
});
