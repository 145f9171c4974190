import { withTransaction } from '../store/locks';
import type { ApiErrorBody, ExecutionResponse, StatusResponse } from '@payments/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../config';
import { testGateway, type TestGateway } from '../test-harness';
import { settlePending } from '../payments/settle';

const PAYMENT_URL = '/api/transactions/payment';

function paymentBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    terminal_id: 'TERM00001',
    reference: `pay-${Math.random().toString(36).slice(2, 10)}`,
    description: 'Order 1001',
    currency: 'EUR',
    amount: 2500,
    method: 'OPEN_BANKING',
    country: 'PL',
    customer_ip: '203.0.113.7',
    return_url: 'https://shop.example/return',
    error_url: 'https://shop.example/error',
    cancel_url: 'https://shop.example/cancel',
    ...overrides,
  };
}

function without(body: Record<string, unknown>, field: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => key !== field));
}

function properties(body: ApiErrorBody): string[] {
  return body.errors.map((e) => e.property);
}

describe('POST /api/transactions/payment', () => {
  let t: TestGateway;
  let auth: Record<string, string>;

  beforeEach(async () => {
    t = await testGateway();
    auth = await t.auth();
  });
  afterEach(() => t.close());

  const pay = (body: unknown, headers = auth) => t.call<ExecutionResponse & ApiErrorBody>('POST', PAYMENT_URL, body, headers);

  describe('validation', () => {
    it.each([
      'terminal_id',
      'reference',
      'description',
      'currency',
      'amount',
      'method',
      'country',
      'customer_ip',
      'return_url',
      'error_url',
      'cancel_url',
    ])('a missing %s is a 422 naming it', async (field) => {
      const reply = await pay(without(paymentBody(), field));
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual([field]);
      expect(reply.body.status).toBe(422);
      expect(reply.body.method).toBe('POST /api/transactions/payment');
    });

    it.each([
      ['reference', 'r'.repeat(81)],
      ['reference', ''],
      ['description', 'd'.repeat(101)],
      ['description', ''],
      ['currency', 'EURO'],
      ['currency', 'eur'],
      ['country', 'POL'],
      ['terminal_id', 'T1'],
      ['customer_ip', '999.1.1.1'],
      ['customer_ip', 'localhost'],
      ['method', 'CARD'],
      ['method', 'open_banking'],
      ['return_url', 'not a url'],
      ['amount', 10.5],
      ['amount', '100'],
      ['amount', 0],
    ])('%s = %j is a 422 naming it', async (field, value) => {
      const reply = await pay(paymentBody({ [field]: value }));
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toContain(field);
    });

    it('accepts the limits themselves and an IPv6 address', async () => {
      const reply = await pay(
        paymentBody({ reference: 'r'.repeat(80), description: 'd'.repeat(100), customer_ip: '2001:db8::1' }),
      );
      expect(reply.status).toBe(200);
      expect(reply.body.redirect).not.toBeNull();
    });
  });

  describe('terminal', () => {
    it('answers 2013 for an unknown terminal', async () => {
      const reply = await pay(paymentBody({ terminal_id: 'TERM99999' }));
      expect(reply.status).toBe(422);
      expect(reply.body.code).toBe('2013');
      expect(properties(reply.body)).toEqual(['terminal_id']);
    });

    it('answers 2014 for an inactive terminal', async () => {
      const reply = await pay(paymentBody({ terminal_id: 'TERM00003' }));
      expect(reply.status).toBe(422);
      expect(reply.body.code).toBe('2014');
    });

    it('refuses a terminal without TRX_TYPE_PAYMENT', async () => {
      const config = defaultConfig();
      config.terminals[0]!.features = ['TRX_TYPE_PAYOUT'];
      const gw = await testGateway({ config });
      try {
        const reply = await gw.call<ApiErrorBody>('POST', PAYMENT_URL, paymentBody(), await gw.auth());
        expect(reply.status).toBe(422);
        expect(properties(reply.body)).toEqual(['terminal_id']);
        expect(reply.body.code).toBe('2015');
      } finally {
        await gw.close();
      }
    });

    it('refuses a method the terminal has not enabled, on property method', async () => {
      const config = defaultConfig();
      config.terminals[0]!.payment_endpoint_methods = ['UPI'];
      const gw = await testGateway({ config });
      try {
        const reply = await gw.call<ApiErrorBody>('POST', PAYMENT_URL, paymentBody({ method: 'QR_CODE' }), await gw.auth());
        expect(reply.status).toBe(422);
        expect(properties(reply.body)).toEqual(['method']);
        const upi = await gw.call('POST', PAYMENT_URL, paymentBody({ method: 'UPI' }), await gw.auth());
        expect(upi.status).toBe(200);
      } finally {
        await gw.close();
      }
    });
  });

  describe('authentication', () => {
    it.each([
      ['no credentials', {}],
      ['an unknown token', { authorization: 'Bearer not-a-token' }],
      ['the public client key', { 'x-client-key': 'test-client-key' }],
    ])('refuses %s with 401 and an error field', async (_name, headers: Record<string, string>) => {
      const reply = await t.call<{ error: string }>('POST', PAYMENT_URL, paymentBody(), headers);
      expect(reply.status).toBe(401);
      expect(typeof reply.body.error).toBe('string');
    });

    it('refuses an expired token with 401', async () => {
      await t.gw.ctx.clock.advance(301_000);
      const reply = await t.call<{ error: string }>('POST', PAYMENT_URL, paymentBody(), auth);
      expect(reply.status).toBe(401);
      expect(reply.body.error).toBe('invalid_token');
    });
  });

  describe('methods', () => {
    it.each(['OPEN_BANKING', 'WALLETS'])('%s answers a redirect to the provider page', async (method) => {
      const reply = await pay(paymentBody({ method }));
      expect(reply.status).toBe(200);
      const { result, action, form_submit, redirect } = reply.body;
      expect({ result, action, form_submit }).toEqual({ result: null, action: null, form_submit: null });
      const id = redirect!.transaction_id;
      expect(redirect).toEqual({ transaction_id: id, session_id: id, url: `${t.gw.ctx.urls.acs}/provider/${id}` });

      const record = (await t.gw.ctx.store.transaction(id))!;
      expect(record.transaction).toMatchObject({
        status: 'PENDING',
        pending: true,
        transaction_type: 'PAYMENT',
        redirect_url: redirect!.url,
        payment_method: { type: method.toLowerCase(), method },
      });
    });

    it.each([
      ['UPI', 'upi'],
      ['BANK_TRANSFER', 'bank_transfer'],
      ['QR_CODE', 'qr_code'],
    ])('%s answers a PENDING result', async (method, type) => {
      const reply = await pay(paymentBody({ method }));
      expect(reply.status).toBe(200);
      expect(reply.body.action).toBeNull();
      expect(reply.body.redirect).toBeNull();
      expect(reply.body.form_submit).toBeNull();
      expect(reply.body.result).toMatchObject({
        status: 'PENDING',
        pending: true,
        approved: false,
        processing_code: '1002',
        response_message: 'TRX_STATUS_PENDING',
        transaction_type: 'PAYMENT',
        customer_ip: '203.0.113.7',
        payment_method: { type, method },
      });
    });

    it('remembers the shopper URLs, the integration type, metadata and the originator URL', async () => {
      const reply = await pay(paymentBody({ method: 'UPI', metadata: { order: '1001' }, customer: { email: 'a@b.example' } }));
      const record = (await t.gw.ctx.store.transaction(reply.body.result!.id))!;
      expect(record).toMatchObject({
        integration_type: 'DIRECT_API',
        return_url: 'https://shop.example/return',
        error_url: 'https://shop.example/error',
        cancel_url: 'https://shop.example/cancel',
        metadata: { order: '1001' },
        originator_url: 'http://localhost:5173',
      });
      expect(record.transaction.customer.email).toBe('a@b.example');

      const explicit = await pay(paymentBody({ method: 'UPI', originator_url: 'https://shop.example/checkout#pay' }));
      expect((await t.gw.ctx.store.transaction(explicit.body.result!.id))!.originator_url).toBe(
        'https://shop.example/checkout#pay',
      );
    });
  });

  describe('stored customer', () => {
    it('links a stored customer by customer.id and refuses an unknown one', async () => {
      const created = await t.call<{ id: string }>('POST', '/api/customers', { email: 'c@shop.example' }, auth);
      const linked = await pay(paymentBody({ method: 'UPI', customer: { id: created.body.id, email: 'c@shop.example' } }));
      expect(linked.status).toBe(200);
      expect(linked.body.result!.customer.id).toBe(created.body.id);

      const unknown = await pay(paymentBody({ customer: { id: 'no-such-customer' } }));
      expect(unknown.status).toBe(422);
      expect(properties(unknown.body)).toEqual(['customer.id']);
    });
  });

  describe('idempotency', () => {
    it('a repeated reference returns the same transaction and response', async () => {
      const body = paymentBody({ method: 'OPEN_BANKING' });
      const first = await pay(body);
      const second = await pay(body);
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect((await t.gw.ctx.store.count('transaction'))).toBe(1);
    });

    it('a repeated reference with a PENDING result returns the same transaction id', async () => {
      const body = paymentBody({ method: 'UPI' });
      const first = await pay(body);
      const second = await pay(body);
      expect(second.body.result!.id).toBe(first.body.result!.id);
    });

    it.each([
      ['amount', { amount: 2501 }],
      ['currency', { currency: 'PLN' }],
    ])('the same reference with a different %s is a 422', async (property, change) => {
      const body = paymentBody();
      await pay(body);
      const reply = await pay({ ...body, ...change });
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual([property]);
    });

    it('a reference taken by a payout is a 422 on reference', async () => {
      const reference = 'shared-ref-1';
      const payout = await t.call(
        'POST',
        '/api/transactions/payout',
        {
          terminal_id: 'TERM00001',
          reference,
          description: 'Payout',
          currency: 'EUR',
          amount: 2500,
          beneficiary: { type: 'bank_account', data: { account_number: '12345678', account_name: 'A Person' } },
        },
        auth,
      );
      expect(payout.status).toBe(200);
      const reply = await pay(paymentBody({ reference }));
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['reference']);
    });

    it('once settled, a repeat answers the settled transaction', async () => {
      const body = paymentBody({ method: 'WALLETS' });
      const first = await pay(body);
      const record = (await t.gw.ctx.store.transaction(first.body.redirect!.transaction_id))!;
      await withTransaction(t.gw.ctx, record.transaction.id, (current) => settlePending(t.gw.ctx, current!, 'approve'));
      const again = await pay(body);
      expect(again.body.redirect).toBeNull();
      expect(again.body.result).toMatchObject({ id: record.transaction.id, status: 'APPROVED', approved: true });
    });
  });

  describe('settlement', () => {
    it.each([
      ['approve', 'APPROVED', true, '0000'],
      ['decline', 'DECLINED', false, '1000'],
    ] as const)('%s moves the payment to %s, visible on the status endpoint', async (outcome, status, approved, code) => {
      const reply = await pay(paymentBody({ method: 'BANK_TRANSFER' }));
      const id = reply.body.result!.id;
      await withTransaction(t.gw.ctx, id, (current) => settlePending(t.gw.ctx, current!, outcome));
      const seen = await t.call<StatusResponse>('GET', `/api/transactions/${id}/status`, undefined, auth);
      expect(seen.body.found).toBe(true);
      expect(seen.body.transaction).toMatchObject({ status, approved, pending: false, processing_code: code });
    });

    it('announces the pending payment by webhook', async () => {
      await pay(paymentBody({ method: 'QR_CODE' }));
      const events = (await t.gw.ctx.webhooks.deliveries()).map((d) => d.event);
      expect(events.some((e) => e.endsWith(':pending'))).toBe(true);
    });
  });
});
