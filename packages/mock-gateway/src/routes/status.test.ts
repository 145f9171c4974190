import type { ExecutionResponse, StatusResponse } from '@payments/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testGateway, type TestGateway } from '../test-harness';
import { createTransaction } from '../payments/build';

describe('GET /api/transactions/{id}/status', () => {
  let t: TestGateway;
  let auth: Record<string, string>;
  let paymentId: string;

  beforeEach(async () => {
    t = await testGateway();
    auth = await t.auth();
    const payment = await t.call<ExecutionResponse>(
      'POST',
      '/api/transactions/payment',
      {
        terminal_id: 'TERM00001',
        reference: 'status-1',
        description: 'Order',
        currency: 'EUR',
        amount: 1200,
        method: 'UPI',
        country: 'IN',
        customer_ip: '203.0.113.1',
        return_url: 'https://shop.example/r',
        error_url: 'https://shop.example/e',
        cancel_url: 'https://shop.example/c',
      },
      auth,
    );
    paymentId = payment.body.result!.id;
  });
  afterEach(() => t.close());

  const status = (id: string, headers: Record<string, string> = auth) =>
    t.call<StatusResponse>('GET', `/api/transactions/${encodeURIComponent(id)}/status`, undefined, headers);

  it('finds a transaction with a bearer token', async () => {
    const reply = await status(paymentId);
    expect(reply.status).toBe(200);
    expect(reply.body.found).toBe(true);
    expect(reply.body.transaction).toMatchObject({ id: paymentId, status: 'PENDING', transaction_type: 'PAYMENT' });
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('finds a transaction with the public client key (the browser library)', async () => {
    const reply = await status(paymentId, { 'x-client-key': 'test-client-key' });
    expect(reply.status).toBe(200);
    expect(reply.body.found).toBe(true);
  });

  it('answers found false and transaction null for an unknown id, with 200', async () => {
    const reply = await status('00000000-0000-0000-0000-000000000000');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ found: false, transaction: null });
  });

  it("answers found false for another merchant's transaction", async () => {
    const other = await t.gw.ctx.store.atomic([], async () => createTransaction(t.gw.ctx, {
      merchantId: 'MERCHANT0002',
      terminalId: 'TERM00009',
      reference: 'theirs',
      description: 'Theirs',
      currency: 'EUR',
      amount: 100,
      transactionType: 'PURCHASE',
      paymentMethod: { type: 'card' },
      integrationType: 'DIRECT_API',
      originatorUrl: 'http://localhost:5173',
    }));
    const reply = await status(other.transaction.id);
    expect(reply.body).toEqual({ found: false, transaction: null });
    const byKey = await status(paymentId, { 'x-client-key': 'test-client-key-2' });
    expect(byKey.body).toEqual({ found: false, transaction: null });
  });

  it.each([
    ['no credentials', {}],
    ['an unknown token', { authorization: 'Bearer made-up' }],
    ['an unknown client key', { 'x-client-key': 'nope' }],
  ])('refuses %s with 401 and an error field', async (_name, headers: Record<string, string>) => {
    const reply = await t.call<{ error: string }>('GET', `/api/transactions/${paymentId}/status`, undefined, headers);
    expect(reply.status).toBe(401);
    expect(typeof reply.body.error).toBe('string');
  });

  // Hostile suite regression: the router's own errors used to answer Fastify's body
  // ({error, code, message, statusCode}) instead of the spec's.
  it.each([
    ['bad percent-encoding', '/api/transactions/%E0%A4%A/status', 400, 'FST_ERR_BAD_URL'],
    ['a lone surrogate', '/api/transactions/%ED%A0%80/status', 400, 'FST_ERR_BAD_URL'],
    ['an id over 512 characters', `/api/transactions/${'a'.repeat(513)}/status`, 414, 'FST_ERR_MAX_PARAM_LENGTH'],
  ])('answers a URL it cannot route (%s) in the spec error body', async (_name, url, status, code) => {
    const reply = await t.call<{ errors: { params: string[] }[]; status: number; method: string }>('GET', url, undefined, auth);
    expect(reply.status).toBe(status);
    expect(reply.body).toMatchObject({ status, method: expect.stringMatching(/^GET \//) });
    expect(reply.body.errors[0]!.params).toContain(code);
  });

  it('refuses an expired token with 401', async () => {
    await t.gw.ctx.clock.advance(301_000);
    const reply = await t.call<{ error: string }>('GET', `/api/transactions/${paymentId}/status`, undefined, auth);
    expect(reply.status).toBe(401);
    expect(reply.body.error).toBe('invalid_token');
  });
});
