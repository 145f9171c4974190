/** Issue #11: the test routes refuse what a shopper's browser (or a rebinding page) can send. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testGateway, type TestGateway } from '../test-harness';

let t: TestGateway;
beforeEach(async () => {
  t = await testGateway({ urls: { gateway: 'http://127.0.0.1:4010' } });
});
afterEach(() => t.close());

const setUrl = (headers: Record<string, string>, payload = JSON.stringify({ webhook_url: 'https://evil.example/hook' })) =>
  t.gw.api.inject({ method: 'POST', url: '/__mock/config', headers: { 'user-agent': 'vitest', 'content-type': 'application/json', ...headers }, payload });

describe('/__mock/* protection', () => {
  it('answers a Node client on loopback (no Origin) as before', async () => {
    expect((await setUrl({ host: '127.0.0.1:4010' })).statusCode).toBe(200);
    expect((await setUrl({ host: 'localhost:4010' })).statusCode).toBe(200);
    expect((await t.gw.api.inject({ method: 'POST', url: '/__mock/reset', headers: { 'user-agent': 'vitest', host: '127.0.0.1:4010' } })).statusCode).toBe(200);
  });

  it('refuses a cross-site request by Origin or Sec-Fetch-Site (403), and changes nothing', async () => {
    expect((await setUrl({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await setUrl({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await setUrl({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect(t.gw.ctx.config.webhook_url).toBe('');
    expect((await setUrl({ origin: 'http://127.0.0.1:4010', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('refuses a body that is not JSON (415): a form or text/plain simple request', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expect((await setUrl({ 'content-type': type }, 'webhook_url=https://evil.example')).statusCode, type).toBe(415);
    }
    expect(t.gw.ctx.config.webhook_url).toBe('');
  });

  it('refuses a Host that is neither the gateway host nor loopback (DNS rebinding)', async () => {
    expect((await setUrl({ host: 'rebind.evil.example:4010' })).statusCode).toBe(403);
    expect((await setUrl({ host: '127.0.0.1.evil.example' })).statusCode).toBe(403);
    expect(t.gw.ctx.config.webhook_url).toBe('');
  });
});
