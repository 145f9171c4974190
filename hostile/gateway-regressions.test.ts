/**
 * Every counterexample the hostile suite found, kept as a named case (the fixes have their
 * own regular tests beside the code they changed). Each runs through the same invariants as
 * the fuzzing: answered in time, in an allowed shape, nothing created by a refusal, the
 * store consistent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BROWSER_INFO, type ApiErrorBody, type ExecutionResponse, type PaymentSession, type ThreeDsActionToken } from '@payments/core';
import { decodeBase64Json } from '@payments/core';
import { encodePathSegment } from './support/arbitraries';
import { exchange } from './support/exchange';
import { fuzzGateway, type FuzzGateway } from './support/fixture';
import { CUSTOMER_KEYS } from './support/invariants';
import { recordCase } from './support/runs';

let fx: FuzzGateway;
beforeAll(async () => {
  fx = await fuzzGateway();
});
afterAll(async () => {
  await fx.close();
});

/** A regression case: timed for the summary. */
function regression(name: string, body: () => Promise<void>): void {
  it(name, async () => {
    const started = performance.now();
    await body();
    recordCase('regression', name, performance.now() - started);
  });
}

const hundredK = (unit: string, prefix = '') => prefix + unit.repeat(Math.ceil(100_000 / unit.length)).slice(0, 100_000);

async function cardBody(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return {
    reference: `rg-${Math.random().toString(36).slice(2, 14)}`,
    terminal_id: 'TERM00001',
    description: 'regression',
    currency: 'EUR',
    amount: 1000,
    transaction_type: 'PURCHASE',
    payment_method: { type: 'card', data: await fx.card('4000000000000002') },
    browser_info: TEST_BROWSER_INFO,
    return_url: 'https://merchant.example/return',
    ...overrides,
  };
}

describe('edge rules backtracking on 100k-character values (found: authorize 3.0 s, payment 10.9 s per request)', () => {
  // Found by the fuzzer: authorize with currency "</*x/*x…" (100k) took 3.0 s, a payment body
  // 10.9 s; the analysis of the edge patterns then gave these four shapes. Before the fix the
  // first one was cubic (2,000 spaces: 3.7 s; 100k: hours), the others quadratic (8–14 s).
  const shapes: [string, string][] = [
    ['"select" then whitespace', hundredK(' ', 'select')],
    ['a quote then whitespace', hundredK(' ', "'")],
    ['"<" then whitespace', hundredK(' ', '<')],
    ['unclosed comments "/*x" repeated (the fuzzer\'s currency)', hundredK('/*x', '<')],
  ];
  for (const [shape, value] of shapes) {
    regression(`authorize: ${shape} in description answers at once`, async () => {
      const { answer, ms } = await exchange(fx, { method: 'POST', url: '/api/transactions/authorize', body: await cardBody({ description: value }) });
      expect(answer.status).toBe(422);
      expect(ms).toBeLessThan(500);
    });
    regression(`payment: ${shape} in a metadata value answers at once`, async () => {
      const { answer, ms } = await exchange(fx, {
        method: 'POST',
        url: '/api/transactions/payment',
        body: { terminal_id: 'TERM00001', reference: 'rg-pay', description: 'x', currency: 'EUR', amount: 1, method: 'UPI', country: 'IN', customer_ip: '203.0.113.5', return_url: 'https://m.example/r', error_url: 'https://m.example/e', cancel_url: 'https://m.example/c', metadata: { note: value } },
      });
      expect([200, 403]).toContain(answer.status);
      expect(ms).toBeLessThan(500);
    });
  }
});

describe("router errors answered in Fastify's own body instead of the spec's", () => {
  regression('status: an id of 400 emoji (over the 512-character route limit) → 414 in the spec body', async () => {
    const { answer, json } = await exchange(fx, { method: 'GET', url: `/api/transactions/${encodePathSegment(`"${'🚀'.repeat(400)}`)}/status` });
    expect(answer.status).toBe(414);
    expect((json as ApiErrorBody).errors[0]!.params).toContain('FST_ERR_MAX_PARAM_LENGTH');
  });
  regression('delete: lone surrogates in the id (%ED%BB%BD…) → 400 in the spec body', async () => {
    const { answer, json } = await exchange(fx, { method: 'DELETE', url: '/api/payment-methods/%ED%BB%BDa%00aa%ED%AF%A6%E2%80%AE%F2%AD%AC%8C%E2%80%AE' });
    expect(answer.status).toBe(400);
    expect((json as ApiErrorBody).errors[0]!.params).toContain('FST_ERR_BAD_URL');
  });
  regression('session payment methods: "union " and 18,732 tabs as the id → 414 in the spec body', async () => {
    const { answer } = await exchange(fx, { method: 'GET', url: `/api/sessions/union%20${'%09'.repeat(18_732)}/payment-methods`, auth: 'client_key' });
    expect(answer.status).toBe(414);
  });
});

describe('customer fields the spec does not define were stored and echoed', () => {
  const expectSpecCustomer = (customer: object | null | undefined) => expect(Object.keys(customer ?? {}).sort()).toEqual(CUSTOMER_KEYS);

  regression('authorize (Direct API): customer.toString on a provider-y redirect', async () => {
    const { answer, json } = await exchange(fx, {
      method: 'POST',
      url: '/api/transactions/authorize',
      body: await cardBody({
        currency: 'PLN',
        payment_method: { type: 'provider-y-redirect-npy', data: { email: 'shopper@example.com', first_name: 'A', last_name: 'B' } },
        error_url: 'https://m.example/e',
        cancel_url: 'https://m.example/c',
        customer: { first_name: 'A', toString: 'ꅧ𝚚/' },
      }),
    });
    expect(answer.status).toBe(200);
    const id = (json as ExecutionResponse).redirect!.transaction_id;
    expectSpecCustomer((await fx.gw.ctx.store.transaction(id))!.transaction.customer);
  });

  regression('authorize (browser): customer.constructor in a hosted-page session', async () => {
    const session = await fx.call<{ session_id: string }>(
      'POST',
      '/api/hosted-payment-page',
      { reference: 'rg-hpp-1', terminal_id: 'TERM00001', description: 'x', amount: 148007, currency: 'EUR', transaction_type: 'PURCHASE', success_url: 'https://m.example/s', cancel_url: 'https://m.example/c', error_url: 'https://m.example/e', options: { cvv_less: true } },
      fx.bearer,
    );
    const { answer, json } = await exchange(fx, {
      method: 'POST',
      url: '/api/transactions/authorize',
      auth: 'client_key',
      body: { session_id: session.body.session_id, payment_method: { type: 'provider-y-redirect-epd', data: { email: 'a@b.co', first_name: 'A', last_name: 'B' } }, customer: { email: 'a@b.co', constructor: '񳼲򁱜' } },
    });
    expect(answer.status).toBe(200);
    expectSpecCustomer((await fx.gw.ctx.store.transaction((json as ExecutionResponse).redirect!.transaction_id))!.transaction.customer);
  });

  regression('sessions: customer.Infinity', async () => {
    const { json } = await exchange(fx, {
      method: 'POST',
      url: '/api/sessions',
      body: { terminal_id: 'T0005', reference: 'rg-se-1', description: 'x', currency: 'SEK', amount: 999983, transaction_type: 'AUTHORIZE', return_url: 'https://m.example/r', customer: { email: 'a@b.co', Infinity: '𘣑' } },
    });
    expectSpecCustomer((json as PaymentSession).customer);
  });

  regression('hosted payment page: customer.toString as a number', async () => {
    const { json } = await exchange(fx, {
      method: 'POST',
      url: '/api/hosted-payment-page',
      body: { reference: 'rg-hpp-2', terminal_id: 'TERM00001', description: 'x', amount: 125018, currency: 'USD', transaction_type: 'PURCHASE', success_url: 'https://m.example/s', cancel_url: 'https://m.example/c', error_url: 'https://m.example/e', customer: { email: 'a@b.co', toString: -568161434 } },
    });
    expectSpecCustomer((await fx.gw.ctx.store.session((json as { session_id: string }).session_id))!.session.customer);
  });

  regression('payment: an extra customer key', async () => {
    const { json } = await exchange(fx, {
      method: 'POST',
      url: '/api/transactions/payment',
      body: { terminal_id: 'TERM00001', reference: 'rg-pay-2', description: 'x', currency: 'EUR', amount: 5, method: 'QR_CODE', country: 'PL', customer_ip: '::1', return_url: 'https://m.example/r', error_url: 'https://m.example/e', cancel_url: 'https://m.example/c', customer: { email: 'a@b.co', extra: { nested: [1] } } },
    });
    expectSpecCustomer((json as ExecutionResponse).result!.customer);
  });
});

describe('prototype keys taken for valid values', () => {
  for (const language of ['__proto__', 'constructor']) {
    regression(`hosted payment page: language "${language}" is refused (was accepted, storing ${language === '__proto__' ? 'Object.prototype' : 'the Object function'})`, async () => {
      const { answer, json } = await exchange(fx, {
        method: 'POST',
        url: '/api/hosted-payment-page',
        body: { reference: `rg-lang-${language}`, terminal_id: 'TERM00001', description: 'x', amount: 91099, currency: 'EUR', transaction_type: 'PURCHASE', success_url: 'https://m.example/s', cancel_url: 'https://m.example/c', error_url: 'https://m.example/e', language },
      });
      expect(answer.status).toBe(422);
      expect((json as ApiErrorBody).errors[0]!.property).toBe('language');
    });
  }

  regression('authorize: metadata.challenge_window_size "constructor" is not a window size (found by review)', async () => {
    const { json } = await exchange(fx, {
      method: 'POST',
      url: '/api/transactions/authorize',
      body: await cardBody({ terminal_id: 'TERM00002', metadata: { challenge_window_size: 'constructor' }, payment_method: { type: 'card', data: await fx.card('4111111111111111') } }),
    });
    const token = decodeBase64Json<ThreeDsActionToken>((json as ExecutionResponse).action!.token);
    expect(token.challenge_window_size).toBe('02');
  });
});
