import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_BROWSER_INFO, type ApiErrorBody, type ExecutionResponse, type PaymentSession } from '@payments/core';
import { testGateway, type TestGateway } from '../test-harness';
import { encryptedCard, uniqueReference } from '../test-payments';

let t: TestGateway;
let auth: Record<string, string>;
beforeEach(async () => {
  t = await testGateway();
  auth = await t.auth();
});
afterEach(() => t.close());

const clientKey = { 'x-client-key': 'test-client-key' };

function sessionBody(extra: Record<string, unknown> = {}) {
  return {
    terminal_id: 'TERM00001',
    reference: uniqueReference('order'),
    description: 'Blue jacket',
    currency: 'EUR',
    amount: 4999,
    transaction_type: 'PURCHASE',
    return_url: 'http://localhost:5173/return',
    ...extra,
  };
}

async function newSession(extra: Record<string, unknown> = {}) {
  const reply = await t.call<PaymentSession>('POST', '/api/sessions', sessionBody(extra), auth);
  expect(reply.status).toBe(200);
  return reply.body;
}

async function payInSession(sessionId: string, number: string) {
  return t.call<ExecutionResponse>(
    'POST',
    '/api/transactions/authorize',
    { session_id: sessionId, browser_info: TEST_BROWSER_INFO, payment_method: { type: 'card', data: await encryptedCard(t, { number }) } },
    clientKey,
  );
}

describe('POST /api/sessions', () => {
  it('answers the spec session fields with status CREATED', async () => {
    const session = await newSession({ country: 'BA', customer: { email: 'ana@example.com' } });
    expect(Object.keys(session).sort()).toEqual(
      ['amount', 'country', 'currency', 'customer', 'description', 'id', 'reference', 'return_url', 'status', 'terminal_id', 'transaction_type'].sort(),
    );
    expect(session).toMatchObject({ status: 'CREATED', country: 'BA', customer: { email: 'ana@example.com', first_name: null } });
  });

  it('needs a bearer token: the public client key cannot create sessions', async () => {
    const reply = await t.call('POST', '/api/sessions', sessionBody(), clientKey);
    expect(reply.status).toBe(401);
    expect(reply.body).toHaveProperty('error');
  });

  it('validates its fields', async () => {
    const reply = await t.call<ApiErrorBody>('POST', '/api/sessions', sessionBody({ transaction_type: 'OCT', country: 'BIH', reference: 'r'.repeat(41) }), auth);
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e) => e.property).sort()).toEqual(['country', 'reference', 'transaction_type']);
  });

  it('keeps a reference unique per terminal, returning the open session for an identical request', async () => {
    const body = sessionBody();
    const first = await t.call<PaymentSession>('POST', '/api/sessions', body, auth);
    const again = await t.call<PaymentSession>('POST', '/api/sessions', body, auth);
    expect(again.body.id).toBe(first.body.id);
    const other = await t.call<ApiErrorBody>('POST', '/api/sessions', { ...body, amount: 1 }, auth);
    expect(other.status).toBe(422);
    expect(other.body.errors[0]!.property).toBe('reference');
  });

  it('pays through the session with the client key, carrying its metadata and originator', async () => {
    const session = await newSession({ metadata: { response_code: 'TRX_STATUS_DECLINED' } });
    const reply = await payInSession(session.id, '4111111111111111');
    expect(reply.body.result).toMatchObject({ status: 'DECLINED', reference: session.reference, amount: 4999 });
    const record = (await t.gw.ctx.store.transaction(reply.body.result!.id))!;
    expect(record).toMatchObject({ integration_type: 'EMBEDDED_FIELDS', originator_url: 'http://localhost:5173', session_id: session.id });
  });

  it('lets the shopper try again after a decline, never after an approval', async () => {
    const session = await newSession();
    const declined = await payInSession(session.id, '4000000000000044');
    expect(declined.body.result?.status).toBe('DECLINED');
    const approved = await payInSession(session.id, '4000000000000002');
    expect(approved.body.result?.status).toBe('APPROVED');
    expect(approved.body.result?.order_id).toBe(declined.body.result?.order_id);
    const third = await payInSession(session.id, '4000000000000002');
    expect(third.body.result?.id).toBe(approved.body.result?.id);
    const view = await t.call<{ status: string }>('GET', `/api/sessions/${session.id}`, undefined, clientKey);
    expect(view.body.status).toBe('COMPLETED');
  });

  it('refuses a session past its lifetime with processing code 1005', async () => {
    const session = await newSession();
    await t.call('POST', '/__mock/clock', { advance_seconds: 31 * 60 });
    const reply = await payInSession(session.id, '4000000000000002');
    expect(reply.status).toBe(422);
    expect(reply.body as unknown as ApiErrorBody).toMatchObject({ code: '1005', errors: [{ property: 'session_id' }] });
  });

  it('ignores metadata sent by a browser', async () => {
    const session = await newSession();
    const reply = await t.call<ApiErrorBody>(
      'POST',
      '/api/transactions/authorize',
      {
        session_id: session.id,
        browser_info: TEST_BROWSER_INFO,
        payment_method: { type: 'card', data: await encryptedCard(t, { number: '4111111111111111' }) },
        metadata: { response_code: 'TRX_STATUS_DECLINED' },
      },
      clientKey,
    );
    expect((reply.body as unknown as ExecutionResponse).result?.status).toBe('APPROVED');
  });

  it('shows a browser what it needs to render, never the secret', async () => {
    const session = await newSession();
    const view = await t.call<Record<string, unknown>>('GET', `/api/sessions/${session.id}`, undefined, clientKey);
    expect(view.body).toMatchObject({ id: session.id, kind: 'EMBEDDED_FIELDS', merchant: { name: 'Northwind Outfitters' } });
    expect(JSON.stringify(view.body)).not.toContain('test-secret');
    const unknown = await t.call('GET', '/api/sessions/nope', undefined, clientKey);
    expect(unknown.status).toBe(422);
  });
});

describe('POST /api/hosted-payment-page', () => {
  const hppBody = (extra: Record<string, unknown> = {}) => ({
    reference: uniqueReference('hpp'),
    terminal_id: 'TERM00001',
    description: 'Blue jacket',
    amount: 4999,
    currency: 'EUR',
    transaction_type: 'PURCHASE',
    success_url: 'http://localhost:5173/success',
    cancel_url: 'http://localhost:5173/cancel',
    error_url: 'http://localhost:5173/error',
    ...extra,
  });

  it('answers redirect_url to the hosted page', async () => {
    const reply = await t.call<{ redirect_url: string; session_id: string }>('POST', '/api/hosted-payment-page', hppBody(), auth);
    expect(reply.status).toBe(200);
    expect(reply.body.redirect_url).toBe(`${t.gw.ctx.urls.gateway}/hpp/${reply.body.session_id}`);
  });

  it('accepts the documented languages and option types, and refuses others', async () => {
    for (const language of ['English', 'Bosanski', 'romana', 'Svenska', 'sv', 'ro-RO']) {
      expect((await t.call('POST', '/api/hosted-payment-page', hppBody({ language }), auth)).status, language).toBe(200);
    }
    const bad = await t.call<ApiErrorBody>('POST', '/api/hosted-payment-page', hppBody({ language: 'Deutsch' }), auth);
    expect(bad.body.errors[0]!.property).toBe('language');
    const options = await t.call<{ session_id: string }>(
      'POST',
      '/api/hosted-payment-page',
      hppBody({ options: { number_of_instalments: 3, skip_three_ds: 'true', cvv_less: true } }),
      auth,
    );
    const view = await t.call<{ hpp: { options: unknown } }>('GET', `/api/sessions/${options.body.session_id}`, undefined, clientKey);
    expect(view.body.hpp.options).toEqual({ number_of_instalments: [1, 2, 3], skip_three_ds: true, cvv_less: true });
    const badOption = await t.call<ApiErrorBody>('POST', '/api/hosted-payment-page', hppBody({ options: { cvv_less: 'yes' } }), auth);
    expect(badOption.status).toBe(422);
  });

  // Hostile suite regression: a lookup in a plain object took these for languages.
  it.each(['__proto__', 'constructor', 'CONSTRUCTOR', 'hasOwnProperty'])('refuses the language %s', async (language) => {
    const reply = await t.call<ApiErrorBody>('POST', '/api/hosted-payment-page', hppBody({ language }), auth);
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0]!.property).toBe('language');
  });

  it('keeps only the spec customer fields of a session', async () => {
    const reply = await t.call<{ session_id: string }>(
      'POST',
      '/api/hosted-payment-page',
      hppBody({ customer: { email: 'a@b.co', Infinity: 'x', nested: { a: 1 } } }),
      auth,
    );
    expect(reply.status).toBe(200);
    const customer = (await t.gw.ctx.store.session(reply.body.session_id))!.session.customer!;
    expect(Object.keys(customer).sort()).toEqual(['address', 'city', 'country', 'email', 'first_name', 'id', 'last_name', 'phone', 'postal_code']);
  });

  it('requires the three return URLs and a description of at most 100 characters', async () => {
    const reply = await t.call<ApiErrorBody>(
      'POST',
      '/api/hosted-payment-page',
      { ...hppBody({ description: 'd'.repeat(101) }), success_url: undefined },
      auth,
    );
    expect(reply.body.errors.map((e) => e.property).sort()).toEqual(['description', 'success_url']);
  });

  it('refuses an unknown customer_id', async () => {
    const reply = await t.call<ApiErrorBody>('POST', '/api/hosted-payment-page', hppBody({ customer_id: 'cus_nope' }), auth);
    expect(reply.body.errors[0]!.property).toBe('customer_id');
  });

  it('pays without CVV when cvv_less, skips 3-D Secure when asked, and returns to the page', async () => {
    const created = await t.call<{ session_id: string }>(
      'POST',
      '/api/hosted-payment-page',
      hppBody({ options: { cvv_less: true, skip_three_ds: true } }),
      auth,
    );
    const data = await encryptedCard(t, { number: '4000000000000010' });
    delete data.encrypted_cvv;
    const reply = await t.call<ExecutionResponse>(
      'POST',
      '/api/transactions/authorize',
      { session_id: created.body.session_id, browser_info: TEST_BROWSER_INFO, payment_method: { type: 'card', data } },
      clientKey,
    );
    // The redirect card would redirect; skip_three_ds authorizes at once.
    expect(reply.body.result?.status).toBe('APPROVED');
    expect((await t.gw.ctx.store.transaction(reply.body.result!.id))?.integration_type).toBe('HPP');
  });
});

describe('instalments on a hosted-page payment', () => {
  it('accepts only an offered count, and keeps it on the transaction', async () => {
    const created = await t.call<{ session_id: string }>(
      'POST',
      '/api/hosted-payment-page',
      {
        reference: uniqueReference('inst'),
        terminal_id: 'TERM00001',
        description: 'Sofa',
        amount: 120000,
        currency: 'EUR',
        transaction_type: 'PURCHASE',
        success_url: 'http://localhost:5173/success',
        cancel_url: 'http://localhost:5173/cancel',
        error_url: 'http://localhost:5173/error',
        options: { number_of_instalments: [3, 6] },
      },
      auth,
    );
    const pay = async (instalments: number) =>
      t.call<ExecutionResponse>(
        'POST',
        '/api/transactions/authorize',
        { session_id: created.body.session_id, instalments, browser_info: TEST_BROWSER_INFO, payment_method: { type: 'card', data: await encryptedCard(t, { number: '4000000000000002' }) } },
        clientKey,
      );
    const refused = await pay(4);
    expect(refused.status).toBe(422);
    expect((refused.body as unknown as ApiErrorBody).errors[0]!.property).toBe('instalments');
    const paid = await pay(6);
    expect(paid.body.result?.status).toBe('APPROVED');
    expect((await t.gw.ctx.store.transaction(paid.body.result!.id))?.metadata.instalments).toBe(6);
  });
});
