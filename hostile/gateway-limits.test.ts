/**
 * The spec's Limits table, at every limit and one past it, on every endpoint it applies to.
 * Each string limit is also a property: for any length from 0 to the limit plus a few, in
 * any script (a character is a Unicode code point: an emoji counts one), the value is
 * accepted exactly when its length is within the limits, and a refusal names the property
 * and creates nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BROWSER_INFO, type ApiErrorBody, type ExecutionResponse } from '@payments/core';
import { RawJsonNumber } from './support/arbitraries';
import { exchange, type Exchange, type FuzzRequest } from './support/exchange';
import { FUTURE_YEAR, fuzzGateway, TERMINAL_20, TERMINAL_5, type FuzzGateway } from './support/fixture';
import { budget, checkProperty, recordCase } from './support/runs';

let fx: FuzzGateway;
beforeAll(async () => {
  fx = await fuzzGateway();
});
afterAll(async () => {
  await fx.close();
});

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 12)}`;
const urls = { return_url: 'https://m.example/r', error_url: 'https://m.example/e', cancel_url: 'https://m.example/c' };

type Endpoint = 'authorize' | 'sessions' | 'hosted page' | 'payment' | 'payout' | 'customers' | 'manage';

/**
 * A valid request to each endpoint, with `patch` applied on top. Each kind has a terminal of
 * its own, so a reference used by one kind never meets another (a 422 of its own).
 */
async function request(endpoint: Endpoint, patch: Record<string, unknown>): Promise<FuzzRequest> {
  const base: Record<Endpoint, () => Promise<[string, Record<string, unknown>]>> = {
    authorize: async () => [
      '/api/transactions/authorize',
      { reference: unique('lim'), terminal_id: 'TERM00001', description: 'limits', currency: 'EUR', amount: 100, transaction_type: 'PURCHASE', payment_method: { type: 'card', data: await fx.card('4000000000000002') }, return_url: urls.return_url, browser_info: TEST_BROWSER_INFO },
    ],
    sessions: async () => ['/api/sessions', { terminal_id: TERMINAL_5, reference: unique('lim'), description: 'limits', currency: 'EUR', amount: 100, transaction_type: 'PURCHASE', return_url: urls.return_url }],
    'hosted page': async () => [
      '/api/hosted-payment-page',
      { reference: unique('lim'), terminal_id: 'TERM00002', description: 'limits', amount: 100, currency: 'EUR', transaction_type: 'PURCHASE', success_url: urls.return_url, cancel_url: urls.cancel_url, error_url: urls.error_url },
    ],
    payment: async () => ['/api/transactions/payment', { terminal_id: TERMINAL_20, reference: unique('lim'), description: 'limits', currency: 'EUR', amount: 100, method: 'UPI', country: 'IN', customer_ip: '203.0.113.5', ...urls }],
    payout: async () => [
      '/api/transactions/payout',
      { terminal_id: TERMINAL_5, reference: unique('lim'), description: 'limits', currency: 'INR', amount: 100, beneficiary: { type: 'bank_account', data: { account_number: '1234567890', account_name: 'A', ifsc: 'HDFC0001234' } } },
    ],
    customers: async () => ['/api/customers', { email: 'shopper@example.com' }],
    manage: async () => {
      const reference = unique('lim-auth');
      await fx.authorize({ reference, transaction_type: 'AUTHORIZE' });
      return ['/api/transactions/manage', { terminal_id: 'TERM00001', transaction_type: 'CAPTURE', reference, amount: 100, currency: 'EUR' }];
    },
  };
  const [url, body] = await base[endpoint]();
  return { method: 'POST', url, body: deepMerge(body, patch) };
}

function deepMerge(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const current = out[key];
    out[key] =
      value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJsonNumber) && current !== null && typeof current === 'object'
        ? deepMerge(current as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

/** Sets a dotted path in a patch object: 'customer.email' → {customer: {email: value}}. */
function at(path: string, value: unknown): Record<string, unknown> {
  return path
    .split('.')
    .reverse()
    .reduce<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}

function expectAccepted(result: Exchange, what: string): void {
  expect(result.answer.status, `${what}: ${result.answer.text.slice(0, 300)}`).toBe(200);
}

function expectRefused(result: Exchange, property: string, what: string, status = 422): void {
  expect(result.answer.status, `${what}: ${result.answer.text.slice(0, 300)}`).toBe(status);
  const properties = (result.json as ApiErrorBody).errors.map((e) => e.property);
  expect(properties, what).toContain(property);
  expect(result.after.transactions, `${what}: nothing created`).toBe(result.before.transactions);
}

interface LengthLimit {
  endpoint: Endpoint;
  path: string;
  min: number;
  max: number;
  /** A valid value of a given length (default: the unit repeated); emails need a shape. */
  value?: (length: number, unit: string) => string;
  /** `min` is the shortest well-formed value, not a limit: shorter ones are not tested. */
  shortestWellFormed?: boolean;
}

/** A well-formed address of exactly `length` characters (addresses are ASCII: the unit is not used). */
const email = (length: number) => `${'a'.repeat(Math.max(0, length - 5))}@b.co`;
/** A reference of exactly `length` code points, unique per call (references are idempotency keys). */
const reference = (length: number, unit: string) => [...`${Math.random().toString(36).slice(2, 10)}${unit.repeat(length)}`].slice(0, length).join('');
const providerX = (path: string, max: number): LengthLimit =>
  path.endsWith('email') ? { endpoint: 'authorize', path, min: 6, max, value: email, shortestWellFormed: true } : { endpoint: 'authorize', path, min: 1, max };

// Spec, Limits: reference 1–40 (card authorize, sessions, hosted page), 1–80 (payment, payout:
// the schema's 80); terminal_id 5–20; description 1–100 (payment, payout, hosted page);
// customer email up to 512; names, description and address parts up to 255.
const LENGTH_LIMITS: LengthLimit[] = [
  { endpoint: 'authorize', path: 'reference', min: 1, max: 40, value: reference },
  { endpoint: 'sessions', path: 'reference', min: 1, max: 40, value: reference },
  { endpoint: 'hosted page', path: 'reference', min: 1, max: 40, value: reference },
  { endpoint: 'payment', path: 'reference', min: 1, max: 80, value: reference },
  { endpoint: 'payout', path: 'reference', min: 1, max: 80, value: reference },
  { endpoint: 'payment', path: 'description', min: 1, max: 100 },
  { endpoint: 'payout', path: 'description', min: 1, max: 100 },
  { endpoint: 'hosted page', path: 'description', min: 1, max: 100 },
  // Our decision where the table is silent: authorize and sessions take up to 255.
  { endpoint: 'authorize', path: 'description', min: 1, max: 255 },
  { endpoint: 'sessions', path: 'description', min: 1, max: 255 },
  { endpoint: 'customers', path: 'email', min: 6, max: 512, value: email, shortestWellFormed: true },
  { endpoint: 'authorize', path: 'customer.email', min: 0, max: 512 },
  { endpoint: 'customers', path: 'first_name', min: 0, max: 255 },
  { endpoint: 'customers', path: 'last_name', min: 0, max: 255 },
  { endpoint: 'customers', path: 'description', min: 0, max: 255 },
  { endpoint: 'customers', path: 'address.city', min: 0, max: 255 },
  { endpoint: 'customers', path: 'address.postal_code', min: 0, max: 255 },
  { endpoint: 'authorize', path: 'customer.first_name', min: 0, max: 255 },
  { endpoint: 'authorize', path: 'customer.address', min: 0, max: 255 },
  { endpoint: 'payout', path: 'beneficiary.data.account_name', min: 1, max: 255 },
  providerX('payment_method.data.first_name', 255),
  providerX('payment_method.data.last_name', 255),
  providerX('payment_method.data.email', 512),
];

/** provider-x-local needs PLN, its own data and the extra URLs; its fields are patched into that. */
function patchFor(limit: LengthLimit, value: string): Record<string, unknown> {
  if (limit.path.startsWith('payment_method.data.')) {
    const data = { email: 'a@b.co', first_name: 'A', last_name: 'B', [limit.path.split('.').pop()!]: value };
    return { currency: 'PLN', payment_method: { type: 'provider-x-local', data }, error_url: urls.error_url, cancel_url: urls.cancel_url };
  }
  return at(limit.path, value);
}

describe('string limits, at and one past', () => {
  for (const limit of LENGTH_LIMITS) {
    const name = `${limit.endpoint} ${limit.path}: ${limit.min}–${limit.max}`;
    const make = (length: number, unit = 'x') => (limit.value ?? ((n: number, u: string) => u.repeat(n)))(length, unit);
    const refuseBelow = limit.min > 0 && !limit.shortestWellFormed;
    it(`${name}, at ${limit.min} and ${limit.max} accepted, ${refuseBelow ? `${limit.min - 1} and ` : ''}${limit.max + 1} refused`, async () => {
      const started = performance.now();
      for (const length of [limit.min, limit.max]) {
        expectAccepted(await exchange(fx, await request(limit.endpoint, patchFor(limit, make(length)))), `${name} at ${length}`);
      }
      const past = refuseBelow ? [limit.min - 1, limit.max + 1] : [limit.max + 1];
      for (const length of past) {
        expectRefused(await exchange(fx, await request(limit.endpoint, patchFor(limit, make(length)))), limit.path, `${name} at ${length}`);
      }
      recordCase('scenario', `limit ${name}`, performance.now() - started);
    });
  }

  it('any length in any script: accepted exactly within the limits', { timeout: budget(150) }, async () => {
    const limitAndLength = fc
      .constantFrom(...LENGTH_LIMITS)
      .chain((limit) => fc.tuple(fc.constant(limit), fc.oneof(fc.integer({ min: 0, max: limit.max + 3 }), fc.constantFrom(limit.min, limit.max, limit.max + 1)), fc.constantFrom('x', 'é', '中', '🚀', 'Z9', 'ß', '\u200f')));
    await checkProperty(
      'limits: length within ⇔ accepted',
      fc.asyncProperty(limitAndLength, async ([limit, length, unit]) => {
        // A unit of two characters (Z9) makes lengths in code points: trim to the exact length.
        const value = [...(limit.value ?? ((n: number, u: string) => u.repeat(n)))(length, unit)].slice(0, length).join('');
        const codePoints = [...value].length;
        const result = await exchange(fx, await request(limit.endpoint, patchFor(limit, value)));
        const what = `${limit.endpoint} ${limit.path} with ${codePoints} × ${unit}`;
        const within = codePoints >= limit.min && codePoints <= limit.max;
        if (within) expectAccepted(result, what);
        else if (codePoints > limit.max || !limit.shortestWellFormed) expectRefused(result, limit.path, what);
      }),
    );
  });
});

describe('terminal_id 5 to 20', () => {
  const endpoints: Endpoint[] = ['authorize', 'sessions', 'hosted page', 'payment', 'payout'];
  for (const endpoint of endpoints) {
    it(`${endpoint}: 4 and 21 characters refused by validation, 5 and 20 accepted`, async () => {
      for (const id of [TERMINAL_5, TERMINAL_20]) expectAccepted(await exchange(fx, await request(endpoint, { terminal_id: id })), `${endpoint} ${id}`);
      for (const id of ['T004', `${TERMINAL_20}1`]) {
        const result = await exchange(fx, await request(endpoint, { terminal_id: id }));
        expectRefused(result, 'terminal_id', `${endpoint} ${id}`);
        expect((result.json as ApiErrorBody).code, 'a length error, not "terminal not found"').toBeUndefined();
      }
    });
  }
});

describe('currency 3 letters, country 2 letters', () => {
  const currencyEndpoints: Endpoint[] = ['authorize', 'sessions', 'hosted page', 'payment', 'payout', 'manage'];
  for (const endpoint of currencyEndpoints) {
    it(`${endpoint}: currency must be 3 capital letters`, async () => {
      for (const currency of ['EU', 'EURO', 'eur', 'E1R', '€€€', '', 'EUR ']) {
        expectRefused(await exchange(fx, await request(endpoint, { currency })), 'currency', `${endpoint} ${JSON.stringify(currency)}`);
      }
    });
  }
  const countryPaths: [Endpoint, string][] = [
    ['sessions', 'country'],
    ['payment', 'country'],
    ['authorize', 'customer.country'],
    ['customers', 'address.country'],
  ];
  for (const [endpoint, path] of countryPaths) {
    it(`${endpoint} ${path}: BA accepted; B, BAA, ba refused`, async () => {
      expectAccepted(await exchange(fx, await request(endpoint, at(path, endpoint === 'payment' ? 'IN' : 'BA'))), `${endpoint} ${path}`);
      for (const country of ['B', 'BAA', 'ba', '', 'Б']) expectRefused(await exchange(fx, await request(endpoint, at(path, country))), path, `${endpoint} ${path} ${country}`);
    });
  }
});

describe('amounts: integers in minor units, 1 to 2^53 − 1', () => {
  const endpoints: Endpoint[] = ['authorize', 'sessions', 'hosted page', 'payment', 'payout', 'manage'];
  for (const endpoint of endpoints) {
    it(`${endpoint}: the edges`, async () => {
      const accepted: unknown[] = endpoint === 'manage' ? [1] : [1, Number.MAX_SAFE_INTEGER];
      for (const amount of accepted) expectAccepted(await exchange(fx, await request(endpoint, { amount })), `${endpoint} amount ${String(amount)}`);
      const refused: unknown[] = [
        0,
        -1,
        1.5,
        0.1,
        '100',
        '1.5',
        null,
        true,
        2 ** 53,
        new RawJsonNumber('9007199254740993'),
        new RawJsonNumber('9223372036854775807'),
        new RawJsonNumber('9223372036854775808'),
        new RawJsonNumber('-9223372036854775808'),
        new RawJsonNumber('1e400'),
        new RawJsonNumber('100.5'),
      ];
      for (const amount of refused) expectRefused(await exchange(fx, await request(endpoint, { amount })), 'amount', `${endpoint} amount ${String(amount)}`);
    });
  }

  it('authorize: the stored amount is exactly the one sent, for any integer from 1 to 2^53 − 1', { timeout: budget(150) }, async () => {
    await checkProperty(
      'amount stored exactly',
      fc.asyncProperty(fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(1, Number.MAX_SAFE_INTEGER, 2 ** 31, 2 ** 32)), async (amount) => {
        const result = await exchange(fx, await request('authorize', { amount }));
        expectAccepted(result, `amount ${amount}`);
        const id = (result.json as ExecutionResponse).result!.id;
        expect((await fx.gw.ctx.store.transaction(id))!.transaction.amount).toBe(amount);
        expect((result.json as ExecutionResponse).result!.amount).toBe(amount);
      }),
    );
  });
});

describe('card fields, BLIK and the notification URL', () => {
  it('expiration month 1 to 12 without a leading zero; year current or later', async () => {
    const thisYear = new Date().getUTCFullYear();
    for (let month = 1; month <= 12; month++) {
      const data = { ...(await fx.card('4000000000000002', { month: String(month), year: FUTURE_YEAR })) };
      expectAccepted(await exchange(fx, await request('authorize', { payment_method: { type: 'card', data } })), `month ${month}`);
    }
    for (const month of ['0', '13', '01', ' 1', '1 ', '١', '１', '-1', '1.0', '']) {
      const data = { ...(await fx.card('4000000000000002', { month })) };
      expectRefused(await exchange(fx, await request('authorize', { payment_method: { type: 'card', data } })), 'payment_method.data.encrypted_expiration_month', `month ${JSON.stringify(month)}`);
    }
    for (const year of [String(thisYear), String(thisYear % 100).padStart(2, '0')]) {
      const data = { ...(await fx.card('4000000000000002', { month: '12', year })) };
      expectAccepted(await exchange(fx, await request('authorize', { payment_method: { type: 'card', data } })), `year ${year}`);
    }
    for (const year of [String(thisYear - 1), '1', '123', '20300', 'abcd']) {
      const data = { ...(await fx.card('4000000000000002', { month: '12', year })) };
      expectRefused(await exchange(fx, await request('authorize', { payment_method: { type: 'card', data } })), 'payment_method.data.encrypted_expiration_year', `year ${year}`);
    }
  });

  it('BLIK code: exactly 6 ASCII digits', async () => {
    const blik = (code: string) => request('authorize', { currency: 'PLN', payment_method: { type: 'provider-x-local', data: { email: 'a@b.co', first_name: 'A', last_name: 'B', blik_code: code } }, error_url: urls.error_url, cancel_url: urls.cancel_url });
    for (const code of ['000000', '123456', '999999']) expectAccepted(await exchange(fx, await blik(code)), `BLIK ${code}`);
    for (const code of ['12345', '1234567', '12345a', '１２３４５６', '١٢٣٤٥٦', ' 123456', '123456\n', '']) {
      expectRefused(await exchange(fx, await blik(code)), 'payment_method.data.blik_code', `BLIK ${JSON.stringify(code)}`);
    }
  });

  it('notification_url: https, a host, at most 256 characters; otherwise 400 before any transaction', async () => {
    const notify = (url: string) => request('authorize', { options: { three_ds: { notification_url: url } } });
    const of = (length: number) => `https://m.example/${'a'.repeat(length - 'https://m.example/'.length)}`;
    for (const url of [of(256), 'https://m.example', 'https://m.example:8443/3ds?x=1']) expectAccepted(await exchange(fx, await notify(url)), `${url.length} characters`);
    for (const url of [of(257), of(2048), 'http://m.example/3ds', 'https://', 'https:///path', 'HTTPS://m.example/3ds', 'ftp://m.example', 'm.example/3ds', '']) {
      const result = await exchange(fx, await notify(url), { badRequestProperty: 'options.three_ds.notification_url' });
      expectRefused(result, 'options.three_ds.notification_url', `${url.slice(0, 40)} (${url.length})`, 400);
    }
  });
});
