/**
 * Abandon on the provider's page. A bank redirect stays PENDING (spec, States: "never
 * cancelled automatically; stays until provider reports"): a day later by the gateway's clock
 * it is still PENDING, no final webhook has gone out, and the bank's report (settle) still
 * ends it. Wallets, the local scheme and Provider Y, where the spec is silent, end CANCELED.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExecutionResponse, StatusResponse } from '@payments/core';
import { testGateway, type TestGateway } from '../test-harness';
import { uniqueReference } from '../test-payments';

let t: TestGateway;
let auth: Record<string, string>;
beforeEach(async () => {
  t = await testGateway();
  auth = await t.auth();
});
afterEach(() => t.close());

const SHOP = {
  return_url: 'https://shop.example/return',
  error_url: 'https://shop.example/error',
  cancel_url: 'https://shop.example/cancel',
};
const ORDER = { terminal_id: 'TERM00001', description: 'Order 42', currency: 'EUR', amount: 1500 };
const SHOPPER = { email: 'ana@example.com', first_name: 'Ana', last_name: 'Kovač' };

/** A redirect payment by authorize (a payment_method type) or by the payment endpoint (a method). */
async function redirectPayment(how: { type: string; data?: Record<string, unknown>; currency?: string } | { method: string }) {
  const reference = uniqueReference('abandon');
  const reply =
    'method' in how
      ? await t.call<ExecutionResponse>('POST', '/api/transactions/payment', { ...ORDER, ...SHOP, reference, method: how.method, country: 'PL', customer_ip: '203.0.113.7' }, auth)
      : await t.call<ExecutionResponse>(
          'POST',
          '/api/transactions/authorize',
          { ...ORDER, ...SHOP, reference, currency: how.currency ?? 'EUR', transaction_type: 'PURCHASE', payment_method: { type: how.type, data: how.data ?? {} } },
          auth,
        );
  expect(reply.body.redirect, JSON.stringify(reply.body)).not.toBeNull();
  return reply.body.redirect!;
}

const abandon = (url: string) =>
  t.gw.acs.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'user-agent': 'vitest', 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=abandon',
  });

const transaction = async (id: string) => (await t.call<StatusResponse>('GET', `/api/transactions/${id}/status`, undefined, auth)).body.transaction;
const events = async (id: string) => (await t.gw.ctx.webhooks.deliveries()).filter((d) => d.transaction_id === id).map((d) => d.event);
const PENDING_EVENTS = ['transaction-svc:transaction:purchase:pending', 'transaction-svc:transaction:pending'];
const A_DAY = 24 * 60 * 60;

describe('a bank redirect abandoned at the provider', () => {
  it.each([
    ['bank-network-redirect', { type: 'bank-network-redirect' }, 'approve'],
    ['openbanking-redirect', { type: 'openbanking-redirect' }, 'decline'],
    ['the payment endpoint\'s OPEN_BANKING', { method: 'OPEN_BANKING' }, 'approve'],
  ] as const)('%s stays PENDING a day later, announces nothing final, and the bank can still settle it', async (_name, how, outcome) => {
    const redirect = await redirectPayment(how);
    const id = redirect.transaction_id;

    const back = await abandon(redirect.url);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`https://shop.example/cancel?transaction_id=${id}&status=PENDING`);
    expect(await transaction(id)).toMatchObject({ status: 'PENDING', pending: true, approved: false, processing_code: '1002' });

    const clock = await t.call('POST', '/__mock/clock', { advance_seconds: A_DAY });
    expect(clock.status).toBe(200);
    auth = await t.auth(); // the merchant's token of yesterday has expired
    expect(await transaction(id)).toMatchObject({ status: 'PENDING', pending: true, processing_code: '1002' });
    expect(await events(id)).toEqual(PENDING_EVENTS);

    // The bank's page is still there for a shopper who goes back to it.
    const page = await t.gw.acs.inject({ method: 'GET', url: new URL(redirect.url).pathname, headers: { 'user-agent': 'vitest' } });
    expect(page.statusCode).toBe(200);

    // The bank reports: the payment ends, and only now with its final webhook.
    const settled = await t.call('POST', `/__mock/transactions/${id}/settle`, { outcome });
    expect(settled.status).toBe(200);
    const final = outcome === 'approve' ? 'APPROVED' : 'DECLINED';
    expect(await transaction(id)).toMatchObject({ status: final, pending: false });
    expect(await events(id)).toEqual([
      ...PENDING_EVENTS,
      ...(outcome === 'approve'
        ? ['transaction-svc:transaction:purchase:approved']
        : ['transaction-svc:transaction:purchase:declined', 'transaction-svc:transaction:declined']),
    ]);
  });
});

describe('a wallet, local-scheme or Provider Y payment abandoned at the provider', () => {
  it.each([
    ['wallet-a-redirect', { type: 'wallet-a-redirect' }],
    ['the payment endpoint\'s WALLETS', { method: 'WALLETS' }],
    ['provider-x-local', { type: 'provider-x-local', data: SHOPPER, currency: 'PLN' }],
    ['provider-y-redirect-idl', { type: 'provider-y-redirect-idl', data: SHOPPER }],
  ] as const)('%s ends CANCELED (1003) by the provider\'s report, announced', async (_name, how) => {
    const redirect = await redirectPayment(how);
    const id = redirect.transaction_id;
    expect((await abandon(redirect.url)).headers.location).toBe(`https://shop.example/cancel?transaction_id=${id}&status=CANCELED`);
    expect(await transaction(id)).toMatchObject({ status: 'CANCELED', processing_code: '1003', pending: false });
    expect(await events(id)).toEqual([...PENDING_EVENTS, 'transaction-svc:transaction:purchase:declined', 'transaction-svc:transaction:declined']);
  });
});
