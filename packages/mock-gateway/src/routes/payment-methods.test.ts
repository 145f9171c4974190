import type { ApiErrorBody } from '@payments/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SavedPaymentMethod } from '../store/records';
import { testGateway, type TestGateway } from '../test-harness';
import type { PublicPaymentMethod } from './payment-methods';

function savedCard(overrides: Partial<SavedPaymentMethod> = {}): SavedPaymentMethod {
  return {
    id: 'pm_test_1',
    merchant_id: 'MERCHANT0001',
    type: 'CARD',
    status: 'ACTIVE',
    customer_id: '',
    email: 'shopper@example.com',
    metadata: { source: 'test' },
    card: {
      brand: 'VISA',
      bin: '411111',
      last_4: '1111',
      masked: '411111******1111',
      exp_month: 12,
      exp_year: 2030,
      number: '4111111111111111',
    },
    tokenize_for: 'CUSTOMER_INITIATED_TRANSACTION',
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The saved card on success, `{error}` on 401/403, the error body on 422. */
type Reply = Omit<PublicPaymentMethod, 'status'> &
  Omit<ApiErrorBody, 'status'> & { status: PublicPaymentMethod['status'] | number; error: string };

describe('DELETE /api/payment-methods/{payment_method_id}', () => {
  let t: TestGateway;
  let auth: Record<string, string>;

  beforeEach(async () => {
    t = await testGateway();
    auth = await t.auth();
    const card = savedCard();
    await t.gw.ctx.store.atomic([], async () => t.gw.ctx.store.put('payment_method', card));
  });
  afterEach(() => t.close());

  const remove = (id: string, headers = auth) =>
    t.call<Reply>('DELETE', `/api/payment-methods/${id}`, undefined, headers);

  it('deletes a saved card: 200 with the card in status DELETED, never the full number', async () => {
    const reply = await remove('pm_test_1');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: 'pm_test_1',
      type: 'CARD',
      status: 'DELETED',
      customer_id: '',
      email: 'shopper@example.com',
      metadata: { source: 'test' },
      card: { brand: 'VISA', bin: '411111', last_4: '1111', masked: '411111******1111', exp_month: 12, exp_year: 2030 },
    });
    expect(reply.text).not.toContain('4111111111111111');
    expect((await t.gw.ctx.store.paymentMethod('pm_test_1'))!.status).toBe('DELETED');
  });

  it('is idempotent: deleting twice answers 200 with the same body', async () => {
    const first = await remove('pm_test_1');
    const second = await remove('pm_test_1');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.body.status).toBe('DELETED');
  });

  it('answers the customer id of an associated card', async () => {
    const card = savedCard({ id: 'pm_test_2', customer_id: 'cus-1' });
    await t.gw.ctx.store.atomic([], async () => t.gw.ctx.store.put('payment_method', card));
    const reply = await remove('pm_test_2');
    expect(reply.body.customer_id).toBe('cus-1');
  });

  it('refuses the public client key with 401 and an error field', async () => {
    const reply = await remove('pm_test_1', { 'x-client-key': 'test-client-key' });
    expect(reply.status).toBe(401);
    expect(typeof reply.body.error).toBe('string');
    expect((await t.gw.ctx.store.paymentMethod('pm_test_1'))!.status).toBe('ACTIVE');
  });

  it('refuses a bad token with 401', async () => {
    const reply = await remove('pm_test_1', { authorization: 'Bearer made-up' });
    expect(reply.status).toBe(401);
    expect(reply.body.error).toBe('invalid_token');
  });

  it('refuses a token without payment_method:detach with 403 insufficient_scope', async () => {
    const token = await t.gw.api.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'user-agent': 'vitest', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&client_id=test-client&client_secret=test-secret&scope=payments',
    });
    const { access_token: accessToken, scope } = JSON.parse(token.body) as { access_token: string; scope: string };
    expect(scope).toBe('payments');
    const reply = await remove('pm_test_1', { authorization: `Bearer ${accessToken}` });
    expect(reply.status).toBe(403);
    expect(reply.body.error).toBe('insufficient_scope');
    expect((await t.gw.ctx.store.paymentMethod('pm_test_1'))!.status).toBe('ACTIVE');
  });

  it('answers 422 on payment_method_id for an unknown id', async () => {
    const reply = await remove('pm_unknown');
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e) => e.property)).toEqual(['payment_method_id']);
  });

  it("answers 422 on payment_method_id for another merchant's card, and leaves it alone", async () => {
    const theirs = savedCard({ id: 'pm_theirs', merchant_id: 'MERCHANT0002' });
    await t.gw.ctx.store.atomic([], async () => t.gw.ctx.store.put('payment_method', theirs));
    const reply = await remove('pm_theirs');
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e) => e.property)).toEqual(['payment_method_id']);
    expect((await t.gw.ctx.store.paymentMethod('pm_theirs'))!.status).toBe('ACTIVE');
  });
});

describe('DELETE with a JSON content type and no body', () => {
  it('is accepted like a bare DELETE', async () => {
    const t = await testGateway();
    const reply = await t.gw.api.inject({
      method: 'DELETE',
      url: '/api/payment-methods/pm_unknown',
      headers: { ...(await t.auth()), 'user-agent': 'vitest', 'content-type': 'application/json' },
    });
    expect(reply.statusCode).toBe(422);
    expect(JSON.parse(reply.body).errors[0].property).toBe('payment_method_id');
    const long = await t.call('GET', `/api/transactions/${'a'.repeat(200)}/status`, undefined, await t.auth());
    expect(long.body).toEqual({ found: false, transaction: null });
    await t.close();
  });
});
