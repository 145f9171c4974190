import { constants, publicEncrypt } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_BROWSER_INFO, type ApiErrorBody, type ExecutionResponse, type StatusResponse } from '@payments/core';
import { startGateway, type RunningGateway } from '../server';
import { testGateway, type TestGateway } from '../test-harness';
import { cardAuthorizeBody, uniqueReference } from '../test-payments';
import { GARBAGE_BODY, type FaultRule } from '../sandbox/faults';

let t: TestGateway;
let auth: Record<string, string>;
beforeEach(async () => {
  t = await testGateway();
  auth = await t.auth();
});
afterEach(() => t.close());

const fault = (body: Record<string, unknown>) => t.call<FaultRule>('POST', '/__mock/faults', body);
const authorize = (body: unknown) => t.call<ExecutionResponse>('POST', '/api/transactions/authorize', body, auth);

describe('POST /__mock/faults', () => {
  it('adds a rule with the defaults: phase after, count 1, 3 s for slow', async () => {
    const reply = await fault({ path: '/api/transactions/authorize', mode: 'slow' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ path: '/api/transactions/authorize', mode: 'slow', phase: 'after', delay_ms: 3000, remaining: 1, method: null });
    const list = await t.call<{ faults: FaultRule[] }>('GET', '/__mock/faults');
    expect(list.body.faults).toHaveLength(1);
  });

  it.each([
    [{ mode: 'error' }],
    [{ path: 'api/no-slash', mode: 'error' }],
    [{ path: '/x', mode: 'explode' }],
    [{ path: '/x', mode: 'slow', delay_ms: -1 }],
    [{ path: '/x', mode: 'error', count: 0 }],
    [{ path: '/x', mode: 'error', phase: 'during' }],
    [{ path: '/x', mode: 'error', extra: true }],
  ])('refuses %j with the spec error body', async (body) => {
    const reply = await t.call<ApiErrorBody>('POST', '/__mock/faults', body);
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ status: 422, method: 'POST /__mock/faults' });
  });

  it('DELETE removes every rule; POST /__mock/reset too', async () => {
    await fault({ path: '/api/transactions/:id/status', mode: 'error', count: 5 });
    expect((await t.call('DELETE', '/__mock/faults')).status).toBe(204);
    expect((await t.call('GET', '/api/transactions/x/status', undefined, auth)).status).toBe(200);
    await fault({ path: '/api/transactions/:id/status', mode: 'error', count: 5 });
    await t.call('POST', '/__mock/reset');
    expect((await t.call<{ faults: FaultRule[] }>('GET', '/__mock/faults')).body.faults).toEqual([]);
  });

  it('never faults the /__mock/ routes themselves', async () => {
    await fault({ path: '/__mock/faults', mode: 'error', count: 3 });
    expect((await t.call('GET', '/__mock/faults')).status).toBe(200);
    expect((await t.call('DELETE', '/__mock/faults')).status).toBe(204);
  });

  it('belongs to one gateway', async () => {
    const other = await testGateway();
    try {
      await fault({ path: '/api/transactions/:id/status', mode: 'error' });
      const otherAuth = await other.auth();
      expect((await other.call('GET', '/api/transactions/x/status', undefined, otherAuth)).status).toBe(200);
      expect((await t.call('GET', '/api/transactions/x/status', undefined, auth)).status).toBe(500);
    } finally {
      await other.close();
    }
  });
});

describe('fault modes', () => {
  it('error, after the route ran: a 500 in the spec body, the payment exists, and a retry returns it', async () => {
    await fault({ path: '/api/transactions/authorize', mode: 'error' });
    const body = await cardAuthorizeBody(t, { number: '4000000000000002' });
    const failed = await t.call<ApiErrorBody>('POST', '/api/transactions/authorize', body, auth);
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ status: 500, method: 'POST /api/transactions/authorize', errors: [{ property: '', message: 'Internal error', params: ['INJECTED_FAULT'] }] });
    expect((await t.gw.ctx.store.count('transaction'))).toBe(1);
    const retry = await authorize(body);
    expect(retry.status).toBe(200);
    expect(retry.body.result?.id).toBe((await t.gw.ctx.store.recentTransactions({ limit: 100_000 })).reverse()[0]!.transaction.id);
    expect((await t.gw.ctx.store.count('transaction'))).toBe(1);
  });

  it('error, before the route: nothing is created, and the retry creates the payment once', async () => {
    await fault({ path: '/api/transactions/authorize', mode: 'error', phase: 'before' });
    const body = await cardAuthorizeBody(t, { number: '4000000000000002' });
    expect((await authorize(body)).status).toBe(500);
    expect((await t.gw.ctx.store.count('transaction'))).toBe(0);
    expect((await authorize(body)).body.result?.status).toBe('APPROVED');
    expect((await t.gw.ctx.store.count('transaction'))).toBe(1);
  });

  it.each(['error', 'garbage'] as const)('%s on a compressed document: the replaced body is sent plain, not under the route\'s encoding', async (mode) => {
    const gateway = await startGateway({ port: 0, logger: false });
    try {
      const headers = { 'user-agent': 'faults-test', 'content-type': 'application/json' };
      await fetch(`${gateway.url}/__mock/faults`, { method: 'POST', headers, body: JSON.stringify({ path: '/frames/apm', mode }) });
      // fetch decodes by Content-Encoding: a body left under the document's gzip/br header would throw here.
      const reply = await fetch(`${gateway.url}/frames/apm?session_id=x&client_key=test-client-key`, { headers: { 'user-agent': 'faults-test', 'accept-encoding': 'br, gzip' } });
      expect(reply.headers.get('content-encoding')).toBeNull();
      expect(reply.status).toBe(mode === 'error' ? 500 : 200);
      expect((await reply.text()).length).toBeGreaterThan(0);
    } finally {
      await gateway.close();
    }
  });

  it('garbage: 200 with bytes that are not JSON, under a JSON content type', async () => {
    await fault({ path: '/api/transactions/authorize', mode: 'garbage' });
    const body = await cardAuthorizeBody(t, { number: '4000000000000002' });
    const reply = await t.gw.api.inject({ method: 'POST', url: '/api/transactions/authorize', headers: { 'user-agent': 'vitest', 'content-type': 'application/json', ...auth }, payload: JSON.stringify(body) });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('application/json');
    expect(reply.rawPayload.equals(GARBAGE_BODY)).toBe(true);
    expect(() => JSON.parse(reply.body) as unknown).toThrow();
    expect((await t.gw.ctx.store.count('transaction'))).toBe(1);
  });

  it('slow: the answer comes after delay_ms', async () => {
    await fault({ path: '/api/transactions/:id/status', mode: 'slow', delay_ms: 300 });
    const started = performance.now();
    const reply = await t.call<StatusResponse>('GET', '/api/transactions/x/status', undefined, auth);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(reply.body).toEqual({ found: false, transaction: null });
  });

  it('count faults the next N matching requests, then stops; a concrete path and a method filter match too', async () => {
    await fault({ path: '/api/transactions/:id/status', mode: 'error', count: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.call('GET', '/api/transactions/x/status', undefined, auth)).status);
    expect(statuses).toEqual([500, 500, 200]);
    await fault({ path: '/api/transactions/abc/status', mode: 'error', method: 'POST' });
    expect((await t.call('GET', '/api/transactions/abc/status', undefined, auth)).status).toBe(200);
    await fault({ path: '/api/transactions/abc/status', mode: 'error', method: 'GET' });
    expect((await t.call('GET', '/api/transactions/other/status', undefined, auth)).status).toBe(200);
    expect((await t.call('GET', '/api/transactions/abc/status', undefined, auth)).status).toBe(500);
  });

  it('faults the 3-D Secure pages on the simulators origin', async () => {
    await fault({ path: '/acs/challenge', mode: 'error' });
    const reply = await t.gw.acs.inject({ method: 'POST', url: '/acs/challenge', headers: { 'user-agent': 'vitest', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'creq=x' });
    expect(reply.statusCode).toBe(500);
    expect(JSON.parse(reply.body)).toMatchObject({ status: 500, method: 'POST /acs/challenge' });
  });
});

describe('down: the socket closes without an answer (real HTTP)', () => {
  let gateway: RunningGateway;
  let token: string;
  beforeEach(async () => {
    gateway = await startGateway({ port: 0, logger: false });
    const response = await fetch(`${gateway.url}/oauth/token`, {
      method: 'POST',
      headers: { 'user-agent': 'vitest', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=test-client&client_secret=test-secret',
    });
    token = ((await response.json()) as { access_token: string }).access_token;
  });
  afterEach(() => gateway.close());

  const post = (path: string, body: unknown) =>
    fetch(`${gateway.url}${path}`, {
      method: 'POST',
      headers: { 'user-agent': 'vitest', 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });

  /** This gateway's merchant key encrypts the card, as a merchant backend would. */
  async function encrypt(value: string): Promise<string> {
    const key = await gateway.ctx.keys.publicKey('MERCHANT0001');
    return publicEncrypt({ key: key.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(value)).toString('base64');
  }

  it.each(['after', 'before'] as const)('phase %s: the client sees a reset; a retry returns the one transaction', async (phase) => {
    await post('/__mock/faults', { path: '/api/transactions/authorize', mode: 'down', phase });
    const request = {
      reference: uniqueReference('down'),
      terminal_id: 'TERM00001',
      description: 'Blue jacket',
      currency: 'EUR',
      amount: 4999,
      transaction_type: 'PURCHASE',
      return_url: 'https://merchant.example/return',
      browser_info: TEST_BROWSER_INFO,
      payment_method: {
        type: 'card',
        data: { encrypted_card_number: await encrypt('4000000000000002'), encrypted_cvv: await encrypt('123'), encrypted_expiration_month: await encrypt('12'), encrypted_expiration_year: await encrypt('2035') },
      },
    };
    await expect(post('/api/transactions/authorize', request)).rejects.toThrow();
    expect((await gateway.ctx.store.count('transaction'))).toBe(phase === 'after' ? 1 : 0);
    const retry = (await (await post('/api/transactions/authorize', request)).json()) as ExecutionResponse;
    expect(retry.result?.status).toBe('APPROVED');
    expect((await gateway.ctx.store.count('transaction'))).toBe(1);
    expect(retry.result?.id).toBe((await gateway.ctx.store.recentTransactions({ limit: 100_000 })).reverse()[0]!.transaction.id);
  });
});
