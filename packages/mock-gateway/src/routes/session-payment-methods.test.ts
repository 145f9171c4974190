/**
 * GET /api/sessions/{id}/payment-methods, and the browser's (client key + session) side of
 * saved cards and alternative methods, as the Embedded Fields frames use them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_BROWSER_INFO, PROVIDER_Y_METHOD_CODES, type ExecutionResponse, type PaymentSession } from '@payments/core';
import { PROVIDER_Y_CODES } from '../config';
import { testGateway, type TestGateway } from '../test-harness';
import { encryptedCard, uniqueReference } from '../test-payments';
import type { SessionPaymentMethodsResponse } from './session-payment-methods';

let t: TestGateway;
let auth: Record<string, string>;
beforeEach(async () => {
  t = await testGateway();
  auth = await t.auth();
});
afterEach(() => t.close());

const clientKey = { 'x-client-key': 'test-client-key' };

async function newSession(extra: Record<string, unknown> = {}): Promise<PaymentSession> {
  const reply = await t.call<PaymentSession>(
    'POST',
    '/api/sessions',
    {
      terminal_id: 'TERM00001',
      reference: uniqueReference('apm'),
      description: 'Fleece',
      currency: 'EUR',
      amount: 4999,
      transaction_type: 'PURCHASE',
      return_url: 'http://localhost:5173/return',
      ...extra,
    },
    auth,
  );
  expect(reply.status).toBe(200);
  return reply.body;
}

const methodsOf = (id: string, headers = clientKey) => t.call<SessionPaymentMethodsResponse>('GET', `/api/sessions/${id}/payment-methods`, undefined, headers);

describe('GET /api/sessions/{id}/payment-methods', () => {
  it('lists the terminal’s redirect methods that fit a EUR purchase, each with its data', async () => {
    const session = await newSession({ customer: { email: 'ana@example.com', first_name: 'Ana' } });
    const reply = await methodsOf(session.id);
    expect(reply.status).toBe(200);
    const types = reply.body.payment_methods.map((m) => m.type);
    expect(types.slice(0, 4)).toEqual(['wallet-a-redirect', 'wallet-b-redirect', 'bank-network-redirect', 'openbanking-redirect']);
    expect(types).toHaveLength(4 + 27);
    expect(types).not.toContain('provider-x-local');
    expect(types).not.toContain('wallet-a');
    expect(reply.body.payment_methods.find((m) => m.type === 'provider-y-redirect-idl')?.data.map((f) => f.name)).toEqual(['email', 'first_name', 'last_name']);
    expect(reply.body.customer).toEqual({ email: 'ana@example.com', first_name: 'Ana', last_name: null });
  });

  it('offers provider-x-local first for a PLN purchase, with an optional BLIK code', async () => {
    const session = await newSession({ currency: 'PLN' });
    const [first] = (await methodsOf(session.id)).body.payment_methods;
    expect(first).toEqual({
      type: 'provider-x-local',
      family: 'local',
      data: [
        { name: 'email', required: true },
        { name: 'first_name', required: true },
        { name: 'last_name', required: true },
        { name: 'blik_code', required: false },
      ],
    });
  });

  it('offers nothing for an AUTHORIZE (redirect methods are PURCHASE only)', async () => {
    const session = await newSession({ transaction_type: 'AUTHORIZE' });
    expect((await methodsOf(session.id)).body.payment_methods).toEqual([]);
  });

  it('needs the client key or a token, and a session of the merchant', async () => {
    const session = await newSession();
    expect((await methodsOf(session.id, {} as typeof clientKey)).status).toBe(401);
    expect((await t.call('GET', `/api/sessions/${session.id}/payment-methods`, undefined, auth)).status).toBe(200);
    expect((await methodsOf('no-such-session')).status).toBe(422);
  });

  it('knows the same provider-y codes as the gateway’s fixture', () => {
    expect([...PROVIDER_Y_METHOD_CODES]).toEqual([...PROVIDER_Y_CODES]);
  });
});

describe('the browser side of saved cards and redirects', () => {
  it('saves a card for the session’s customer and answers its token in payment_method.token', async () => {
    const customer = await t.call<{ id: string }>('POST', '/api/customers', { email: 'ana@example.com', first_name: 'Ana', last_name: 'Kovač' }, auth);
    const session = await newSession({ customer: { id: customer.body.id } });
    const paid = await t.call<ExecutionResponse>(
      'POST',
      '/api/transactions/authorize',
      {
        session_id: session.id,
        payment_method: { type: 'card', data: await encryptedCard(t, { number: '4000000000000002' }) },
        browser_info: TEST_BROWSER_INFO,
        tokenization: { save_card_for_future_payments: true, tokenize_for: 'CUSTOMER_INITIATED_TRANSACTION' },
      },
      clientKey,
    );
    expect(paid.body.result).toMatchObject({ status: 'APPROVED', customer: { id: customer.body.id }, payment_method: { token: expect.stringMatching(/^pm_/) } });
  });

  it('answers a redirect for a wallet, and a DECLINED result (not an error) when the provider refuses at once', async () => {
    const session = await newSession();
    const wallet = await t.call<ExecutionResponse>('POST', '/api/transactions/authorize', { session_id: session.id, payment_method: { type: 'wallet-b-redirect', data: {} } }, clientKey);
    expect(wallet.status).toBe(200);
    expect(wallet.body.redirect?.url).toMatch(/\/provider\//);

    const declining = await newSession({ metadata: { response_code: 'TRX_STATUS_DECLINED' } });
    const declined = await t.call<ExecutionResponse>('POST', '/api/transactions/authorize', { session_id: declining.id, payment_method: { type: 'wallet-a-redirect', data: {} } }, clientKey);
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ redirect: null, result: { status: 'DECLINED', approved: false } });
  });
});
