/**
 * Fuzzing what is not a JSON body: path parameters (transaction status, saved-card delete,
 * session reads), form-encoded routes (the token endpoint; the ACS and provider pages on the
 * simulators' origin; the gateway's 3-D Secure notification pages), raw bodies of every
 * content type, and credentials. Same invariants as the JSON fuzzing (support/invariants.ts),
 * plus: a page never approves what its simulator decided to decline.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BROWSER_INFO, encodeBase64Json, encodeBase64UrlJson, type ExecutionResponse, type PaymentSession } from '@payments/core';
import { DICTIONARY, EDGE_ATTACKS, encodePathSegment, hostileString, hugeString } from './support/arbitraries';
import { exchange, HANG_MS } from './support/exchange';
import { executionTransactionId, fuzzGateway, type FuzzGateway } from './support/fixture';
import { expectSafeAnswer } from './support/invariants';
import { budget, checkProperty, countStatus } from './support/runs';

let fx: FuzzGateway;
let savedCardIds: string[];
let transactionIds: string[];
let sessionIds: string[];

beforeAll(async () => {
  fx = await fuzzGateway();
  savedCardIds = [];
  for (let i = 0; i < 2; i++) {
    const saved = await fx.authorize({ tokenization: { save_card_for_future_payments: true } });
    savedCardIds.push(saved.body.result!.payment_method.token!);
  }
  transactionIds = (await fx.gw.ctx.store.recentTransactions({ limit: 100_000 })).reverse().map((r) => r.transaction.id);
  const session = await fx.call<PaymentSession>(
    'POST',
    '/api/sessions',
    { terminal_id: 'TERM00001', reference: 'paths-session', description: 'x', currency: 'EUR', amount: 100, transaction_type: 'PURCHASE', return_url: 'https://merchant.example/r' },
    fx.bearer,
  );
  sessionIds = [session.body.id];
});

afterAll(async () => {
  await fx.close();
});

/** A path segment: a real id, hostile text (encoded as a client would), or a huge one. */
function segment(realIds: () => string[]): fc.Arbitrary<{ raw: string; decoded: string | null }> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 10 }).map((i) => { const ids = realIds(); const id = ids[i % ids.length]!; return { raw: id, decoded: id }; }) },
    // "." and ".." are no id a client can send: URL parsers remove dot segments, encoded or not
    // (%2E too), so the request reaches another path.
    { weight: 5, arbitrary: hostileString.map((s) => ({ raw: encodePathSegment(s) || 'x', decoded: s === '.' || s === '..' ? null : s || 'x' })) },
    { weight: 1, arbitrary: hugeString({ minLength: 400, maxLength: 20_000 }).map((s) => ({ raw: encodePathSegment(s), decoded: s })) },
    // Raw: what a careless client puts in a URL unencoded (slashes, dots, percent signs, queries).
    { weight: 1, arbitrary: fc.constantFrom('..', '%', '%zz', 'a/b', 'a?b=1', '%2F', '%00', '.', '~', "'", '%E0%A4%A', '%ED%A0%80').map((s) => ({ raw: s, decoded: null })) },
  );
}

describe('path parameters', () => {
  it('GET /api/transactions/{id}/status', { timeout: budget(50) }, async () => {
    await checkProperty(
      'status path id',
      fc.asyncProperty(segment(() => transactionIds), fc.constantFrom('bearer', 'client_key') as fc.Arbitrary<'bearer' | 'client_key'>, async (id, auth) => {
        const { answer, json } = await exchange(fx, { method: 'GET', url: `/api/transactions/${id.raw}/status`, auth }, { notFoundAllowed: id.decoded === null });
        if (answer.status !== 200) {
          // An id that decodes is routed: only the edge (403), a URL that cannot be decoded (400)
          // or one too long to route (414) may stop it.
          if (id.decoded !== null) expect([400, 403, 414], answer.text.slice(0, 200)).toContain(answer.status);
          return;
        }
        const body = json as { found: boolean; transaction: { id: string } | null };
        const known = id.decoded !== null && transactionIds.includes(id.decoded);
        if (id.decoded !== null) expect(body.found, 'found only for a real transaction').toBe(known);
        if (body.found) expect(body.transaction?.id).toBe(id.decoded);
        else expect(body.transaction).toBeNull();
        expect(answer.headers['cache-control']).toBe('no-store');
      }),
    );
  });

  it('DELETE /api/payment-methods/{id}', { timeout: budget(50) }, async () => {
    const body = fc.constantFrom<string | undefined>(undefined, '', '{}', '{"x":1}', '[');
    await checkProperty(
      'delete saved card path id',
      fc.asyncProperty(segment(() => savedCardIds), body, async (id, payload) => {
        const before = (await fx.gw.ctx.store.count('payment_method'));
        const answer = await fx.send({ method: 'DELETE', url: `/api/payment-methods/${id.raw}`, headers: fx.bearer, ...(payload !== undefined ? { payload } : {}) });
        countStatus(answer.status);
        expectSafeAnswer(answer, { notFoundAllowed: id.decoded === null });
        expect((await fx.gw.ctx.store.count('payment_method')), 'a delete keeps the card for reconciliation').toBe(before);
        if (answer.status === 200) {
          const card = JSON.parse(answer.text) as { id: string; status: string; card: Record<string, unknown> };
          expect(savedCardIds).toContain(card.id);
          expect(card.status).toBe('DELETED');
          expect(Object.keys(card.card).sort(), 'never the full number').toEqual(['bin', 'brand', 'exp_month', 'exp_year', 'last_4', 'masked']);
        } else if (id.decoded !== null && savedCardIds.includes(id.decoded) && payload !== '[') {
          expect.fail(`deleting a real saved card answered ${answer.status}`);
        }
      }),
    );
  });

  it('GET /api/sessions/{id} and /api/sessions/{id}/payment-methods', { timeout: budget(50) }, async () => {
    await checkProperty(
      'session path id',
      fc.asyncProperty(segment(() => sessionIds), fc.constantFrom('', '/payment-methods'), async (id, suffix) => {
        const { answer } = await exchange(fx, { method: 'GET', url: `/api/sessions/${id.raw}${suffix}`, auth: 'client_key' }, { notFoundAllowed: id.decoded === null });
        if (answer.status === 200) expect(sessionIds).toContain(id.decoded);
      }),
    );
  });
});

describe('form-encoded routes', () => {
  /** A form body: pairs of known and hostile keys and values, sometimes repeated keys, sometimes junk. */
  /**
   * A form body: a valid one (`base` pairs) with a pair replaced, dropped, repeated or added;
   * or pairs of known and hostile keys and values; or junk.
   */
  function form(keys: readonly string[], values: fc.Arbitrary<string>, base: [string, string][] = []): fc.Arbitrary<string> {
    const pair = fc.tuple(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: hostileString }), fc.oneof({ weight: 4, arbitrary: values }, { weight: 1, arbitrary: hostileString }));
    const encode = (pairs: [string, string][]) => pairs.map(([k, v]) => `${encodePathSegment(k)}=${encodePathSegment(v)}`).join('&');
    const edits = fc.array(fc.tuple(fc.constantFrom('replace', 'drop', 'repeat', 'add'), fc.nat(), pair), { maxLength: 2 });
    const edited = fc.tuple(fc.shuffledSubarray(base, { minLength: base.length }), edits).map(([pairs, list]) => {
      const out = [...pairs];
      for (const [kind, at, extra] of list) {
        const index = out.length === 0 ? 0 : at % out.length;
        if (kind === 'replace' && out.length > 0) out[index] = [out[index]![0], extra[1]];
        else if (kind === 'drop') out.splice(index, 1);
        else if (kind === 'repeat' && out.length > 0) out.push([out[index]![0], extra[1]]);
        else out.push(extra);
      }
      return encode(out);
    });
    return fc.oneof(
      ...(base.length > 0 ? [{ weight: 8, arbitrary: edited }] : []),
      { weight: 6, arbitrary: fc.array(pair, { maxLength: 8 }).map(encode) },
      { weight: 1, arbitrary: fc.constantFrom('', '=', '&&&', '%', '%E0%A4%A=1', 'a=%ED%A0%80', '__proto__[x]=1', 'constructor=1&__proto__=2', 'a'.repeat(200_000)) },
    );
  }

  it('POST /oauth/token', { timeout: budget(50) }, async () => {
    const values = fc.constantFrom('client_credentials', 'refresh_token', 'password', 'test-client', 'test-secret', 'payments', 'payment_method:detach', '');
    await checkProperty(
      'token endpoint form',
      fc.asyncProperty(
        form(['grant_type', 'client_id', 'client_secret', 'refresh_token', 'scope'], values, [
          ['grant_type', 'client_credentials'],
          ['client_id', 'test-client'],
          ['client_secret', 'test-secret'],
          ['scope', 'payments payment_method:detach'],
        ]),
        async (payload) => {
          const { answer, json, before } = await exchange(fx, { method: 'POST', url: '/oauth/token', form: payload, auth: 'none' });
          const tokens = (await fx.gw.ctx.store.count('token'));
          if (answer.status === 200) {
            expect(json).toMatchObject({ access_token: expect.any(String), token_type: 'Bearer', expires_in: fx.gw.ctx.config.token_lifetime_s });
            expect(tokens, 'an access token and its refresh token').toBe(before.tokens + 2);
            const params = new URLSearchParams(payload);
            expect(params.getAll('client_secret'), 'a token only for the right secret').toContain('test-secret');
          } else {
            expect(tokens, 'a refused token request issues nothing').toBe(before.tokens);
          }
        },
      ),
    );
  });

  type Stage = 'fingerprint' | 'challenge' | 'redirect' | 'form-submit-declined' | 'provider' | 'provider-blik';
  interface Staged {
    stage: Stage;
    transactionId: string;
    serverId: string;
    acsTransId: string;
  }

  async function staged(stage: Stage): Promise<Staged> {
    let response: ExecutionResponse;
    if (stage === 'fingerprint' || stage === 'challenge') {
      const first = await fx.authorize({ terminal_id: 'TERM00002', metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' } });
      response = first.body;
      if (stage === 'challenge') {
        const action = first.body.action!;
        response = (await fx.call<ExecutionResponse>('POST', `/api/transactions/three-ds/${action.session_id}/request-authentication`, { fingerprint_result: btoa('Y'), payment_data: action.payment_data }, fx.bearer)).body;
      }
    } else if (stage === 'redirect' || stage === 'form-submit-declined') {
      const number = stage === 'redirect' ? '4000000000000010' : '4000000000000036';
      response = (await fx.authorize({ payment_method: { type: 'card', data: await fx.card(number) } })).body;
    } else {
      const data = stage === 'provider-blik' ? { email: 'a@b.co', first_name: 'A', last_name: 'B' } : {};
      const type = stage === 'provider-blik' ? 'provider-x-local' : 'wallet-a-redirect';
      response = (await fx.authorize({ currency: 'PLN', payment_method: { type, data }, error_url: 'https://merchant.example/e', cancel_url: 'https://merchant.example/c' })).body;
    }
    const transactionId = executionTransactionId(response)!;
    const three = (await fx.gw.ctx.store.transaction(transactionId))!.three_ds;
    return { stage, transactionId, serverId: three?.server_trans_id ?? 'none', acsTransId: three?.acs_trans_id ?? 'none' };
  }

  it('the ACS, provider and notification pages', { timeout: budget(250) }, async () => {
    const stage = fc.constantFrom<Stage>('fingerprint', 'challenge', 'redirect', 'form-submit-declined', 'provider', 'provider-blik');
    const page = fc.constantFrom(
      { app: 'acs', method: 'POST', path: '/acs/3ds-method' },
      { app: 'acs', method: 'POST', path: '/acs/challenge' },
      { app: 'acs', method: 'POST', path: '/acs/challenge/result' },
      { app: 'acs', method: 'GET', path: '/acs/redirect/$TX$' },
      { app: 'acs', method: 'POST', path: '/acs/redirect/$TX$' },
      { app: 'acs', method: 'POST', path: '/acs/form-submit' },
      { app: 'acs', method: 'GET', path: '/provider/$TX$' },
      { app: 'acs', method: 'POST', path: '/provider/$TX$' },
      { app: 'api', method: 'POST', path: '/three-ds/$TX$/method-notification' },
      { app: 'api', method: 'POST', path: '/three-ds/$TX$/challenge-notification-url' },
      { app: 'api', method: 'POST', path: '/three-ds/$TX$/embedded-fields/challenge-notification-url' },
      { app: 'api', method: 'POST', path: '/three-ds/$TX$/hosted-payment-page/challenge-notification-url' },
    ) as fc.Arbitrary<{ app: 'acs' | 'api'; method: 'GET' | 'POST'; path: string }>;
    const value = fc.oneof(
      fc.constantFrom('$SERVER$', '$ACS$', '$TX$', 'approve', 'decline', 'abandon', 'Y', 'N', '123456', '12345', '01', '05', '__proto__', 'constructor'),
      // Base64 JSON messages (threeDSMethodData, creq, cres) built from the same parts.
      fc
        .record({
          threeDSServerTransID: fc.constantFrom('$SERVER$', 'nope', ''),
          acsTransID: fc.constantFrom('$ACS$', 'nope'),
          messageType: fc.constantFrom('CReq', 'CRes', 'x'),
          transStatus: fc.constantFrom('Y', 'N', 'C', 'x', ''),
          challengeWindowSize: fc.constantFrom('01', '05', '99', 'constructor', '__proto__', 'toString'),
          threeDSMethodNotificationURL: fc.constantFrom('$NOTIFY$', 'https://evil.example/'),
        })
        .map((message) => `$B64:${JSON.stringify(message)}$`),
    );
    const keys = ['threeDSMethodData', 'creq', 'cres', 'three_ds_server_trans_id', 'acs_trans_id', 'outcome', 'threeDSSessionData', 'trans_status', 'blik_code'];
    await checkProperty(
      'simulator and notification pages',
      fc.asyncProperty(stage, page, form(keys, value), fc.constantFrom(undefined, 'document', 'iframe'), async (which, target, payload, fetchDest) => {
        const ids = await staged(which);
        const fill = (text: string) =>
          text
            .replaceAll('%24SERVER%24', ids.serverId)
            .replaceAll('%24ACS%24', ids.acsTransId)
            .replaceAll('%24TX%24', ids.transactionId)
            .replaceAll('%24NOTIFY%24', encodeURIComponent(`${fx.gw.ctx.urls.gateway}/three-ds/${ids.transactionId}/method-notification`))
            .replace(/%24B64%3A(.*?)%24/g, (_m, json: string) => {
              const message = decodeURIComponent(json)
                .replaceAll('$SERVER$', ids.serverId)
                .replaceAll('$ACS$', ids.acsTransId)
                .replaceAll('$NOTIFY$', `${fx.gw.ctx.urls.gateway}/three-ds/${ids.transactionId}/method-notification`);
              const parsed = JSON.parse(message) as Record<string, unknown>;
              return encodeURIComponent(target.path.includes('notification') ? encodeBase64UrlJson(parsed) : encodeBase64Json(parsed));
            });
        const before = (await fx.gw.ctx.store.count('transaction'));
        const started = performance.now();
        const answer = await fx.send({
          app: target.app,
          method: target.method,
          url: target.path.replace('$TX$', ids.transactionId),
          ...(target.method === 'POST' ? { payload: fill(payload), contentType: 'application/x-www-form-urlencoded' } : {}),
          ...(fetchDest ? { headers: { 'sec-fetch-dest': fetchDest } } : {}),
        });
        countStatus(answer.status);
        expect(performance.now() - started).toBeLessThan(HANG_MS);
        expectSafeAnswer(answer, { html: true });
        expect((await fx.gw.ctx.store.count('transaction')), 'pages create no transaction').toBe(before);
        const status = (await fx.gw.ctx.store.transaction(ids.transactionId))!.transaction.status;
        if (ids.stage === 'form-submit-declined') expect(status, 'a posted field cannot turn a declined form submit into an approval').not.toBe('APPROVED');
        if (ids.stage === 'provider-blik' && status === 'APPROVED') {
          expect(new URLSearchParams(fill(payload)).getAll('blik_code').some((code) => /^\d{6}$/.test(code)), 'BLIK needs its 6 digits').toBe(true);
        }
      }),
    );
  });
});

describe('raw bodies and credentials', () => {
  const routes = [
    '/api/transactions/authorize',
    '/api/sessions',
    '/api/hosted-payment-page',
    '/api/transactions/payment',
    '/api/transactions/payout',
    '/api/transactions/manage',
    '/api/customers',
    '/api/transactions/three-ds/authentication-completed',
    '/api/transactions/three-ds/x/request-authentication',
    '/oauth/token',
  ];

  it('every POST route with bytes of any kind, under any content type', { timeout: budget(50) }, async () => {
    const payload = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.constantFrom('', '{', '{"a":1', '[]', 'null', '"x"', '1e999', '{"amount":1e999}', '\u0000', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', `${'['.repeat(100_000)}`, `{"a":"${'\\u0000'.repeat(1000)}"}`),
      fc.jsonValue().map((v) => JSON.stringify(v)),
    );
    const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', 'application/octet-stream', 'application/xml', 'application/json; charset=latin1', '');
    await checkProperty(
      'raw bodies',
      fc.asyncProperty(fc.constantFrom(...routes), payload, contentType, async (url, bytes, type) => {
        const before = (await fx.gw.ctx.store.count('transaction'));
        const answer = await fx.send({ method: 'POST', url, payload: bytes, contentType: type, headers: fx.bearer });
        countStatus(answer.status);
        expectSafeAnswer(answer);
        expect((await fx.gw.ctx.store.count('transaction'))).toBe(before);
        expect(({} as Record<string, unknown>).polluted, 'no prototype pollution').toBeUndefined();
      }),
    );
  });

  it('credentials of every shape on a payment call', { timeout: budget(50) }, async () => {
    const credential = fc.oneof(
      fc.constantFrom('Bearer', 'Bearer ', 'bearer x', 'Basic dGVzdDp0ZXN0', 'Bearer ' + 'a'.repeat(10_000), 'Bearer null', 'Bearer undefined', 'Token x'),
      hostileString.filter((s) => /^[\t\x20-\x7e\x80-\xff]*$/.test(s)).map((s) => `Bearer ${s}`),
    );
    const clientKey = fc.constantFrom(undefined, '', 'test-client-key ', 'TEST-CLIENT-KEY', ...DICTIONARY.filter((s) => /^[\x20-\x7e]+$/.test(s)), ...EDGE_ATTACKS);
    await checkProperty(
      'credentials',
      fc.asyncProperty(fc.option(credential, { nil: undefined }), clientKey, async (authorization, key) => {
        const headers: Record<string, string> = {};
        if (authorization !== undefined) headers.authorization = authorization;
        if (key !== undefined) headers['x-client-key'] = key;
        const before = (await fx.gw.ctx.store.count('transaction'));
        const answer = await fx.send({
          method: 'POST',
          url: '/api/transactions/authorize',
          payload: JSON.stringify({ session_id: sessionIds[0], payment_method: { type: 'card', data: await fx.card('4000000000000002') }, browser_info: TEST_BROWSER_INFO }),
          headers,
        });
        countStatus(answer.status);
        expectSafeAnswer(answer);
        expect([401, 403, 422], answer.text.slice(0, 200)).toContain(answer.status);
        expect((await fx.gw.ctx.store.count('transaction'))).toBe(before);
      }),
    );
  });
});
