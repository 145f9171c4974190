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

async function redirectPayment(type: string, data: Record<string, unknown> = {}, currency = 'EUR') {
  const reply = await t.call<ExecutionResponse>(
    'POST',
    '/api/transactions/authorize',
    {
      reference: uniqueReference('apm'),
      terminal_id: 'TERM00001',
      description: 'Order 42',
      currency,
      amount: 1500,
      transaction_type: 'PURCHASE',
      return_url: 'https://shop.example/return',
      error_url: 'https://shop.example/error',
      cancel_url: 'https://shop.example/cancel',
      payment_method: { type, data },
    },
    auth,
  );
  expect(reply.body.redirect, JSON.stringify(reply.body)).not.toBeNull();
  return reply.body.redirect!;
}

async function choose(url: string, fields: Record<string, string>) {
  return t.gw.acs.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'user-agent': 'vitest', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const status = async (id: string) =>
  (await t.call<StatusResponse>('GET', `/api/transactions/${id}/status`, undefined, auth)).body.transaction?.status;

describe('provider pages', () => {
  it('approve returns to return_url, APPROVED, with the webhook', async () => {
    const redirect = await redirectPayment('wallet-a-redirect');
    const page = await t.gw.acs.inject({ method: 'GET', url: new URL(redirect.url).pathname, headers: { 'user-agent': 'vitest' } });
    expect(page.body).toContain('Wallet A');
    expect(page.headers['content-security-policy']).toContain("script-src 'nonce-");
    const back = await choose(redirect.url, { outcome: 'approve' });
    expect(back.headers.location).toBe(`https://shop.example/return?transaction_id=${redirect.transaction_id}&status=APPROVED`);
    expect(await status(redirect.transaction_id)).toBe('APPROVED');
    const events = (await t.gw.ctx.webhooks.deliveries()).filter((d) => d.transaction_id === redirect.transaction_id).map((d) => d.event);
    expect(events).toEqual([
      'transaction-svc:transaction:purchase:pending',
      'transaction-svc:transaction:pending',
      'transaction-svc:transaction:purchase:approved',
    ]);
  });

  it('decline goes to error_url; abandon goes to cancel_url, CANCELED', async () => {
    const declined = await redirectPayment('wallet-b-redirect');
    expect((await choose(declined.url, { outcome: 'decline' })).headers.location).toContain('https://shop.example/error?');
    expect(await status(declined.transaction_id)).toBe('DECLINED');
    const abandoned = await redirectPayment('provider-y-redirect-ali', { email: 'a@example.com', first_name: 'A', last_name: 'B' });
    expect((await choose(abandoned.url, { outcome: 'abandon' })).headers.location).toBe(
      `https://shop.example/cancel?transaction_id=${abandoned.transaction_id}&status=CANCELED`,
    );
    expect(await status(abandoned.transaction_id)).toBe('CANCELED');
  });

  it('provider-x-local asks for a BLIK code unless one was given', async () => {
    const data = { email: 'jan@example.pl', first_name: 'Jan', last_name: 'Nowak' };
    const withoutCode = await redirectPayment('provider-x-local', data, 'PLN');
    const page = await t.gw.acs.inject({ method: 'GET', url: new URL(withoutCode.url).pathname, headers: { 'user-agent': 'vitest' } });
    expect(page.body).toContain('BLIK code');
    await choose(withoutCode.url, { outcome: 'approve', blik_code: '' });
    expect(await status(withoutCode.transaction_id)).toBe('DECLINED');

    const typed = await redirectPayment('provider-x-local', data, 'PLN');
    await choose(typed.url, { outcome: 'approve', blik_code: '777123' });
    expect(await status(typed.transaction_id)).toBe('APPROVED');

    const given = await redirectPayment('provider-x-local', { ...data, blik_code: '123456' }, 'PLN');
    const givenPage = await t.gw.acs.inject({ method: 'GET', url: new URL(given.url).pathname, headers: { 'user-agent': 'vitest' } });
    expect(givenPage.body).not.toContain('BLIK code');
  });

  it('settles a PENDING payment through /__mock/transactions/{id}/settle, once', async () => {
    const redirect = await redirectPayment('openbanking-redirect');
    const settled = await t.call('POST', `/__mock/transactions/${redirect.transaction_id}/settle`, { outcome: 'decline' });
    expect(settled.body).toMatchObject({ status: 'DECLINED' });
    const again = await t.call('POST', `/__mock/transactions/${redirect.transaction_id}/settle`, { outcome: 'approve' });
    expect(again.status).toBe(422);
    const missing = await t.call('POST', '/__mock/transactions/nope/settle', { outcome: 'approve' });
    expect(missing.status).toBe(404);
  });
});

describe('/__mock/ routes', () => {
  it('resets the store and the webhook log, and changes config at run time', async () => {
    await redirectPayment('wallet-a-redirect');
    expect((await t.gw.ctx.store.count('transaction'))).toBe(1);
    const config = await t.call<{ webhook_url: string }>('POST', '/__mock/config', { webhook_url: 'http://127.0.0.1:9/hooks' });
    expect(config.body.webhook_url).toBe('http://127.0.0.1:9/hooks');
    await t.call('POST', '/__mock/reset');
    expect((await t.gw.ctx.store.count('transaction'))).toBe(0);
    expect((await t.gw.ctx.webhooks.deliveries())).toHaveLength(0);
    expect((await t.call('POST', '/__mock/config', { webhook_url: 'ftp://x' })).status).toBe(422);
  });

  it('lists transactions by reference', async () => {
    const redirect = await redirectPayment('wallet-a-redirect');
    const list = await t.call<{ transaction: { id: string } }[]>('GET', '/__mock/transactions');
    expect(list.body.map((r) => r.transaction.id)).toEqual([redirect.transaction_id]);
  });
});
