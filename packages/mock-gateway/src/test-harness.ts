/**
 * For tests (this package's, and other suites through `@payments/mock-gateway/testing`): a
 * gateway driven through Fastify's inject (the real HTTP layer: routing, parsing, validation,
 * hooks), with the test credentials at hand. State lives in memory unless the test passes a
 * store or its run chose a database (useTestStores; this workspace: test-support/test-stores.ts).
 */
import { constants, publicEncrypt } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { EncryptionKey } from '@payments/core';
import { createGateway, type Gateway, type GatewayOptions } from './app';
import { gatewayApi, requestAccessToken } from './client/api-client';
import type { Store } from './store/store';

let defaultStore: () => Promise<Store | undefined> = () => Promise.resolve(undefined);

/**
 * Where a test gateway keeps its state when the test names no store: memory, unless the test
 * run chose a database (this workspace's vitest setup, test-support/vitest-setup.ts).
 */
export function useTestStores(choose: () => Promise<Store | undefined>): void {
  defaultStore = choose;
}

export interface Reply<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Record<string, unknown>;
}

export interface TestGateway {
  gw: Gateway;
  call<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Reply<T>>;
  /** Authorization header with a fresh token for test-client (or the client given). */
  auth(client?: { id: string; secret: string }): Promise<Record<string, string>>;
  /** Encrypts a card field with the merchant's published key (test-client's, or the one `headers` authenticate). */
  encrypt(value: string, headers?: Record<string, string>): Promise<string>;
  close(): Promise<void>;
}

export async function testGateway(options: GatewayOptions = {}): Promise<TestGateway> {
  const store = options.store ?? (await defaultStore());
  // Every exchange is held to the gateway's document: a mismatch fails the call that caused it.
  const mismatches: string[] = [];
  const gw = createGateway({ contractCheck: (problem) => mismatches.push(problem), ...options, ...(store ? { store } : {}) });
  const holdToContract = () => {
    if (mismatches.length > 0) throw new Error(`The gateway broke its contract (openapi.json):\n${mismatches.splice(0).join('\n')}`);
  };
  const keys = new Map<string, EncryptionKey>();
  const call: TestGateway['call'] = async (method, url, body, headers = {}) => {
    const response = await gw.api.inject({
      method,
      url,
      headers: { 'user-agent': 'vitest', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    holdToContract();
    return { status: response.statusCode, body: parseJson(response.body) as never, text: response.body, headers: response.headers };
  };
  // What the harness itself asks (a token, the key) goes through the generated client, over inject.
  const api = gatewayApi('http://gateway.test', { userAgent: 'vitest', fetch: injectFetch(gw) });
  const auth: TestGateway['auth'] = async (client = { id: 'test-client', secret: 'test-secret' }) => {
    const { data, error } = await requestAccessToken('http://gateway.test', { clientId: client.id, clientSecret: client.secret }, { userAgent: 'vitest', fetch: injectFetch(gw) });
    holdToContract();
    if (!data) throw new Error(`no token for ${client.id}: ${JSON.stringify(error)}`);
    return { authorization: `Bearer ${data.access_token}` };
  };
  const encrypt: TestGateway['encrypt'] = async (value, headers) => {
    const who = headers ? JSON.stringify(headers) : '';
    let key = keys.get(who);
    if (!key) {
      const { data, error } = await api.GET('/api/encryption-key', { headers: headers ?? (await auth()) });
      holdToContract();
      if (!data) throw new Error(`no encryption key: ${JSON.stringify(error)}`);
      keys.set(who, (key = data));
    }
    return publicEncrypt(
      { key: key.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(value, 'utf8'),
    ).toString('base64');
  };
  // Exchanges a test made through gw.api.inject itself are checked when it closes the gateway.
  const close = async () => {
    await gw.close();
    holdToContract();
  };
  return { gw, call, auth, encrypt, close };
}

/** A fetch that answers through Fastify's inject: the generated client, without a socket. */
function injectFetch(gw: Gateway): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await gw.api.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(payload ? { payload } : {}),
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304 || answer.rawPayload.length === 0;
    return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers: answer.headers as Record<string, string> });
  };
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET over real HTTP with exactly these headers; the body as sent (fetch would decode it). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'user-agent': 'vitest', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
