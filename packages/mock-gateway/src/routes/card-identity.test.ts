/**
 * Card data and identity (issue #11): the keyed card hash, the second test merchant, who a
 * payment is for and which saved card it may use, CVV with saved cards.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_BROWSER_INFO, type ApiErrorBody, type ExecutionResponse, type StatusResponse, type Transaction } from '@payments/core';
import { createHash } from 'node:crypto';
import { defaultConfig } from '../config';
import { testGateway, type TestGateway } from '../test-harness';
import { cardAuthorizeBody, encryptedCard, uniqueReference } from '../test-payments';

let t: TestGateway;
let auth: Record<string, string>;
let auth2: Record<string, string>;
const CLIENT_KEY = { 'x-client-key': 'test-client-key' };

beforeEach(async () => {
  t = await testGateway();
  auth = await t.auth();
  auth2 = await t.auth({ id: 'test-client-2', secret: 'test-secret-2' });
});
afterEach(() => t.close());

const authorize = (body: unknown, headers = auth) => t.call<ExecutionResponse>('POST', '/api/transactions/authorize', body, headers);
const errorOf = (reply: { body: unknown }) => reply.body as ApiErrorBody;

async function newCustomer(headers = auth): Promise<string> {
  const reply = await t.call<{ id: string }>('POST', '/api/customers', { email: 'shopper@example.com' }, headers);
  return reply.body.id;
}

/** Saves 4111… for `customerId` through a Direct API payment; answers the token. */
async function saveCard(customerId: string | null): Promise<string> {
  const reply = await authorize(
    await cardAuthorizeBody(t, { number: '4111111111111111' }, {
      tokenization: { save_card_for_future_payments: true },
      ...(customerId ? { customer: { id: customerId } } : {}),
    }),
  );
  return reply.body.result!.payment_method.token!;
}

async function session(body: Record<string, unknown> = {}): Promise<string> {
  const reply = await t.call<{ id: string }>(
    'POST',
    '/api/sessions',
    { terminal_id: 'TERM00001', reference: uniqueReference('s'), description: 'Order', currency: 'EUR', amount: 1000, transaction_type: 'PURCHASE', return_url: 'https://merchant.example/back', ...body },
    auth,
  );
  expect(reply.status, reply.text).toBe(200);
  return reply.body.id;
}

async function hostedPage(body: Record<string, unknown> = {}): Promise<string> {
  const reply = await t.call<{ session_id: string }>(
    'POST',
    '/api/hosted-payment-page',
    {
      terminal_id: 'TERM00001', reference: uniqueReference('h'), description: 'Order', currency: 'EUR', amount: 1000, transaction_type: 'PURCHASE',
      success_url: 'https://merchant.example/ok', cancel_url: 'https://merchant.example/cancel', error_url: 'https://merchant.example/error', ...body,
    },
    auth,
  );
  expect(reply.status, reply.text).toBe(200);
  return reply.body.session_id;
}

async function savedCardInSession(sessionId: string, token: string, extra: Record<string, unknown> = {}) {
  return authorize(
    { session_id: sessionId, payment_method: { type: 'saved_card', data: { payment_method_id: token, encrypted_cvv: await t.encrypt('123') } }, browser_info: TEST_BROWSER_INFO, ...extra },
    CLIENT_KEY,
  );
}

const transactionCount = () => t.gw.ctx.store.count('transaction');

describe('payment_method.hash', () => {
  it('is an HMAC under a per-merchant secret: not the SHA-256 of the number, stable per merchant, different across merchants', async () => {
    const first = (await authorize(await cardAuthorizeBody(t, { number: '4000000000000002' }))).body.result!;
    const again = (await authorize(await cardAuthorizeBody(t, { number: '4000000000000002' }))).body.result!;
    const other = (
      await authorize(
        {
          ...(await cardAuthorizeBody(t, { number: '4000000000000002' })),
          terminal_id: 'TERM00009',
          payment_method: { type: 'card', data: await encryptedCard(t, { number: '4000000000000002' }, auth2) },
        },
        auth2,
      )
    ).body.result!;
    const plain = createHash('sha256').update('4000000000000002').digest('hex');
    expect(first.payment_method.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(plain.startsWith(first.payment_method.hash!.slice(0, 32))).toBe(false);
    expect(again.payment_method.hash).toBe(first.payment_method.hash);
    expect(other.status).toBe('APPROVED');
    expect(other.payment_method.hash).not.toBe(first.payment_method.hash);
  });

  it('uses the configured secret when the fixture sets one (stable across gateways)', async () => {
    const config = () => {
      const c = defaultConfig();
      c.merchants[0]!.card_hash_secret = 'fixture-secret';
      return c;
    };
    const hashes: string[] = [];
    for (let i = 0; i < 2; i++) {
      const g = await testGateway({ config: config() });
      const reply = await g.call<ExecutionResponse>('POST', '/api/transactions/authorize', await cardAuthorizeBody(g, { number: '4000000000000002' }), await g.auth());
      hashes.push(reply.body.result!.payment_method.hash!);
      await g.close();
    }
    expect(hashes[0]).toBe(hashes[1]);
  });
});

describe('the second test merchant', () => {
  it('has test-client-2 / test-secret-2, client key test-client-key-2, MERCHANT0002 and TERM00009 with the simplified simulator', async () => {
    expect(auth2.authorization).toMatch(/^Bearer /);
    const reply = await authorize(
      { ...(await cardAuthorizeBody(t, { number: '4000000000000010' })), terminal_id: 'TERM00009', payment_method: { type: 'card', data: await encryptedCard(t, { number: '4000000000000010' }, auth2) } },
      auth2,
    );
    expect(reply.body.redirect).not.toBeNull();
    const status = await t.call<StatusResponse>('GET', `/api/transactions/${reply.body.redirect!.transaction_id}/status`, undefined, { 'x-client-key': 'test-client-key-2' });
    expect(status.body.transaction).toMatchObject({ merchant_id: 'MERCHANT0002', terminal_id: 'TERM00009' });
  });

  it('scopes customers and saved cards per merchant', async () => {
    const customer = await newCustomer();
    const token = await saveCard(customer);
    const foreignCustomer = await authorize(
      { ...(await cardAuthorizeBody(t, { number: '4000000000000002' })), terminal_id: 'TERM00009', customer: { id: customer }, payment_method: { type: 'card', data: await encryptedCard(t, { number: '4000000000000002' }, auth2) } },
      auth2,
    );
    expect(foreignCustomer.status).toBe(422);
    expect(errorOf(foreignCustomer).errors[0]!.property).toBe('customer.id');
    const foreignCard = await authorize(
      { ...(await cardAuthorizeBody(t, { number: '4000000000000002' })), terminal_id: 'TERM00009', payment_method: { type: 'saved_card', data: { payment_method_id: token, encrypted_cvv: await t.encrypt('123', auth2) } } },
      auth2,
    );
    expect(foreignCard.status).toBe(422);
    expect(errorOf(foreignCard).errors[0]!.property).toBe('payment_method.data.payment_method_id');
  });
});

describe('customer binding of saved cards (browser)', () => {
  let a: string;
  let b: string;
  let tokenA: string;
  beforeEach(async () => {
    a = await newCustomer();
    b = await newCustomer();
    tokenA = await saveCard(a);
  });

  it('pays with A\'s card in a session the merchant created for A, recording A', async () => {
    const reply = await savedCardInSession(await session({ customer: { id: a } }), tokenA);
    expect(reply.body.result).toMatchObject({ status: 'APPROVED', customer: { id: a } });
  });

  it('refuses A\'s card in B\'s session even when the browser claims customer A, and creates no transaction', async () => {
    const before = (await transactionCount());
    const claimed = await savedCardInSession(await session({ customer: { id: b } }), tokenA, { customer: { id: a } });
    expect(claimed.status).toBe(422);
    expect(errorOf(claimed).errors[0]!.property).toBe('customer.id');
    const plain = await savedCardInSession(await session({ customer: { id: b } }), tokenA);
    expect(plain.status).toBe(422);
    expect(errorOf(plain)).toMatchObject({ code: 'INVALID_REQUEST_PAYMENT_METHOD_CUSTOMER_MISMATCH' });
    expect((await transactionCount())).toBe(before);
  });

  it('refuses A\'s card in a guest session (with or without a browser-sent customer.id) and in B\'s hosted page', async () => {
    const guest = await session();
    expect((await savedCardInSession(guest, tokenA)).status).toBe(422);
    expect((await savedCardInSession(guest, tokenA, { customer: { id: a } })).status).toBe(422);
    const pageOfB = await hostedPage({ customer_id: b });
    const reply = await savedCardInSession(pageOfB, tokenA);
    expect(errorOf(reply)).toMatchObject({ code: 'INVALID_REQUEST_PAYMENT_METHOD_CUSTOMER_MISMATCH' });
  });

  it('never lets the browser set the customer of a card payment', async () => {
    const reply = await authorize(
      { session_id: await session(), payment_method: { type: 'card', data: await encryptedCard(t, { number: '4000000000000002' }) }, browser_info: TEST_BROWSER_INFO, customer: { id: a, first_name: 'Eve' } },
      CLIENT_KEY,
    );
    expect(reply.status).toBe(422);
    expect(errorOf(reply).errors[0]!.property).toBe('customer.id');
  });

  it('records the hosted page\'s customer on its transactions (status and webhook payload)', async () => {
    const page = await hostedPage({ customer_id: a });
    const reply = await savedCardInSession(page, tokenA);
    const tx = reply.body.result as Transaction;
    expect(tx.customer.id).toBe(a);
    const status = await t.call<StatusResponse>('GET', `/api/transactions/${tx.id}/status`, undefined, auth);
    expect(status.body.transaction!.customer.id).toBe(a);
    const webhooks = (await t.gw.ctx.webhooks.deliveries()).filter((d) => d.transaction_id === tx.id && "payload" in d.body);
    expect(webhooks.length).toBeGreaterThan(0);
    expect((webhooks[0]!.body as { payload: { customer_id: string } }).payload.customer_id).toBe(a);
  });
});

describe('CVV with saved cards', () => {
  it('is required unless the merchant opts out with options.cvv_less', async () => {
    const a = await newCustomer();
    const token = await saveCard(a);
    const withoutCvv = (sessionId: string) =>
      authorize({ session_id: sessionId, payment_method: { type: 'saved_card', data: { payment_method_id: token } }, browser_info: TEST_BROWSER_INFO }, CLIENT_KEY);
    const refused = await withoutCvv(await session({ customer: { id: a } }));
    expect(refused.status).toBe(422);
    expect(errorOf(refused).errors[0]!.property).toBe('payment_method.data.encrypted_cvv');
    expect((await withoutCvv(await session({ customer: { id: a }, options: { cvv_less: true } }))).body.result?.status).toBe('APPROVED');
    expect((await withoutCvv(await hostedPage({ customer_id: a, options: { cvv_less: true } }))).body.result?.status).toBe('APPROVED');

    const direct = (options: Record<string, unknown>) =>
      cardAuthorizeBody(t, { number: '4111111111111111' }, { payment_method: { type: 'saved_card', data: { payment_method_id: token } }, ...options });
    expect((await authorize(await direct({}))).status).toBe(422);
    expect((await authorize(await direct({ options: { cvv_less: true } }))).body.result).toMatchObject({ status: 'APPROVED', customer: { id: a } });
  });
});

describe('card-testing limit', () => {
  const decline = async (sessionId: string, number = '4000000000000044') =>
    authorize(
      { session_id: sessionId, payment_method: { type: 'card', data: await encryptedCard(t, { number }) }, browser_info: TEST_BROWSER_INFO },
      CLIENT_KEY,
    );

  it('refuses authorize with INVALID_REQUEST_TOO_MANY_ATTEMPTS after 10 declines on a session or hosted page, creating nothing', async () => {
    for (const id of [await session(), await hostedPage()]) {
      for (let i = 0; i < 10; i++) expect((await decline(id)).body.result?.status).toBe('DECLINED');
      const before = (await transactionCount());
      const refused = await decline(id, '4000000000000002');
      expect(refused.status).toBe(422);
      expect(errorOf(refused)).toMatchObject({ code: 'INVALID_REQUEST_TOO_MANY_ATTEMPTS' });
      expect(errorOf(refused).errors[0]!.property).toBe('session_id');
      expect((await transactionCount())).toBe(before);
    }
  });

  it('takes the limit from the merchant config', async () => {
    const config = defaultConfig();
    config.merchants[0]!.max_declined_attempts = 2;
    await t.close();
    t = await testGateway({ config });
    auth = await t.auth();
    const id = await session();
    await decline(id);
    await decline(id);
    expect(errorOf(await decline(id, '4000000000000002'))).toMatchObject({ code: 'INVALID_REQUEST_TOO_MANY_ATTEMPTS' });
  });
});
