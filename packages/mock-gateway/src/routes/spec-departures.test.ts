/** Issue #11: where the gateway departed from the spec (redirect pages' origin is in three-ds-flows). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ExecutionResponse } from '@payments/core';
import { testGateway, type TestGateway } from '../test-harness';
import { cardAuthorizeBody, encryptedCard, uniqueReference } from '../test-payments';

let t: TestGateway;
let auth: Record<string, string>;
beforeEach(async () => {
  t = await testGateway();
  auth = await t.auth();
});
afterEach(() => t.close());

const authorize = (body: unknown, headers = auth) => t.call<ExecutionResponse & ApiErrorBody>('POST', '/api/transactions/authorize', body, headers);
const properties = (reply: { body: unknown }) => (reply.body as ApiErrorBody).errors.map((e) => e.property);

describe('browser_info is required for card flows', () => {
  it('is a 422 on browser_info for a Direct API card or saved-card payment and a browser card payment', async () => {
    const { browser_info: _omit, ...card } = await cardAuthorizeBody(t, { number: '4000000000000002' });
    void _omit;
    const direct = await authorize(card);
    expect(direct.status).toBe(422);
    expect(properties(direct)).toEqual(['browser_info']);
    const saved = await authorize({ ...card, payment_method: { type: 'saved_card', data: { payment_method_id: 'pm_x', encrypted_cvv: await t.encrypt('123') } } });
    expect(properties(saved)).toEqual(['browser_info']);
    const session = await t.call<{ id: string }>('POST', '/api/sessions', {
      terminal_id: 'TERM00001', reference: uniqueReference('s'), description: 'Order', currency: 'EUR', amount: 1000, transaction_type: 'PURCHASE', return_url: 'https://merchant.example/back',
    }, auth);
    const browser = await authorize({ session_id: session.body.id, payment_method: { type: 'card', data: await encryptedCard(t, { number: '4000000000000002' }) } }, { 'x-client-key': 'test-client-key' });
    expect(properties(browser)).toEqual(['browser_info']);
    expect((await t.gw.ctx.store.count('transaction'))).toBe(0);
    // OCT has no 3-D Secure: no browser_info needed.
    expect((await authorize({ ...card, transaction_type: 'OCT', customer: { first_name: 'A', last_name: 'B', email: 'a@b.example', phone: '+38761123456', address: 'Street 1', city: 'Sarajevo', country: 'BA', postal_code: '71000' } })).status).toBe(200);
  });
});

describe('ISO codes', () => {
  it('refuses a currency outside ISO 4217 and a country outside ISO 3166-1 alpha-2', async () => {
    const bad = await authorize(await cardAuthorizeBody(t, { number: '4000000000000002' }, { currency: 'QQQ' }));
    expect(properties(bad)).toEqual(['currency']);
    const session = (extra: Record<string, unknown>) =>
      t.call<ApiErrorBody>('POST', '/api/sessions', { terminal_id: 'TERM00001', reference: uniqueReference('s'), description: 'Order', currency: 'EUR', amount: 1000, transaction_type: 'PURCHASE', return_url: 'https://merchant.example/back', ...extra }, auth);
    expect(properties(await session({ country: 'JJ' }))).toEqual(['country']);
    expect(properties(await session({ currency: 'QQQ' }))).toEqual(['currency']);
    expect((await session({ country: 'BA', currency: 'BAM' })).status).toBe(200);
    const customer = await t.call<ApiErrorBody>('POST', '/api/customers', { email: 'a@b.example', address: { country: 'JJ' } }, auth);
    expect(customer.status).toBe(422);
  });
});

describe('the token endpoint', () => {
  it('accepts application/x-www-form-urlencoded only', async () => {
    const json = await t.gw.api.inject({
      method: 'POST', url: '/oauth/token', headers: { 'user-agent': 'vitest', 'content-type': 'application/json' },
      payload: JSON.stringify({ grant_type: 'client_credentials', client_id: 'test-client', client_secret: 'test-secret' }),
    });
    expect(json.statusCode).toBe(415);
    expect(JSON.parse(json.body)).toMatchObject({ error: 'invalid_request' });
    expect(auth.authorization).toMatch(/^Bearer /);
  });
});

describe('an idempotent repeat answers the transaction as it is now', () => {
  it('after a VOID', async () => {
    const body = await cardAuthorizeBody(t, { number: '4000000000000002' }, { transaction_type: 'AUTHORIZE' });
    const first = await authorize(body);
    expect(first.body.result?.status).toBe('APPROVED');
    const voided = await t.call('POST', '/api/transactions/manage', { terminal_id: 'TERM00001', transaction_type: 'VOID', reference: body.reference, amount: 4999, currency: 'EUR' }, auth);
    expect(voided.status).toBe(200);
    expect((await authorize(body)).body.result?.status).toBe('VOIDED');
  });

  it('after a wallet redirect was approved at the provider', async () => {
    const body = await cardAuthorizeBody(t, { number: '4000000000000002' }, { payment_method: { type: 'wallet-a-redirect', data: {} }, error_url: 'https://merchant.example/e', cancel_url: 'https://merchant.example/c' });
    const first = await authorize(body);
    expect(first.body.redirect).not.toBeNull();
    const id = first.body.redirect!.transaction_id;
    await t.gw.acs.inject({ method: 'POST', url: `/provider/${id}`, headers: { 'user-agent': 'vitest', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=approve' });
    const again = await authorize(body);
    expect(again.body).toMatchObject({ redirect: null, result: { id, status: 'APPROVED' } });
  });
});
