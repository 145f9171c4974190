/**
 * The edge over HTTP (issue #25): path traversal in a field answers 403 with an empty body
 * and creates nothing, written as `../` or URL-encoded (`..%2f`, `%2e%2e%5c`, `%252f`), in a
 * JSON body, a query or a path parameter; text with a percent sign in it still goes through.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testGateway, type TestGateway } from '../test-harness';
import { cardAuthorizeBody, uniqueReference } from '../test-payments';

let t: TestGateway;
let auth: Record<string, string>;
beforeEach(async () => {
  t = await testGateway();
  auth = await t.auth();
});
afterEach(() => t.close());

const sessionBody = (extra: Record<string, unknown> = {}) => ({
  terminal_id: 'TERM00001', reference: uniqueReference('s'), description: 'Order', currency: 'EUR', amount: 1000, transaction_type: 'PURCHASE', return_url: 'https://merchant.example/back', ...extra,
});

const TRAVERSALS = ['..%2f..%2f..%2fetc%2fpasswd', '..%5c..%5cwindows%5cwin.ini', '%2e%2e%2fetc%2fpasswd', '..%252f..%252fetc%252fpasswd', '..%c0%af..%c0%afetc'];

async function created() {
  return { sessions: await t.gw.ctx.store.count('session'), transactions: await t.gw.ctx.store.count('transaction') };
}

describe('URL-encoded path traversal at the edge', () => {
  it.each(TRAVERSALS)('POST /api/sessions with %s in a field: 403, empty body, no session', async (value) => {
    const before = await created();
    for (const body of [sessionBody({ description: value }), sessionBody({ customer: { first_name: value } }), sessionBody({ metadata: { note: value } })]) {
      const reply = await t.call('POST', '/api/sessions', body, auth);
      expect(reply.status).toBe(403);
      expect(reply.text).toBe('');
    }
    expect(await created()).toEqual(before);
  });

  it.each(TRAVERSALS)('POST /api/transactions/authorize with %s in a field: 403, empty body, no transaction', async (value) => {
    const before = await created();
    const reply = await t.call('POST', '/api/transactions/authorize', await cardAuthorizeBody(t, { number: '4000000000000002' }, { description: value }), auth);
    expect(reply.status).toBe(403);
    expect(reply.text).toBe('');
    expect(await created()).toEqual(before);
  });

  it('in a query or a path parameter: 403 with an empty body', async () => {
    const session = await t.call<{ id: string }>('POST', '/api/sessions', sessionBody(), auth);
    const key = { 'x-client-key': 'test-client-key' };
    for (const url of [
      `/api/sessions/${session.body.id}?next=%252e%252e%252fetc`,
      `/api/sessions/${session.body.id}?next=..%252fetc`,
      '/api/transactions/.%2e%2f.%2e%2fetc/status',
      '/api/transactions/%252e%252e%252fetc/status',
      '/api/transactions/x%2f..%255cetc/status',
    ]) {
      const reply = await t.call('GET', url, undefined, key);
      expect(reply.status, url).toBe(403);
      expect(reply.text, url).toBe('');
    }
  });

  it('lets text with a percent sign through: "50% off", "10%/year"', async () => {
    const before = await created();
    for (const description of ['50% off', '10%/year', 'Save 20%. Today only']) {
      const reply = await t.call<{ id: string }>('POST', '/api/sessions', sessionBody({ description, metadata: { promo: description } }), auth);
      expect(reply.status, description).toBe(200);
    }
    const paid = await t.call('POST', '/api/transactions/authorize', await cardAuthorizeBody(t, { number: '4000000000000002' }, { description: '50% off, 10%/year' }), auth);
    expect(paid.status).toBe(200);
    expect(await created()).toEqual({ sessions: before.sessions + 3, transactions: before.transactions + 1 });
  });
});
