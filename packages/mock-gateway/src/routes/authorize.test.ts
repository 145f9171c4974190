import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ExecutionResponse, StatusResponse } from '@payments/core';
import { testGateway, type TestGateway } from '../test-harness';
import { cardAuthorizeBody, uniqueReference } from '../test-payments';

let t: TestGateway;
let auth: Record<string, string>;
beforeEach(async () => {
  t = await testGateway();
  auth = await t.auth();
});
afterEach(() => t.close());

const authorize = (body: unknown, headers = auth) => t.call<ExecutionResponse>('POST', '/api/transactions/authorize', body, headers);
const errorOf = (reply: { body: unknown }) => reply.body as ApiErrorBody;

describe('POST /api/transactions/authorize: cards on the simplified simulator', () => {
  it('approves the frictionless card with trans_status Y and a masked, branded card', async () => {
    const reply = await authorize(await cardAuthorizeBody(t, { number: '4000000000000002' }));
    expect(reply.status).toBe(200);
    const tx = reply.body.result!;
    expect(reply.body).toMatchObject({ action: null, redirect: null, form_submit: null });
    expect(tx).toMatchObject({ status: 'APPROVED', approved: true, processing_code: '0000', transaction_type: 'PURCHASE' });
    expect(tx.payment_method).toMatchObject({ type: 'card', brand: 'VISA', masked: '400000******0002' });
    expect(tx.processing_result.approval_code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(reply.body)).not.toContain('4000000000000002');
  });

  it('declines the insufficient-funds card with 1004 after authenticating', async () => {
    const reply = await authorize(await cardAuthorizeBody(t, { number: '5200000000000049' }));
    expect(reply.body.result).toMatchObject({
      status: 'DECLINED',
      approved: false,
      processing_code: '1004',
      response_message: 'TRX_STATUS_DECLINED_INSUFFICIENT_FUNDS',
    });
  });

  it('skips 3-D Secure for other cards and lets response_code decide', async () => {
    const approved = await authorize(await cardAuthorizeBody(t, { number: '4111111111111111' }));
    expect(approved.body.result?.status).toBe('APPROVED');
    const declined = await authorize(
      await cardAuthorizeBody(t, { number: '4111111111111111' }, { metadata: { response_code: 'TRX_STATUS_DECLINED' } }),
    );
    expect(declined.body.result).toMatchObject({ status: 'DECLINED', processing_code: '1000' });
    const failed = await authorize(
      await cardAuthorizeBody(t, { number: '4111111111111111' }, { metadata: { response_code: 'TRX_STATUS_FAILED' } }),
    );
    expect(failed.body.result).toMatchObject({ status: 'FAILED', processing_code: '1001' });
  });

  it('holds funds with AUTHORIZE', async () => {
    const reply = await authorize(await cardAuthorizeBody(t, { number: '4000000000000002' }, { transaction_type: 'AUTHORIZE' }));
    expect(reply.body.result).toMatchObject({ status: 'APPROVED', transaction_type: 'AUTHORIZE' });
  });
});

describe('validation (spec: Errors)', () => {
  it('reports a reference over 40 characters on `reference`', async () => {
    const reply = await authorize(await cardAuthorizeBody(t, { number: '4000000000000002' }, { reference: 'x'.repeat(41) }));
    expect(reply.status).toBe(422);
    expect(errorOf(reply)).toMatchObject({ status: 422, method: 'POST /api/transactions/authorize' });
    expect(errorOf(reply).errors.map((e) => e.property)).toEqual(['reference']);
  });

  it('refuses an unsupported currency and a decimal or string amount', async () => {
    for (const [field, value] of [
      ['currency', 'EURO'],
      ['amount', 10.5],
      ['amount', '100'],
      ['amount', 0],
      ['amount', 2 ** 63],
    ] as const) {
      const reply = await authorize(await cardAuthorizeBody(t, { number: '4000000000000002' }, { [field]: value }));
      expect(reply.status, `${field}=${value}`).toBe(422);
      expect(errorOf(reply).errors[0]!.property).toBe(field);
    }
  });

  it('names missing payment method data by its property path', async () => {
    const body = await cardAuthorizeBody(t, { number: '4000000000000002' });
    delete (body.payment_method as { data: Record<string, unknown> }).data.encrypted_cvv;
    const reply = await authorize(body);
    expect(reply.status).toBe(422);
    expect(errorOf(reply).errors.map((e) => e.property)).toEqual(['payment_method.data.encrypted_cvv']);
  });

  it('refuses a field that does not decrypt with the merchant key, and stores nothing', async () => {
    const body = await cardAuthorizeBody(t, { number: '4000000000000002' });
    (body.payment_method as { data: Record<string, unknown> }).data.encrypted_card_number = btoa('4000000000000002');
    const reply = await authorize(body);
    expect(reply.status).toBe(422);
    expect(errorOf(reply).errors[0]!.property).toBe('payment_method.data.encrypted_card_number');
    expect((await t.gw.ctx.store.count('transaction'))).toBe(0);
  });

  it('refuses an expired card and a month with a leading zero', async () => {
    const expired = await authorize(await cardAuthorizeBody(t, { number: '4000000000000002', month: '1', year: '2020' }));
    expect(errorOf(expired).errors[0]!.property).toBe('payment_method.data.encrypted_expiration_year');
    const zero = await authorize(await cardAuthorizeBody(t, { number: '4000000000000002', month: '01' }));
    expect(errorOf(zero).errors[0]!.property).toBe('payment_method.data.encrypted_expiration_month');
  });

  it('answers the processing codes for unknown (2013) and inactive (2014) terminals', async () => {
    const unknown = await authorize(await cardAuthorizeBody(t, { number: '4000000000000002' }, { terminal_id: 'TERM99999' }));
    expect(unknown.status).toBe(422);
    expect(errorOf(unknown)).toMatchObject({ code: '2013', errors: [{ property: 'terminal_id' }] });
    const inactive = await authorize(await cardAuthorizeBody(t, { number: '4000000000000002' }, { terminal_id: 'TERM00003' }));
    expect(errorOf(inactive).code).toBe('2014');
  });

  it('requires every customer field for OCT, phone in E.164', async () => {
    const reply = await authorize(
      await cardAuthorizeBody(t, { number: '4111111111111111' }, { transaction_type: 'OCT', customer: { first_name: 'Ana' } }),
    );
    expect(reply.status).toBe(422);
    expect(errorOf(reply).errors.map((e) => e.property)).toEqual([
      'customer.last_name',
      'customer.email',
      'customer.phone',
      'customer.address',
      'customer.city',
      'customer.country',
      'customer.postal_code',
    ]);
    const customer = {
      first_name: 'Ana',
      last_name: 'Kovač',
      email: 'ana@example.com',
      phone: '+38761123456',
      address: 'Ferhadija 1',
      city: 'Sarajevo',
      country: 'BA',
      postal_code: '71000',
    };
    const ok = await authorize(await cardAuthorizeBody(t, { number: '4000000000000010' }, { transaction_type: 'OCT', customer }));
    // OCT skips 3-D Secure even for the redirect card.
    expect(ok.body.result).toMatchObject({ status: 'APPROVED', transaction_type: 'OCT' });
  });
});

describe('idempotency per terminal by reference', () => {
  it('returns the existing transaction for the same reference, amount and currency', async () => {
    const body = await cardAuthorizeBody(t, { number: '4000000000000002' });
    const first = await authorize(body);
    const again = await authorize(body);
    expect(again.body.result!.id).toBe(first.body.result!.id);
    expect((await t.gw.ctx.store.count('transaction'))).toBe(1);
  });

  it('returns the same pending 3-D Secure step for a repeated request', async () => {
    const body = await cardAuthorizeBody(t, { number: '4000000000000010' });
    const first = await authorize(body);
    const again = await authorize(body);
    expect(again.body.redirect).toEqual(first.body.redirect);
  });

  it('refuses the same reference with another amount or currency', async () => {
    const body = await cardAuthorizeBody(t, { number: '4000000000000002' });
    await authorize(body);
    const amount = await authorize({ ...body, amount: 1 });
    expect(amount.status).toBe(422);
    expect(errorOf(amount).errors[0]!.property).toBe('amount');
    const currency = await authorize({ ...body, currency: 'USD' });
    expect(errorOf(currency).errors[0]!.property).toBe('currency');
  });
});

describe('authorization and the edge', () => {
  it('refuses a bad or expired token with a JSON error field', async () => {
    const bad = await authorize(await cardAuthorizeBody(t, { number: '4000000000000002' }), { authorization: 'Bearer nope' });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ error: 'invalid_token' });
    await t.call('POST', '/__mock/clock', { advance_seconds: 301 });
    const expired = await authorize(await cardAuthorizeBody(t, { number: '4000000000000002' }));
    expect(expired.status).toBe(401);
    expect((expired.body as unknown as { error_description: string }).error_description).toMatch(/expired/);
  });

  it('answers 403 with an empty body without a User-Agent or with markup in a field', async () => {
    const noAgent = await t.gw.api.inject({ method: 'POST', url: '/api/transactions/authorize', payload: {}, headers: { 'user-agent': '' } });
    expect(noAgent.statusCode).toBe(403);
    expect(noAgent.body).toBe('');
    const markup = await authorize(await cardAuthorizeBody(t, { number: '4000000000000002' }, { description: '<script>alert(1)</script>' }));
    expect(markup.status).toBe(403);
    expect(markup.text).toBe('');
    const sql = await authorize(await cardAuthorizeBody(t, { number: '4000000000000002' }, { reference: "x' OR 1=1 --" }));
    expect(sql.status).toBe(403);
    const traversal = await t.call('GET', '/api/transactions/..%2f..%2fetc/status', undefined, auth);
    expect(traversal.status).toBe(403);
  });
});

describe('redirect and local methods', () => {
  it('provider-x-local: PLN only, email required, then the provider page', async () => {
    const base = {
      reference: uniqueReference(),
      terminal_id: 'TERM00001',
      description: 'Order',
      currency: 'EUR',
      amount: 1000,
      transaction_type: 'PURCHASE',
      return_url: 'https://merchant.example/return',
      payment_method: { type: 'provider-x-local', data: { email: 'jan@example.pl', first_name: 'Jan', last_name: 'Nowak' } },
    };
    const eur = await authorize(base);
    expect(eur.status).toBe(422);
    expect(errorOf(eur).errors[0]!.property).toBe('currency');
    const noEmail = await authorize({ ...base, currency: 'PLN', payment_method: { type: 'provider-x-local', data: { first_name: 'Jan', last_name: 'Nowak' } } });
    expect(errorOf(noEmail).errors.map((e) => e.property)).toEqual(['payment_method.data.email']);
    const badBlik = await authorize({ ...base, currency: 'PLN', payment_method: { type: 'provider-x-local', data: { ...base.payment_method.data, blik_code: '12345' } } });
    expect(errorOf(badBlik).errors[0]!.property).toBe('payment_method.data.blik_code');
    const ok = await authorize({ ...base, currency: 'PLN', reference: uniqueReference() });
    expect(ok.body.result).toBeNull();
    expect(ok.body.redirect!.url).toBe(`${t.gw.ctx.urls.acs}/provider/${ok.body.redirect!.transaction_id}`);
    const status = await t.call<StatusResponse>('GET', `/api/transactions/${ok.body.redirect!.transaction_id}/status`, undefined, auth);
    expect(status.body.transaction).toMatchObject({ status: 'PENDING', pending: true });
  });

  it('provider-y: known codes only, PURCHASE only', async () => {
    const body = (type: string, transactionType = 'PURCHASE') => ({
      reference: uniqueReference(),
      terminal_id: 'TERM00001',
      description: 'Order',
      currency: 'EUR',
      amount: 1000,
      transaction_type: transactionType,
      return_url: 'https://merchant.example/return',
      payment_method: { type, data: { email: 'a@example.com', first_name: 'A', last_name: 'B' } },
    });
    expect((await authorize(body('provider-y-redirect-idl'))).body.redirect).not.toBeNull();
    expect(errorOf(await authorize(body('provider-y-redirect-zzz'))).errors[0]!.property).toBe('payment_method.type');
    expect(errorOf(await authorize(body('provider-y-redirect-idl', 'AUTHORIZE'))).errors[0]!.property).toBe('transaction_type');
  });

  it('wallet redirects need error_url and cancel_url', async () => {
    const body = {
      reference: uniqueReference(),
      terminal_id: 'TERM00001',
      description: 'Order',
      currency: 'EUR',
      amount: 1000,
      transaction_type: 'PURCHASE',
      return_url: 'https://merchant.example/return',
      payment_method: { type: 'wallet-a-redirect', data: {} },
    };
    expect((await authorize(body)).status).toBe(422);
    const ok = await authorize({ ...body, error_url: 'https://merchant.example/error', cancel_url: 'https://merchant.example/cancel' });
    expect(ok.body.redirect).not.toBeNull();
  });
});

describe('network tokens and wallet-a', () => {
  it('skips 3-D Secure with a cryptogram and ECI, authenticates PAN_ONLY', async () => {
    const data = {
      encrypted_token_number: await t.encrypt('4000000000000010'),
      encrypted_expiration_month: await t.encrypt('12'),
      encrypted_expiration_year: await t.encrypt('2030'),
    };
    const body = (extra: Record<string, unknown>) =>
      cardAuthorizeBody(t, { number: '0' }, { reference: uniqueReference(), payment_method: { type: 'network-token', data: { ...data, ...extra } } });
    const cryptogram = await authorize(await body({ encrypted_cryptogram: await t.encrypt('AAAA'), eci: '05' }));
    expect(cryptogram.body.result).toMatchObject({ status: 'APPROVED', payment_method: { type: 'network-token' } });
    const panOnly = await authorize(await body({}));
    expect(panOnly.body.redirect).not.toBeNull();
    const noEci = await authorize(await body({ encrypted_cryptogram: await t.encrypt('AAAA') }));
    expect(errorOf(noEci).errors[0]!.property).toBe('payment_method.data.eci');
  });

  it('reads a wallet-a token: CRYPTOGRAM_3DS skips 3-D Secure, PAN_ONLY starts it', async () => {
    const token = (authMethod: string) =>
      btoa(
        JSON.stringify({
          protocolVersion: 'ECv2',
          signedMessage: JSON.stringify({
            paymentMethodDetails: { pan: '4000000000000010', expirationMonth: 12, expirationYear: 2031, authMethod, cryptogram: 'AAA' },
          }),
        }),
      );
    const body = async (authMethod: string) =>
      cardAuthorizeBody(t, { number: '0' }, { reference: uniqueReference(), payment_method: { type: 'wallet-a', data: { google_pay_token: token(authMethod) } } });
    expect((await authorize(await body('CRYPTOGRAM_3DS'))).body.result?.status).toBe('APPROVED');
    expect((await authorize(await body('PAN_ONLY'))).body.redirect).not.toBeNull();
    const junk = await authorize(await cardAuthorizeBody(t, { number: '0' }, { payment_method: { type: 'wallet-a', data: { google_pay_token: 'bm9wZQ==' } } }));
    expect(errorOf(junk).errors[0]!.property).toBe('payment_method.data.google_pay_token');
  });
});

describe('saved cards', () => {
  it('saves a card for a customer, pays with it, and refuses it once deleted', async () => {
    const customer = await t.call<{ id: string }>('POST', '/api/customers', { email: 'ana@example.com', first_name: 'Ana' }, auth);
    expect(customer.status).toBe(200);
    const first = await authorize(
      await cardAuthorizeBody(
        t,
        { number: '4000000000000002' },
        { customer: { id: customer.body.id }, tokenization: { save_card_for_future_payments: true } },
      ),
    );
    const token = first.body.result!.payment_method.token!;
    expect(token).toMatch(/^pm_/);
    const tokenized = (await t.gw.ctx.webhooks.deliveries()).find((d) => d.event === 'tokenization-webhook:payment-method:tokenized');
    expect(tokenized?.body).toMatchObject({ data: { payment_method_id: token, customer_id: customer.body.id, card_last_4: '0002' } });

    const again = await authorize(
      await cardAuthorizeBody(t, { number: '0' }, {
        payment_method: { type: 'saved_card', data: { payment_method_id: token, encrypted_cvv: await t.encrypt('123') } },
      }),
    );
    expect(again.body.result).toMatchObject({ status: 'APPROVED', payment_method: { type: 'saved_card', token } });

    const deleted = await t.call('DELETE', `/api/payment-methods/${token}`, undefined, auth);
    expect(deleted.status).toBe(200);
    const refused = await authorize(
      await cardAuthorizeBody(t, { number: '0' }, { payment_method: { type: 'saved_card', data: { payment_method_id: token } } }),
    );
    expect(refused.status).toBe(422);
    expect(errorOf(refused)).toMatchObject({
      code: 'INVALID_REQUEST_PAYMENT_METHOD_INACTIVE',
      errors: [{ property: 'payment_method.data.payment_method_id' }],
    });
  });

  it('refuses an unknown customer id', async () => {
    const reply = await authorize(await cardAuthorizeBody(t, { number: '4000000000000002' }, { customer: { id: 'cus_missing' } }));
    expect(errorOf(reply).errors[0]!.property).toBe('customer.id');
  });

  it('keeps an unlinked saved card unassociated', async () => {
    const first = await authorize(
      await cardAuthorizeBody(t, { number: '4000000000000002' }, { tokenization: { save_card_for_future_payments: true } }),
    );
    const saved = (await t.gw.ctx.store.paymentMethod(first.body.result!.payment_method.token!));
    expect(saved?.customer_id).toBe('');
  });
});

// Regressions found by the hostile suite (hostile/gateway-regressions.test.ts has the counterexamples).
describe('hostile input', () => {
  it('stores and answers only the spec customer fields, whatever else is sent', async () => {
    const reply = await authorize(
      await cardAuthorizeBody(t, { number: '4000000000000002' }, { customer: { first_name: 'Ana', toString: 'x', foo: { deep: [1] } } }),
    );
    expect(reply.status).toBe(200);
    const customer = reply.body.result!.customer;
    expect(Object.keys(customer).sort()).toEqual(['address', 'city', 'country', 'email', 'first_name', 'id', 'last_name', 'phone', 'postal_code']);
    expect(customer.first_name).toBe('Ana');
    const status = await t.call<StatusResponse>('GET', `/api/transactions/${reply.body.result!.id}/status`, undefined, auth);
    expect(status.body.transaction?.customer).toEqual(customer);
  });

  it.each(['constructor', '__proto__', 'toString', '06'])('keeps the challenge window size a real one when metadata says %s', async (size) => {
    const reply = await authorize(
      await cardAuthorizeBody(t, { number: '4111111111111111' }, { terminal_id: 'TERM00002', metadata: { challenge_window_size: size } }),
    );
    const token = JSON.parse(Buffer.from(reply.body.action!.token, 'base64').toString('utf8')) as { challenge_window_size: string };
    expect(['01', '02', '03', '04', '05']).toContain(token.challenge_window_size);
  });
});
