/** Issue #11, HTTP hygiene: no-store on private answers, URL fields, directory paths. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@payments/core';
import { registerFrameRoutes } from '../routes/frames';
import { registerHostedPageRoutes } from '../routes/hosted-page-routes';
import { registerStaticRoutes } from '../routes/static-bundles';
import { testGateway, type TestGateway } from '../test-harness';
import { cardAuthorizeBody, uniqueReference } from '../test-payments';

let t: TestGateway;
let auth: Record<string, string>;
beforeEach(async () => {
  t = await testGateway({
    extend: (api, ctx) => {
      registerStaticRoutes(api);
      registerFrameRoutes(api, ctx);
      registerHostedPageRoutes(api, ctx, { readDocument: () => '<!doctype html><html><head></head><body></body></html>' });
    },
  });
  auth = await t.auth();
});
afterEach(() => t.close());

const sessionBody = (extra: Record<string, unknown> = {}) => ({
  terminal_id: 'TERM00001', reference: uniqueReference('s'), description: 'Order', currency: 'EUR', amount: 1000, transaction_type: 'PURCHASE', return_url: 'https://merchant.example/back', ...extra,
});
const pageBody = (extra: Record<string, unknown> = {}) => ({
  terminal_id: 'TERM00001', reference: uniqueReference('h'), description: 'Order', currency: 'EUR', amount: 1000, transaction_type: 'PURCHASE',
  success_url: 'https://merchant.example/ok', cancel_url: 'https://merchant.example/cancel', error_url: 'https://merchant.example/error', ...extra,
});

describe('Cache-Control: no-store', () => {
  it('is on the token, session and hosted-page creation, the session view, its payment methods and execution responses', async () => {
    const token = await t.gw.api.inject({
      method: 'POST', url: '/oauth/token', headers: { 'user-agent': 'vitest', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&client_id=test-client&client_secret=test-secret',
    });
    expect(token.headers['cache-control']).toBe('no-store');
    const session = await t.call<{ id: string }>('POST', '/api/sessions', sessionBody(), auth);
    expect(session.headers['cache-control']).toBe('no-store');
    expect((await t.call('POST', '/api/hosted-payment-page', pageBody(), auth)).headers['cache-control']).toBe('no-store');
    const key = { 'x-client-key': 'test-client-key' };
    expect((await t.call('GET', `/api/sessions/${session.body.id}`, undefined, key)).headers['cache-control']).toBe('no-store');
    expect((await t.call('GET', `/api/sessions/${session.body.id}/payment-methods`, undefined, key)).headers['cache-control']).toBe('no-store');
    const payment = await t.call('POST', '/api/transactions/authorize', await cardAuthorizeBody(t, { number: '4000000000000002' }), auth);
    expect(payment.headers['cache-control']).toBe('no-store');
  });
});

describe('URL fields', () => {
  const BAD = ['https://#x', 'https://?q', 'https:///path', 'https://:443/', 'http://', 'ftp://merchant.example/', 'https:// x'];

  it.each(BAD)('refuses %s with a 422 naming the field, on every URL field', async (bad) => {
    const cases: [string, unknown, string][] = [
      ['/api/sessions', sessionBody({ return_url: bad }), 'return_url'],
      ['/api/sessions', sessionBody({ originator_url: bad }), 'originator_url'],
      ['/api/hosted-payment-page', pageBody({ success_url: bad }), 'success_url'],
      ['/api/hosted-payment-page', pageBody({ cancel_url: bad }), 'cancel_url'],
      ['/api/hosted-payment-page', pageBody({ error_url: bad }), 'error_url'],
      ['/api/transactions/authorize', await cardAuthorizeBody(t, { number: '4000000000000002' }, { return_url: bad }), 'return_url'],
      ['/api/transactions/authorize', await cardAuthorizeBody(t, { number: '4000000000000002' }, { error_url: bad }), 'error_url'],
    ];
    for (const [path, body, field] of cases) {
      const reply = await t.call<ApiErrorBody>('POST', path, body, auth);
      expect(reply.status, `${path} ${field}`).toBe(422);
      expect(reply.body.errors.map((e) => e.property), `${path} ${field}`).toContain(field);
    }
    expect((await t.gw.ctx.store.count('transaction'))).toBe(0);
  });

  it('still takes ordinary URLs, an empty originator_url, ports, paths, queries and fragments', async () => {
    const reply = await t.call('POST', '/api/sessions', sessionBody({ return_url: 'http://localhost:5173/back?x=1#top', originator_url: '' }), auth);
    expect(reply.status).toBe(200);
    expect((await t.call('POST', '/api/sessions', sessionBody({ originator_url: 'https://shop.example:8443/checkout#pay' }), auth)).status).toBe(200);
  });
});

describe('directory paths', () => {
  it.each(['/assets/', '/assets/.', '/assets/%2F', '/assets//', '/assets/%2F%2F', '/hpp/assets/', '/hpp/assets/.', '/hpp/assets/%2F', '/hpp/assets//', '/frames/assets/', '/frames/assets/.', '/frames/assets/%2F', '/frames/assets//'])(
    '%s answers 404 (or 503 when the bundle is not built), never 500',
    async (path) => {
      const reply = await t.gw.api.inject({ method: 'GET', url: path, headers: { 'user-agent': 'vitest' } });
      expect([404, 503]).toContain(reply.statusCode);
    },
  );

  it('/assets/ answers 404 where the folder exists', async () => {
    expect((await t.gw.api.inject({ method: 'GET', url: '/assets/', headers: { 'user-agent': 'vitest' } })).statusCode).toBe(404);
    expect((await t.gw.api.inject({ method: 'GET', url: '/assets/merchant-logo.svg', headers: { 'user-agent': 'vitest' } })).statusCode).toBe(200);
  });
});
