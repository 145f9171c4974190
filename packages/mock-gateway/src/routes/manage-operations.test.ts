/** POST /api/transactions/manage: CAPTURE, REFUND and VOID. */
import type { Transaction } from '@payments/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testGateway, type TestGateway } from '../test-harness';
import { manageCalls, properties } from '../test-support/manage-test-kit';

describe('POST /api/transactions/manage', () => {
  let t: TestGateway;
  let auth: Record<string, string>;

  beforeEach(async () => {
    t = await testGateway();
    auth = await t.auth();
  });
  afterEach(() => t.close());

  const { operation, original, stored } = manageCalls(() => t, () => auth);

  describe('CAPTURE', () => {
    it('captures partially, then the rest, then refuses more', async () => {
      const tx = await original('AUTHORIZE');
      const first = await operation(tx, 'CAPTURE', 4000);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        transaction_type: 'CAPTURE',
        status: 'APPROVED',
        approved: true,
        amount: 4000,
        currency: 'EUR',
        reference: tx.reference,
        order_id: tx.order_id,
        terminal_id: 'TERM00001',
        payment_method: tx.payment_method,
        processing_code: '0000',
      });
      expect(first.body.id).not.toBe(tx.id);
      expect((await stored(first.body.id)).parent_id).toBe(tx.id);
      expect((await stored(tx.id)).captured_amount).toBe(4000);

      const over = await operation(tx, 'CAPTURE', 6001);
      expect(over.status).toBe(422);
      expect(properties(over.body)).toEqual(['amount']);

      const rest = await operation(tx, 'CAPTURE', 6000);
      expect(rest.status).toBe(200);
      expect((await stored(tx.id)).captured_amount).toBe(10000);

      const more = await operation(tx, 'CAPTURE', 1);
      expect(more.status).toBe(422);
      expect(properties(more.body)).toEqual(['amount']);
    });

    it('captures the full amount in one go; the AUTHORIZE stays APPROVED and findable by reference', async () => {
      const tx = await original('AUTHORIZE');
      const reply = await operation(tx, 'CAPTURE', 10000);
      expect(reply.status).toBe(200);
      expect(reply.body.amount).toBe(10000);
      expect((await stored(tx.id)).transaction.status).toBe('APPROVED');
      expect((await t.gw.ctx.store.transactionByReference('TERM00001', tx.reference))!.transaction.id).toBe(tx.id);
    });

    it('after a final capture nothing more can be captured, but the capture can be refunded', async () => {
      const tx = await original('AUTHORIZE');
      const final = await operation(tx, 'CAPTURE', 3000, { options: { final_capture: true } });
      expect(final.status).toBe(200);
      const more = await operation(tx, 'CAPTURE', 1);
      expect(more.status).toBe(422);
      expect(properties(more.body)).toEqual(['amount']);
      expect(more.body.errors[0]!.message).toMatch(/final capture/);
      const refund = await operation(tx, 'REFUND', 3000);
      expect(refund.status).toBe(200);
    });

    it.each([
      ['an APPROVED PURCHASE', 'PURCHASE', 'APPROVED'],
      ['a DECLINED AUTHORIZE', 'AUTHORIZE', 'DECLINED'],
      ['an AUTHORIZE awaiting 3-D Secure', 'AUTHORIZE', 'AWAITING_3DS'],
    ] as const)('refuses %s on property transaction_type', async (_name, type, state) => {
      const tx = await original(type, { state });
      const reply = await operation(tx, 'CAPTURE', 100);
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['transaction_type']);
    });

    it('announces the management capture webhook', async () => {
      const tx = await original('AUTHORIZE');
      const reply = await operation(tx, 'CAPTURE', 100);
      const events = (await t.gw.ctx.webhooks.deliveries())
        .filter((d) => d.body.event.includes('management'))
        .map((d) => d.event);
      expect(events).toEqual([
        'transaction-svc:transaction:management:capture:approved',
        'transaction-svc:transaction:management:approved',
      ]);
      expect(reply.status).toBe(200);
    });
  });

  describe('REFUND', () => {
    it('refunds a PURCHASE partially, refuses more than what is left, then refunds the rest', async () => {
      const tx = await original('PURCHASE');
      const first = await operation(tx, 'REFUND', 4000);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ transaction_type: 'REFUND', status: 'APPROVED', amount: 4000, order_id: tx.order_id });
      expect((await stored(tx.id)).refunded_amount).toBe(4000);

      const over = await operation(tx, 'REFUND', 6001);
      expect(over.status).toBe(422);
      expect(properties(over.body)).toEqual(['amount']);

      expect((await operation(tx, 'REFUND', 6000)).status).toBe(200);
      const nothingLeft = await operation(tx, 'REFUND', 1);
      expect(nothingLeft.status).toBe(422);
      expect(properties(nothingLeft.body)).toEqual(['amount']);
      expect((await stored(tx.id)).transaction.status).toBe('APPROVED');
    });

    it('refuses an AUTHORIZE with nothing captured (wrong state) on property transaction_type', async () => {
      const tx = await original('AUTHORIZE');
      const reply = await operation(tx, 'REFUND', 100);
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['transaction_type']);
    });

    it('refuses a DECLINED PURCHASE', async () => {
      const tx = await original('PURCHASE', { state: 'DECLINED' });
      const reply = await operation(tx, 'REFUND', 100);
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['transaction_type']);
    });

    it('refunds up to the captured amount of an AUTHORIZE, through it or through its captures', async () => {
      const tx = await original('AUTHORIZE');
      const captured = await operation(tx, 'CAPTURE', 5000);

      const over = await operation(tx, 'REFUND', 5001);
      expect(over.status).toBe(422);
      expect(properties(over.body)).toEqual(['amount']);

      expect((await operation(tx, 'REFUND', 2000)).status).toBe(200);

      const viaCapture = await operation(tx, 'REFUND', 3000, { parent_transaction_id: captured.body.id });
      expect(viaCapture.status).toBe(200);
      expect((await stored(viaCapture.body.id)).parent_id).toBe(captured.body.id);
      expect((await stored(captured.body.id)).refunded_amount).toBe(3000);
      expect((await stored(tx.id)).refunded_amount).toBe(5000);

      // The capture has 2000 of its own left, but the authorization has nothing left.
      const beyond = await operation(tx, 'REFUND', 1, { parent_transaction_id: captured.body.id });
      expect(beyond.status).toBe(422);
      expect(properties(beyond.body)).toEqual(['amount']);
    });

    it('refuses a refund on a REFUND child', async () => {
      const tx = await original('PURCHASE');
      const refund = await operation(tx, 'REFUND', 100);
      const reply = await operation(tx, 'REFUND', 100, { parent_transaction_id: refund.body.id });
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['transaction_type']);
    });
  });

  describe('VOID', () => {
    it('voids an APPROVED AUTHORIZE: VOID child for the whole amount, original VOIDED and not announced', async () => {
      const tx = await original('AUTHORIZE');
      const reply = await operation(tx, 'VOID', 1);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ transaction_type: 'VOID', status: 'APPROVED', amount: 10000, order_id: tx.order_id });
      expect((await stored(tx.id)).transaction).toMatchObject({ status: 'VOIDED', approved: false, pending: false });

      const seen = await t.call<{ transaction: Transaction }>('GET', `/api/transactions/${tx.id}/status`, undefined, auth);
      expect(seen.body.transaction.status).toBe('VOIDED');

      const forOriginal = (await t.gw.ctx.webhooks.deliveries()).filter((d) => d.transaction_id === tx.id).map((d) => d.event);
      expect(forOriginal).toEqual(['transaction-svc:transaction:authorize:authorized', 'transaction-svc:transaction:authorized']);
      const forVoid = (await t.gw.ctx.webhooks.deliveries()).filter((d) => d.transaction_id === reply.body.id).map((d) => d.event);
      expect(forVoid).toContain('transaction-svc:transaction:management:void:approved');

      const capture = await operation(tx, 'CAPTURE', 100);
      expect(capture.status).toBe(422);
      expect(properties(capture.body)).toEqual(['transaction_type']);
      const again = await operation(tx, 'VOID', 10000);
      expect(again.status).toBe(422);
    });

    it('voids a PENDING transaction', async () => {
      const tx = await original('PURCHASE', { state: 'PENDING_REDIRECT' });
      const reply = await operation(tx, 'VOID', 10000);
      expect(reply.status).toBe(200);
      expect((await stored(tx.id)).transaction).toMatchObject({ status: 'VOIDED', pending: false, redirect_url: null });
      const settle = await t.call('POST', `/__mock/transactions/${tx.id}/settle`, { outcome: 'approve' });
      expect(settle.status).toBe(422);
    });

    it('still refuses an amount above the original amount', async () => {
      const tx = await original('AUTHORIZE');
      const reply = await operation(tx, 'VOID', 10001);
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['amount']);
    });

    it.each([
      ['an AUTHORIZE with something captured', 'AUTHORIZE', true],
      ['an APPROVED PURCHASE', 'PURCHASE', false],
    ] as const)('refuses %s on property transaction_type', async (_name, type, captureFirst) => {
      const tx = await original(type);
      if (captureFirst) expect((await operation(tx, 'CAPTURE', 100)).status).toBe(200);
      const reply = await operation(tx, 'VOID', 100);
      expect(reply.status).toBe(422);
      expect(properties(reply.body)).toEqual(['transaction_type']);
      expect((await stored(tx.id)).transaction.status).toBe('APPROVED');
    });
  });
});
