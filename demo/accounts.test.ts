/**
 * The demo's saved-card life against a real mock gateway over HTTP: a profile creates a
 * customer at the gateway, a checkout for it carries the customer id, a card saved on a
 * payment joins the profile when the verified tokenization webhook arrives, and Remove
 * deletes it at the gateway (DELETE /api/payment-methods/{id}), which then refuses it.
 */
import { TEST_BROWSER_INFO } from '@payments/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startGateway, type RunningGateway } from '@payments/mock-gateway';
import { GatewayClient, GatewayError, uniqueReference, contractGuard } from '@payments/testing';
import type { Account, CheckoutResponse } from './shared/api-types';
import { startDemo, type RunningDemo } from './server';

let gateway: RunningGateway;
// Every answer of the gateway holds to its /openapi.json, or the test that caused it fails.
const contract = contractGuard();
afterEach(() => contract.assertHeld());
let demo: RunningDemo;
let client: GatewayClient;

// Starting the shop opens its database; the first run on a machine also makes PGlite's cluster template (seconds).
beforeAll(async () => {
  gateway = await startGateway({ port: 0, webhookUrl: '', contractCheck: contract.contractCheck });
  demo = await startDemo({ port: 0, gatewayUrl: gateway.url });
  gateway.ctx.webhooks.setUrl(`${demo.url}/webhooks`);
  client = new GatewayClient(gateway.url);
}, 60_000);

afterAll(async () => {
  await demo?.close();
  await gateway?.close();
});

async function shop<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${demo.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

describe('shopper profiles and saved cards', () => {
  it('lives the whole life of a saved card', async () => {
    const created = await shop<Account>('POST', '/api/account', { email: 'ana@example.com', firstName: 'Ana', lastName: 'Kovač' });
    expect(created.status).toBe(200);
    const { accountId, customerId } = created.body;
    expect(accountId).toMatch(/^[a-f0-9]{32}$/);
    expect((await gateway.ctx.store.customer(customerId))).toMatchObject({ id: customerId, email: 'ana@example.com', first_name: 'Ana' });

    // The checkout for the profile is a session for its customer.
    const checkout = await shop<CheckoutResponse>('POST', '/api/checkout', { accountId });
    expect(checkout.status).toBe(200);
    const session = (await gateway.ctx.store.session(checkout.body.sessionId))!;
    expect(session.session.customer).toMatchObject({ id: customerId, email: 'ana@example.com' });

    // A first payment that saves the card (as the frame sends it), then the webhook.
    const paid = await fetch(`${gateway.url}/api/transactions/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-key': 'test-client-key', 'user-agent': 'vitest' },
      body: JSON.stringify({
        session_id: checkout.body.sessionId,
        payment_method: { type: 'card', data: await client.encryptCard({ number: '4000000000000002', month: '12', year: '2030' }) },
        browser_info: TEST_BROWSER_INFO,
        tokenization: { save_card_for_future_payments: true },
      }),
    });
    const token = ((await paid.json()) as { result: { payment_method: { token: string } } }).result.payment_method.token;
    const saved = await vi.waitFor(
      async () => {
        const account = (await shop<Account>('GET', `/api/account/${accountId}`)).body;
        expect(account.cards).toHaveLength(1);
        return account.cards[0]!;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(saved).toMatchObject({ paymentMethodId: token, cardBrand: 'VISA', last4: '0002', expirationDate: '1230', status: 'ACTIVE' });

    // Removed by the backend at the gateway; the gateway refuses it from then on.
    const removed = await shop<Account>('DELETE', `/api/account/${accountId}/cards/${token}`);
    expect(removed.status).toBe(200);
    expect(removed.body.cards[0]?.status).toBe('DELETED');
    const refused = await client
      .authorize({
        reference: uniqueReference('again'),
        terminal_id: 'TERM00001',
        description: 'Second order',
        currency: 'EUR',
        amount: 4999,
        transaction_type: 'PURCHASE',
        return_url: `${demo.url}/return`,
        payment_method: { type: 'saved_card', data: { payment_method_id: token } },
        browser_info: TEST_BROWSER_INFO,
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as GatewayError).body).toMatchObject({ code: 'INVALID_REQUEST_PAYMENT_METHOD_INACTIVE' });
  });

  it('refuses an unknown profile, a card not in it, and a bad email', async () => {
    expect((await shop('GET', `/api/account/${'0'.repeat(32)}`)).status).toBe(404);
    expect((await shop('POST', '/api/checkout', { accountId: 'f'.repeat(32) })).status).toBe(400);
    expect((await shop('POST', '/api/account', { email: 'not-an-email' })).status).toBe(400);
    const { body } = await shop<Account>('POST', '/api/account', { email: 'eva@example.com' });
    expect((await shop('DELETE', `/api/account/${body.accountId}/cards/pm_someone_else`)).status).toBe(404);
  });

  it('offers the PLN order and the declining provider as QA scenarios', async () => {
    const pln = await shop<CheckoutResponse>('POST', '/api/checkout', { scenario: 'order-in-pln' });
    expect(pln.body).toMatchObject({ currency: 'PLN', amount: 21_499 });
    const methods = await fetch(`${gateway.url}/api/sessions/${pln.body.sessionId}/payment-methods`, {
      headers: { 'x-client-key': 'test-client-key', 'user-agent': 'vitest' },
    });
    expect(((await methods.json()) as { payment_methods: { type: string }[] }).payment_methods[0]?.type).toBe('provider-x-local');
    const declining = await shop<CheckoutResponse>('POST', '/api/checkout', { scenario: 'provider-declines' });
    expect((await gateway.ctx.store.session(declining.body.sessionId))?.metadata).toEqual({ response_code: 'TRX_STATUS_DECLINED' });
  });
});
