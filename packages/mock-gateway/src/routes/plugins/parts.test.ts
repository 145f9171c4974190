/**
 * Each part applies its own hooks to its own routes and 404s (routes/plugins/, #46), as the
 * root hooks that looked at the URL did: the test-route guard covers /__mock/'s unknown URLs,
 * no-store covers the API and not the probes, a fault never reaches /__mock/, and the API's
 * authentication runs before a route's handler.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testGateway, type TestGateway } from '../../test-harness';

let t: TestGateway;
beforeEach(async () => {
  t = await testGateway({ urls: { gateway: 'http://127.0.0.1:4010' } });
});
afterEach(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.gw.api.inject({ method: 'GET', url, headers: { 'user-agent': 'vitest', host: '127.0.0.1:4010', ...headers } });

describe('the parts of the API app', () => {
  it('/__mock: a test route from another site is refused by the guard (403); an unknown URL is a 404 in the error body, whoever asks', async () => {
    expect((await get('/__mock/config', { origin: 'https://evil.example' })).statusCode).toBe(403);
    for (const headers of [{}, { origin: 'https://evil.example' }] as Record<string, string>[]) {
      const unknown = await get('/__mock/nothing-here', headers);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ status: 404, errors: [{ message: 'Not found' }] });
    }
  });

  it('the API answers no-store (its errors too); the probes keep their own header, the JWKS its own', async () => {
    expect((await get('/api/sessions/nope', { 'x-client-key': 'nope' })).headers['cache-control']).toBe('no-store');
    expect((await get('/api/encryption-key')).headers['cache-control']).toBe('no-store'); // 401: no credentials
    expect((await get('/.well-known/jwks.json')).headers['cache-control']).toBe('public, max-age=300');
    expect((await get('/health')).headers['cache-control']).toBe('no-store');
  });

  it('a fault rule on a /__mock/ route never fires; one on an API route does', async () => {
    await t.call('POST', '/__mock/faults', { path: '/__mock/config', mode: 'error', phase: 'before', count: 1 });
    expect((await get('/__mock/config')).statusCode).toBe(200);
    await t.call('DELETE', '/__mock/faults');
    await t.call('POST', '/__mock/faults', { path: '/api/encryption-key', mode: 'error', phase: 'before', count: 1 });
    expect((await get('/api/encryption-key')).statusCode).toBe(500);
    expect((await get('/api/encryption-key')).statusCode).toBe(401);
  });

  it('authentication is the API part\'s hook: a route that names it refuses a caller without credentials before its handler runs', async () => {
    const reply = await t.gw.api.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { 'user-agent': 'vitest', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'ada@example.com' }),
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(await t.gw.ctx.store.count('customer')).toBe(0);
  });

  it('hostile input is refused at the edge (403) on a route; an unknown URL is a 404 whatever it carries; /__mock/ takes no such rule', async () => {
    const markup = `?q=${encodeURIComponent('<script>alert(1)</script>')}`;
    expect((await get(`/api/encryption-key${markup}`)).statusCode).toBe(403);
    expect((await get(`/nowhere${markup}`)).statusCode).toBe(404);
    expect((await get(`/__mock/config${markup}`)).statusCode).toBe(200);
  });
});
