import { withTransaction } from '../store/locks';
import type { ApiErrorBody, ExecutionResponse, StatusResponse } from '@payments/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../config';
import { testGateway, type TestGateway } from '../test-harness';
import { settlePending } from '../payments/settle';

const PAYOUT_URL = '/api/transactions/payout';

function payoutBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    terminal_id: 'TERM00001',
    reference: `po-${Math.random().toString(36).slice(2, 10)}`,
    description: 'Seller payout 77',
    currency: 'INR',
    amount: 150000,
    beneficiary: {
      type: 'bank_account',
      data: { account_number: '001234567890', account_name: 'Asha Rao', ifsc: 'HDFC0001234' },
    },
    ...overrides,
  };
}

function without(body: Record<string, unknown>, field: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => key !== field));
}

function properties(body: ApiErrorBody): string[] {
  return body.errors.map((e) => e.property);
}

describe('POST /api/transactions/payout', () => {
  let t: TestGateway;
  let auth: Record<string, string>;

  beforeEach(async () => {
    t = await testGateway();
    auth = await t.auth();
  });
  afterEach(() => t.close());

  const payout = (body: unknown, headers = auth) => t.call<ExecutionResponse & ApiErrorBody>('POST', PAYOUT_URL, body, headers);

  describe('validation', () => {
    it.each(['terminal_id', 'reference', 'description', 'currency', 'amount', 'beneficiary'])(
      'a missing %s is a 422 naming it',
      async (field) => {
        const reply = await payout(without(payoutBody(), field));
        expect(reply.status).toBe(422);
        expect(properties(reply.body)).toEqual([field]);
      },
    );

    it.each([
      ['reference', 'r'.repeat(81)],
      ['description', 'd'.repeat(101)],
      ['description', ''],
      ['currency', 'RUPEE'],
      ['amount', 10.5],
      ['amount', '100'],
      ['customer_ip', 'not-an-ip'],
      ['return_url', 'somewhere'],
    ])('%s = %j is a 422 naming it', async (field, value) => {
      const reply = await payout(payoutBody({ [field]: value }));
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toContain(field);
    });

    it('accepts an 80-character reference (the schema limit, not the prose 40)', async () => {
      const reply = await payout(payoutBody({ reference: 'r'.repeat(80) }));
      expect(reply.status).toBe(200);
    });

    it.each([
      ['beneficiary.type', { data: { account_name: 'A', account_number: '1234' } }],
      ['beneficiary.type', { type: 'card', data: { account_name: 'A', account_number: '1234' } }],
      ['beneficiary.data', { type: 'bank_account' }],
      ['beneficiary.data.account_name', { type: 'bank_account', data: { account_number: '12345678' } }],
    ])('%s is checked', async (property, beneficiary) => {
      const reply = await payout(payoutBody({ currency: 'EUR', beneficiary }));
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toContain(property);
    });

    it('a bank_account beneficiary needs an account number', async () => {
      const reply = await payout(
        payoutBody({ currency: 'EUR', beneficiary: { type: 'bank_account', data: { account_name: 'Asha Rao' } } }),
      );
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['beneficiary.data.account_number']);
    });

    it('a mobile_money beneficiary needs a mobile number (our decision)', async () => {
      const reply = await payout(
        payoutBody({ currency: 'KES', beneficiary: { type: 'mobile_money', data: { account_name: 'Wanjiru K' } } }),
      );
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['beneficiary.data.mobile']);
    });

    it('an INR payout without ifsc is a 422 on beneficiary.data.ifsc', async () => {
      const reply = await payout(
        payoutBody({ beneficiary: { type: 'bank_account', data: { account_number: '001234567890', account_name: 'Asha Rao' } } }),
      );
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['beneficiary.data.ifsc']);
      expect((await t.gw.ctx.store.count('transaction'))).toBe(0);
    });
  });

  describe('terminal and authentication', () => {
    it('answers 2013 for an unknown terminal and 2014 for an inactive one', async () => {
      const unknown = await payout(payoutBody({ terminal_id: 'TERM99999' }));
      expect(unknown.status).toBe(422);
      expect(unknown.body.code).toBe('2013');
      const inactive = await payout(payoutBody({ terminal_id: 'TERM00003' }));
      expect(inactive.body.code).toBe('2014');
    });

    it('refuses a terminal without TRX_TYPE_PAYOUT', async () => {
      const config = defaultConfig();
      config.terminals[0]!.features = ['TRX_TYPE_PAYMENT'];
      const gw = await testGateway({ config });
      try {
        const reply = await gw.call<ApiErrorBody>('POST', PAYOUT_URL, payoutBody(), await gw.auth());
        expect(reply.status).toBe(422);
        expect(properties(reply.body)).toEqual(['terminal_id']);
      } finally {
        await gw.close();
      }
    });

    it('refuses a bad token with 401 and an error field', async () => {
      const reply = await t.call<{ error: string }>('POST', PAYOUT_URL, payoutBody(), { authorization: 'Bearer nope' });
      expect(reply.status).toBe(401);
      expect(reply.body.error).toBe('invalid_token');
    });

    it('refuses an expired token with 401', async () => {
      await t.gw.ctx.clock.advance(300_001);
      const reply = await t.call<{ error: string }>('POST', PAYOUT_URL, payoutBody(), auth);
      expect(reply.status).toBe(401);
      expect(reply.body.error).toBeTruthy();
    });
  });

  describe('result', () => {
    it('an INR bank payout is PENDING, payout_upi, masked, with null action, redirect and form_submit', async () => {
      const reply = await payout(payoutBody());
      expect(reply.status).toBe(200);
      expect(reply.body.action).toBeNull();
      expect(reply.body.redirect).toBeNull();
      expect(reply.body.form_submit).toBeNull();
      expect(reply.body.result).toMatchObject({
        transaction_type: 'PAYOUT',
        status: 'PENDING',
        pending: true,
        approved: false,
        processing_code: '1002',
        currency: 'INR',
        amount: 150000,
        payment_method: { type: 'payout_upi', masked: '********7890', method: '********7890' },
      });
      expect(reply.text).not.toContain('001234567890');
    });

    it('a non-INR bank payout is payout_bank_account and needs no ifsc', async () => {
      const reply = await payout(
        payoutBody({ currency: 'EUR', beneficiary: { type: 'bank_account', data: { account_number: 'DE89370400440532013000', account_name: 'Jan Nowak' } } }),
      );
      expect(reply.status).toBe(200);
      expect(reply.body.result!.payment_method).toMatchObject({ type: 'payout_bank_account', masked: `${'*'.repeat(18)}3000` });
    });

    it('a mobile money payout masks the mobile number', async () => {
      const reply = await payout(
        payoutBody({ currency: 'KES', beneficiary: { type: 'mobile_money', data: { account_name: 'Wanjiru K', mobile: '+254712345678' } } }),
      );
      expect(reply.status).toBe(200);
      expect(reply.body.result!.payment_method).toMatchObject({ type: 'payout_mobile_money', method: '*********5678' });
    });

    it('refuses an unknown customer.id', async () => {
      const reply = await payout(payoutBody({ customer: { id: 'no-such-customer' } }));
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['customer.id']);
    });

    it('customer_ip defaults to the request IP', async () => {
      const reply = await payout(payoutBody());
      expect(reply.body.result!.customer_ip).toBe('127.0.0.1');
      const sent = await payout(payoutBody({ customer_ip: '198.51.100.4' }));
      expect(sent.body.result!.customer_ip).toBe('198.51.100.4');
    });

    it.each([
      ['approve', 'APPROVED'],
      ['decline', 'DECLINED'],
    ] as const)('settling with %s makes it %s (final)', async (outcome, status) => {
      const reply = await payout(payoutBody());
      const id = reply.body.result!.id;
      await withTransaction(t.gw.ctx, id, (record) => settlePending(t.gw.ctx, record!, outcome));
      const seen = await t.call<StatusResponse>('GET', `/api/transactions/${id}/status`, undefined, auth);
      expect(seen.body.transaction).toMatchObject({ status, pending: false });
      await expect(withTransaction(t.gw.ctx, id, (record) => settlePending(t.gw.ctx, record!, 'approve'))).rejects.toThrow();
    });
  });

  describe('settlement through the mock provider endpoint', () => {
    it('POST /__mock/transactions/{id}/settle approves, then the payout is final', async () => {
      const reply = await payout(payoutBody());
      const id = reply.body.result!.id;
      const settled = await t.call<{ status: string }>('POST', `/__mock/transactions/${id}/settle`, { outcome: 'approve' });
      expect(settled.status).toBe(200);
      expect(settled.body.status).toBe('APPROVED');
      const again = await t.call('POST', `/__mock/transactions/${id}/settle`, { outcome: 'decline' });
      expect(again.status).toBe(422);
      const events = (await t.gw.ctx.webhooks.deliveries()).filter((d) => d.transaction_id === id).map((d) => d.event);
      expect(events).toEqual(['transaction-svc:transaction:pending', 'transaction-svc:transaction:authorized']);
    });
  });

  describe('idempotency', () => {
    it('a repeated reference returns the same transaction', async () => {
      const body = payoutBody();
      const first = await payout(body);
      const second = await payout(body);
      expect(second.status).toBe(200);
      expect(second.body.result!.id).toBe(first.body.result!.id);
      expect((await t.gw.ctx.store.count('transaction'))).toBe(1);
    });

    it('the same reference with a different amount is a 422', async () => {
      const body = payoutBody();
      await payout(body);
      const reply = await payout({ ...body, amount: 1 });
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['amount']);
    });

    it('a repeat after settlement answers the settled payout', async () => {
      const body = payoutBody();
      const first = await payout(body);
      await withTransaction(t.gw.ctx, first.body.result!.id, (current) => settlePending(t.gw.ctx, current!, 'approve'));
      const again = await payout(body);
      expect(again.body.result).toMatchObject({ id: first.body.result!.id, status: 'APPROVED' });
    });
  });
});
