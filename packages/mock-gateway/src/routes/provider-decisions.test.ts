/**
 * The two provider answers the mock adds so every webhook event of the spec can happen
 * (README, "Test behaviour"): an authorization left PENDING by `metadata.response_code`
 * TRX_STATUS_PENDING (authorize:pending, then settled), and a capture, refund or void
 * declined by the manage request's `metadata.response_code` (management declined events),
 * which leaves the original as it was.
 */
import { TEST_BROWSER_INFO, type ExecutionResponse, type Transaction } from '@payments/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testGateway, type TestGateway } from '../test-harness';
import { uniqueReference } from '../test-payments';

const E = 'transaction-svc:transaction';

describe('provider decisions set by metadata.response_code', () => {
  let t: TestGateway;
  let auth: Record<string, string>;

  beforeEach(async () => {
    t = await testGateway();
    auth = await t.auth();
  });
  afterEach(() => t.close());

  /** A card outside the test table (3-D Secure skipped): response_code decides. */
  async function authorize(type: 'AUTHORIZE' | 'PURCHASE', responseCode: string): Promise<Transaction> {
    const reply = await t.call<ExecutionResponse>(
      'POST',
      '/api/transactions/authorize',
      {
        reference: uniqueReference('provider'),
        terminal_id: 'TERM00001',
        description: 'Order 7',
        currency: 'EUR',
        amount: 5000,
        transaction_type: type,
        payment_method: {
          type: 'card',
          data: {
            encrypted_card_number: await t.encrypt('4111111111111111'),
            encrypted_cvv: await t.encrypt('123'),
            encrypted_expiration_month: await t.encrypt('12'),
            encrypted_expiration_year: await t.encrypt(String(new Date().getFullYear() + 2)),
          },
        },
        browser_info: TEST_BROWSER_INFO,
        metadata: { response_code: responseCode },
        return_url: 'https://shop.example/return',
      },
      auth,
    );
    expect(reply.status).toBe(200);
    return reply.body.result!;
  }

  const manage = (original: Transaction, type: string, metadata: Record<string, string> = {}) =>
    t.call<Transaction>(
      'POST',
      '/api/transactions/manage',
      { terminal_id: 'TERM00001', transaction_type: type, reference: original.reference, amount: original.amount, currency: 'EUR', metadata },
      auth,
    );

  const eventsOf = async (id: string) => (await t.gw.ctx.webhooks.deliveries({ transactionId: id })).map((d) => d.event);
  const statusOf = async (id: string) =>
    (await t.call<{ transaction: Transaction }>('GET', `/api/transactions/${id}/status`, undefined, auth)).body.transaction;

  it('TRX_STATUS_PENDING leaves an authorization PENDING (1002), announced as authorize:pending; settling it authorizes', async () => {
    const tx = await authorize('AUTHORIZE', 'TRX_STATUS_PENDING');
    expect(tx).toMatchObject({ status: 'PENDING', pending: true, approved: false, processing_code: '1002' });
    expect(await eventsOf(tx.id)).toEqual([`${E}:authorize:pending`, `${E}:pending`]);

    const settled = await t.call<Transaction>('POST', `/__mock/transactions/${tx.id}/settle`, { outcome: 'approve' });
    expect(settled.body.status).toBe('APPROVED');
    expect(await eventsOf(tx.id)).toEqual([`${E}:authorize:pending`, `${E}:pending`, `${E}:authorize:authorized`, `${E}:authorized`]);
  });

  it('a declined capture is a DECLINED child with the declined events; the authorization is still capturable in full', async () => {
    const tx = await authorize('AUTHORIZE', 'TRX_STATUS_APPROVED');
    const declined = await manage(tx, 'CAPTURE', { response_code: 'TRX_STATUS_DECLINED' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ transaction_type: 'CAPTURE', status: 'DECLINED', approved: false, processing_code: '1000' });
    expect(await eventsOf(declined.body.id)).toEqual([`${E}:management:capture:declined`, `${E}:management:declined`]);

    const captured = await manage(tx, 'CAPTURE');
    expect(captured.body).toMatchObject({ status: 'APPROVED', amount: tx.amount });
  });

  it('a declined refund refunds nothing: the whole amount can still be refunded', async () => {
    const tx = await authorize('PURCHASE', 'TRX_STATUS_APPROVED');
    const declined = await manage(tx, 'REFUND', { response_code: 'TRX_STATUS_DECLINED' });
    expect(declined.body.status).toBe('DECLINED');
    expect(await eventsOf(declined.body.id)).toEqual([`${E}:management:refund:declined`, `${E}:management:declined`]);
    expect((await manage(tx, 'REFUND')).body).toMatchObject({ status: 'APPROVED', amount: tx.amount });
  });

  it('a failed void leaves the authorization APPROVED, and it announces the void declined events', async () => {
    const tx = await authorize('AUTHORIZE', 'TRX_STATUS_APPROVED');
    const failed = await manage(tx, 'VOID', { response_code: 'TRX_STATUS_FAILED' });
    expect(failed.body).toMatchObject({ transaction_type: 'VOID', status: 'FAILED', processing_code: '1001' });
    expect(await eventsOf(failed.body.id)).toEqual([`${E}:management:void:declined`, `${E}:management:declined`]);
    expect((await statusOf(tx.id)).status).toBe('APPROVED');
  });
});
