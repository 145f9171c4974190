/** POST /api/transactions/manage: validation, finding the original, the rules common to every operation. */
import type { ExecutionResponse } from '@payments/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testGateway, type TestGateway } from '../test-harness';
import { MANAGE_URL, manageCalls, properties, uniqueReference, without } from '../test-support/manage-test-kit';

describe('POST /api/transactions/manage', () => {
  let t: TestGateway;
  let auth: Record<string, string>;

  beforeEach(async () => {
    t = await testGateway();
    auth = await t.auth();
  });
  afterEach(() => t.close());

  const { manage, operation, original, stored } = manageCalls(() => t, () => auth);

  describe('validation', () => {
    it.each(['terminal_id', 'transaction_type', 'reference', 'amount', 'currency'])(
      'a missing %s is a 422 naming it',
      async (field) => {
        const body = { terminal_id: 'TERM00001', transaction_type: 'CAPTURE', reference: 'x', amount: 100, currency: 'EUR' };
        const reply = await manage(without(body, field));
        expect(reply.status).toBe(422);
        expect(properties(reply.body)).toEqual([field]);
      },
    );

    it.each([
      ['transaction_type', 'SALE'],
      ['amount', 10.5],
      ['amount', '100'],
      ['currency', 'EURO'],
    ])('%s = %j is a 422 naming it', async (field, value) => {
      const tx = await original('AUTHORIZE');
      const reply = await operation(tx, 'CAPTURE', 100, { [field]: value });
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toContain(field);
    });

    it('metadata holds string values only', async () => {
      const tx = await original('AUTHORIZE');
      const bad = await operation(tx, 'CAPTURE', 100, { metadata: { note: 5 } });
      expect(bad.status).toBe(422);
      expect(properties(bad.body)).toEqual(['metadata.note']);
      const good = await operation(tx, 'CAPTURE', 100, { metadata: { note: 'first box' } });
      expect(good.status).toBe(200);
      expect((await stored(good.body.id)).metadata).toEqual({ note: 'first box' });
    });

    it('answers 2013 for an unknown terminal and 2014 for an inactive one', async () => {
      const tx = await original('AUTHORIZE');
      const unknown = await operation(tx, 'CAPTURE', 100, { terminal_id: 'TERM99999' });
      expect(unknown.status).toBe(422);
      expect(unknown.body.code).toBe('2013');
      const inactive = await operation(tx, 'CAPTURE', 100, { terminal_id: 'TERM00003' });
      expect(inactive.body.code).toBe('2014');
    });

    it('refuses a bad token with 401 and an error field', async () => {
      const tx = await original('AUTHORIZE');
      const reply = await t.call<{ error: string }>(
        'POST',
        MANAGE_URL,
        { terminal_id: 'TERM00001', transaction_type: 'CAPTURE', reference: tx.reference, amount: 1, currency: 'EUR' },
        { authorization: 'Bearer expired-or-made-up' },
      );
      expect(reply.status).toBe(401);
      expect(reply.body.error).toBe('invalid_token');
    });
  });

  describe('finding the original', () => {
    it('an unknown reference is a 422 on reference', async () => {
      const reply = await manage({ terminal_id: 'TERM00001', transaction_type: 'REFUND', reference: 'nope', amount: 1, currency: 'EUR' });
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['reference']);
    });

    it('an unknown parent_transaction_id is a 422 on it', async () => {
      const tx = await original('PURCHASE');
      const reply = await operation(tx, 'REFUND', 1, { parent_transaction_id: 'no-such-id' });
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['parent_transaction_id']);
    });

    it('a parent on another terminal is unknown', async () => {
      const tx = await original('PURCHASE', { terminalId: 'TERM00002' });
      const reply = await operation(tx, 'REFUND', 1, { terminal_id: 'TERM00001', parent_transaction_id: tx.id });
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['parent_transaction_id']);
    });

    it("a parent whose reference is not the request's is a 422 on reference", async () => {
      const tx = await original('PURCHASE');
      const reply = await operation(tx, 'REFUND', 1, { reference: 'other-ref', parent_transaction_id: tx.id });
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['reference']);
    });

    it('the same reference on another terminal is not the original', async () => {
      const tx = await original('PURCHASE', { terminalId: 'TERM00002' });
      const reply = await operation(tx, 'REFUND', 1, { terminal_id: 'TERM00001' });
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['reference']);
    });
  });

  describe('common rules', () => {
    it('a currency other than the original is a 422 on currency', async () => {
      const tx = await original('AUTHORIZE');
      const reply = await operation(tx, 'CAPTURE', 100, { currency: 'USD' });
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['currency']);
    });

    it('an amount above the original amount is a 422 on amount', async () => {
      const tx = await original('PURCHASE');
      const reply = await operation(tx, 'REFUND', 10001);
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['amount']);
    });

    it('a PAYMENT takes no operation', async () => {
      const payment = await t.call<ExecutionResponse>(
        'POST',
        '/api/transactions/payment',
        {
          terminal_id: 'TERM00001',
          reference: uniqueReference('apm'),
          description: 'APM',
          currency: 'EUR',
          amount: 500,
          method: 'UPI',
          country: 'IN',
          customer_ip: '203.0.113.9',
          return_url: 'https://shop.example/r',
          error_url: 'https://shop.example/e',
          cancel_url: 'https://shop.example/c',
        },
        auth,
      );
      const tx = payment.body.result!;
      for (const type of ['CAPTURE', 'REFUND', 'VOID']) {
        const reply = await operation(tx, type, 500);
        expect(reply.status).toBe(422);
        expect(properties(reply.body)).toEqual(['transaction_type']);
      }
      expect((await stored(tx.id)).transaction.status).toBe('PENDING');
    });

    it('a non-card payout takes no refund, capture or void', async () => {
      const payout = await t.call<ExecutionResponse>(
        'POST',
        '/api/transactions/payout',
        {
          terminal_id: 'TERM00001',
          reference: uniqueReference('po'),
          description: 'Payout',
          currency: 'INR',
          amount: 5000,
          beneficiary: { type: 'bank_account', data: { account_number: '001234567890', account_name: 'A Rao', ifsc: 'HDFC0001234' } },
        },
        auth,
      );
      const tx = payout.body.result!;
      for (const type of ['CAPTURE', 'REFUND', 'VOID']) {
        const reply = await operation(tx, type, 5000);
        expect(reply.status).toBe(422);
        expect(properties(reply.body)).toEqual(['transaction_type']);
      }
    });
  });
});
