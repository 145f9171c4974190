import { TEST_BROWSER_INFO, type ApiErrorBody, type ExecutionResponse, type Transaction } from '@payments/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testGateway, type TestGateway } from '../test-harness';

const MANAGE_URL = '/api/transactions/manage';

/** A Transaction on success, the error body on a 422 (both have a `status`, of different types). */
type Reply = Omit<Transaction, 'status'> & Omit<ApiErrorBody, 'status'>;

function without(body: Record<string, unknown>, field: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => key !== field));
}

function properties(body: Pick<ApiErrorBody, 'errors'>): string[] {
  return body.errors.map((e) => e.property);
}

type OriginalState = 'APPROVED' | 'DECLINED' | 'AWAITING_3DS' | 'PENDING_REDIRECT';

/** The authorize metadata that puts an original in each state (spec: Test behaviour). */
const ORIGINAL_METADATA: Record<OriginalState, Record<string, string>> = {
  APPROVED: { response_code: 'TRX_STATUS_APPROVED' },
  DECLINED: { response_code: 'TRX_STATUS_DECLINED' },
  AWAITING_3DS: { simulate_redirect: 'true' },
  PENDING_REDIRECT: {},
};

function uniqueReference(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
}

describe('POST /api/transactions/manage', () => {
  let t: TestGateway;
  let auth: Record<string, string>;

  beforeEach(async () => {
    t = await testGateway();
    auth = await t.auth();
  });
  afterEach(() => t.close());

  const manage = (body: Record<string, unknown>, headers = auth) => t.call<Reply>('POST', MANAGE_URL, body, headers);

  const operation = (original: Transaction, type: string, amount: number, extra: Record<string, unknown> = {}) =>
    manage({
      terminal_id: original.terminal_id,
      transaction_type: type,
      reference: original.reference,
      amount,
      currency: original.currency,
      ...extra,
    });

  /**
   * An original through POST /api/transactions/authorize, as a merchant would make it: a card
   * outside the spec's test table with metadata.response_code (3-D Secure skipped), a card
   * with simulate_redirect (3-D Secure under way) or a wallet redirect (PENDING).
   */
  async function original(
    type: 'AUTHORIZE' | 'PURCHASE',
    options: { state?: OriginalState; amount?: number; terminalId?: string } = {},
  ): Promise<Transaction> {
    const state = options.state ?? 'APPROVED';
    const body = {
      reference: uniqueReference('order'),
      terminal_id: options.terminalId ?? 'TERM00001',
      description: 'Order 1001',
      currency: 'EUR',
      amount: options.amount ?? 10000,
      transaction_type: type,
      payment_method: state === 'PENDING_REDIRECT' ? { type: 'wallet-a-redirect', data: {} } : await card(),
      customer: { email: 'shopper@example.com' },
      browser_info: TEST_BROWSER_INFO,
      metadata: ORIGINAL_METADATA[state],
      return_url: 'https://shop.example/return',
      error_url: 'https://shop.example/error',
      cancel_url: 'https://shop.example/cancel',
    };
    const reply = await t.call<ExecutionResponse>('POST', '/api/transactions/authorize', body, auth);
    expect(reply.status).toBe(200);
    const { result, redirect, action, form_submit: formSubmit } = reply.body;
    const id = result?.id ?? redirect?.transaction_id ?? action?.transaction_id ?? formSubmit?.transaction_id;
    return structuredClone((await stored(id!)).transaction);
  }

  async function card(): Promise<{ type: 'card'; data: Record<string, string> }> {
    return {
      type: 'card',
      data: {
        encrypted_card_number: await t.encrypt('4111111111111111'),
        encrypted_cvv: await t.encrypt('123'),
        encrypted_expiration_month: await t.encrypt('12'),
        encrypted_expiration_year: await t.encrypt(String(new Date().getFullYear() + 2)),
      },
    };
  }

  const stored = async (id: string) => (await t.gw.ctx.store.transaction(id))!;

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
