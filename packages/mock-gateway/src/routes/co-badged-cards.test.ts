/**
 * Co-badged cards (issue #44) against a running gateway over HTTP: the network the payment
 * chose (`payment_method.data.brand`) names the transaction's payment_method.brand, the status
 * answer and the webhook's payment_method_brand; a network the number does not have is a 422
 * on that property, whoever sends it (a merchant backend or a browser with the client key).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BROWSER_INFO, TEST_CARDS, type ApiErrorBody, type EncryptionKey, type ExecutionResponse, type StatusResponse } from '@payments/core';
import { startGateway, type RunningGateway } from '../server';
import { uniqueReference } from '../test-payments';

const CB_VISA = TEST_CARDS.find((card) => card.brands?.includes('visa'))!.number;
const CB_MASTERCARD = TEST_CARDS.find((card) => card.brands?.includes('mastercard'))!.number;

let gateway: RunningGateway;
let receiver: Server;
const webhooks: { payload?: { id?: string; payment_method_brand?: string | null } }[] = [];
let bearer: Record<string, string>;
let key: EncryptionKey;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      webhooks.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  gateway = await startGateway({ port: 0, webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks` });
  gateway.ctx.webhooks.setUrl(gateway.ctx.config.webhook_url);
  const token = await call<{ access_token: string }>('POST', '/oauth/token', 'grant_type=client_credentials&client_id=test-client&client_secret=test-secret', {
    'content-type': 'application/x-www-form-urlencoded',
  });
  bearer = { authorization: `Bearer ${token.body.access_token}` };
  key = (await call<EncryptionKey>('GET', '/api/encryption-key', undefined, bearer)).body;
});
afterAll(async () => {
  await gateway.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const json = body !== undefined && typeof body !== 'string';
  const response = await fetch(`${gateway.url}${path}`, {
    method,
    headers: { 'user-agent': 'vitest', ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body === undefined ? {} : { body: json ? JSON.stringify(body) : (body as string) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const encrypt = (value: string) =>
  publicEncrypt({ key: key.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(value)).toString('base64');

function card(number: string, brand?: unknown): { type: 'card'; data: Record<string, unknown> } {
  return {
    type: 'card',
    data: {
      encrypted_card_number: encrypt(number),
      encrypted_cvv: encrypt('123'),
      encrypted_expiration_month: encrypt('12'),
      encrypted_expiration_year: encrypt(String(new Date().getFullYear() + 2)),
      ...(brand === undefined ? {} : { brand }),
    },
  };
}

/** A merchant backend's authorize (Direct API). */
const authorize = (paymentMethod: unknown) =>
  call<ExecutionResponse & ApiErrorBody>(
    'POST',
    '/api/transactions/authorize',
    {
      reference: uniqueReference('cb'), terminal_id: 'TERM00001', description: 'Order', currency: 'EUR', amount: 1250, transaction_type: 'PURCHASE',
      payment_method: paymentMethod, return_url: 'https://merchant.example/back', browser_info: TEST_BROWSER_INFO,
    },
    bearer,
  );

/** The browser's authorize: the client key and a session, as the card frame and the hosted page send it. */
async function authorizeInSession(paymentMethod: unknown) {
  const session = await call<{ id: string }>(
    'POST',
    '/api/sessions',
    { terminal_id: 'TERM00001', reference: uniqueReference('cbs'), description: 'Order', currency: 'EUR', amount: 1250, transaction_type: 'PURCHASE', return_url: 'https://merchant.example/back' },
    bearer,
  );
  expect(session.status).toBe(200);
  return call<ExecutionResponse & ApiErrorBody>(
    'POST',
    '/api/transactions/authorize',
    { session_id: session.body.id, payment_method: paymentMethod, browser_info: TEST_BROWSER_INFO },
    { 'x-client-key': 'test-client-key' },
  );
}

/** The transaction's brand, its status answer's and its approved webhook's. */
async function brandsReported(reply: { status: number; body: ExecutionResponse }) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const transaction = reply.body.result!;
  expect(transaction.status).toBe('APPROVED');
  const status = await call<StatusResponse>('GET', `/api/transactions/${transaction.id}/status`, undefined, bearer);
  await expect.poll(() => webhooks.find((event) => event.payload?.id === transaction.id), { timeout: 10_000 }).toBeDefined();
  const webhook = webhooks.find((event) => event.payload?.id === transaction.id)!;
  return [transaction.payment_method.brand, status.body.transaction?.payment_method.brand, webhook.payload!.payment_method_brand];
}

describe('a co-badged card', () => {
  it('pays on the chosen network: the transaction, the status answer and the webhook name it', async () => {
    expect(await brandsReported(await authorize(card(CB_VISA, 'CARTES_BANCAIRES')))).toEqual(['CARTES_BANCAIRES', 'CARTES_BANCAIRES', 'CARTES_BANCAIRES']);
    expect(await brandsReported(await authorize(card(CB_VISA, 'VISA')))).toEqual(['VISA', 'VISA', 'VISA']);
    expect(await brandsReported(await authorizeInSession(card(CB_MASTERCARD, 'MASTERCARD')))).toEqual(['MASTERCARD', 'MASTERCARD', 'MASTERCARD']);
    expect(await brandsReported(await authorizeInSession(card(CB_MASTERCARD, 'CARTES_BANCAIRES')))).toEqual([
      'CARTES_BANCAIRES',
      'CARTES_BANCAIRES',
      'CARTES_BANCAIRES',
    ]);
  });

  it('without a choice goes on the first network the card lists; a plain card keeps its brand', async () => {
    expect((await authorize(card(CB_VISA))).body.result!.payment_method.brand).toBe('CARTES_BANCAIRES');
    expect((await authorize(card('4000000000000002'))).body.result!.payment_method.brand).toBe('VISA');
    expect((await authorize(card('4000000000000002', 'VISA'))).body.result!.payment_method.brand).toBe('VISA');
  });
});

describe('a network the number does not have', () => {
  it.each([
    ['Mastercard for a Cartes Bancaires Visa', CB_VISA, 'MASTERCARD'],
    ['Cartes Bancaires for a plain Visa', '4000000000000002', 'CARTES_BANCAIRES'],
    ['an id instead of the gateway name', CB_VISA, 'visa'],
    ['an unknown network', CB_VISA, 'ELO'],
  ])('is a 422 on payment_method.data.brand: %s', async (_, number, brand) => {
    for (const reply of [await authorize(card(number, brand)), await authorizeInSession(card(number, brand))]) {
      expect(reply.status).toBe(422);
      expect(reply.body.errors).toEqual([expect.objectContaining({ property: 'payment_method.data.brand', params: [brand] })]);
    }
  });

  it('is a 422 when the brand is no string, or empty', async () => {
    for (const brand of [42, '', null, ['VISA']]) {
      const reply = await authorizeInSession(card(CB_VISA, brand));
      expect(reply.status, JSON.stringify(brand)).toBe(422);
      expect(reply.body.errors![0]!.property).toBe('payment_method.data.brand');
    }
  });
});
