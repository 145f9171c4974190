/** What reaches the payment code from a gateway call: a JSON object, or a GatewayCallError. */
import { PROCESSING_CODES } from '@payments/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGatewayApi, GatewayCallError } from './gateway-api';

function answer(status: number, body: string | Uint8Array<ArrayBuffer>, type = 'application/json'): void {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status, headers: { 'content-type': type } })));
}

async function failureOf(call: Promise<unknown>): Promise<GatewayCallError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayCallError);
  return error as GatewayCallError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createGatewayApi', () => {
  const api = createGatewayApi('test-client-key');

  it('answers the JSON object of a 2xx, sent with the client key and no cookies', async () => {
    answer(200, JSON.stringify({ result: { id: 't1' }, action: null }));
    await expect(api.post('/api/transactions/authorize', { session_id: 's' })).resolves.toEqual({ result: { id: 't1' }, action: null });
    const [path, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(path).toBe('/api/transactions/authorize');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit', headers: { 'x-client-key': 'test-client-key' } });
  });

  it('refuses a 2xx whose body is garbage, empty, or JSON that is not an object', async () => {
    const garbage = new Uint8Array([...new TextEncoder().encode('<html>502</html>{"result": {"id": "'), 0x00, 0xff, 0xfe]);
    for (const body of [garbage, '', 'null', '[1]', '"ok"']) {
      answer(200, body);
      const error = await failureOf(api.post('/api/transactions/authorize', {}));
      expect(error).toMatchObject({ status: 200, malformed: true, body: null });
    }
  });

  it('carries the error body and its processing code, and keeps null for an edge 403 page', async () => {
    answer(422, JSON.stringify({ errors: [], method: 'POST /api/transactions/authorize', status: 422, code: PROCESSING_CODES.SESSION_EXPIRED }));
    expect((await failureOf(api.post('/api/transactions/authorize', {}))).code).toBe(PROCESSING_CODES.SESSION_EXPIRED);
    answer(403, '<html>Forbidden</html>', 'text/html');
    expect(await failureOf(api.get('/api/sessions/x'))).toMatchObject({ status: 403, body: null, malformed: false });
  });

  it('asks for the encryption key once, and again after a failure', async () => {
    const keyApi = createGatewayApi('k');
    answer(500, '');
    await failureOf(keyApi.encryptionKey());
    answer(200, JSON.stringify({ key: 'pem' }));
    await expect(keyApi.encryptionKey()).resolves.toEqual({ key: 'pem' });
    await keyApi.encryptionKey();
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
  });
});
