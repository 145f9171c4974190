/**
 * For tests (this package's, and other suites through `@payments/mock-gateway/testing`): a
 * gateway driven through Fastify's inject (the real HTTP layer: routing, parsing, validation,
 * hooks), with the test credentials at hand.
 *
 * GATEWAY_TEST_STORE=embedded runs every suite on the embedded store (PGlite) instead of
 * the memory store: one database per test file, emptied for each new gateway, in a copy of
 * the run's migrated template (vitest.embedded-setup.ts; a new cluster takes seconds of CPU),
 * or in memory outside such a run. GATEWAY_TEST_STORE=postgres does the same on the
 * Postgres at GATEWAY_TEST_DATABASE_URL (the vitest config starts one): a database per worker.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { dirname, join } from 'node:path';
import type { EncryptionKey } from '@payments/core';
import { createGateway, type Gateway, type GatewayOptions } from './app';
import { gatewayApi, requestAccessToken } from './client/api-client';
import type { Backend } from './store/backend';
import { KINDS, type Kind } from './store/record-kinds';
import { Store } from './store/store';

let embedded: Promise<Backend> | undefined;

/** The store a test gateway gets: memory, or the worker's embedded database, emptied. */
export async function testStore(): Promise<Store | undefined> {
  const kind = process.env.GATEWAY_TEST_STORE;
  if (kind !== 'embedded' && kind !== 'postgres') return undefined;
  // Loaded only when asked for: a memory run never loads PGlite or pg.
  embedded ??= kind === 'embedded' ? embeddedDatabase() : workerDatabase();
  const backend = await embedded;
  await backend.truncate(Object.keys(KINDS) as Kind[]);
  await backend.deliveries.clear();
  // Shared by the worker's gateways: a gateway's close() leaves it open.
  return new Store(Object.assign(Object.create(backend) as Backend, { close: () => Promise.resolve() }));
}

/**
 * This file's PGlite: a copy of the run's migrated template (GATEWAY_TEST_PGLITE_TEMPLATE, made
 * by vitest.embedded-setup.ts), beside it, removed with it; in memory outside such a run.
 */
async function embeddedDatabase(): Promise<Backend> {
  const { openPGliteBackend } = await import('./store/pglite-backend');
  const template = process.env.GATEWAY_TEST_PGLITE_TEMPLATE;
  if (!template) return openPGliteBackend();
  const dataDir = mkdtempSync(join(dirname(template), 'file-'));
  cpSync(template, dataDir, { recursive: true });
  return openPGliteBackend(dataDir);
}

/** This worker's own database on the test Postgres (created on first use). */
async function workerDatabase(): Promise<Backend> {
  const admin = process.env.GATEWAY_TEST_DATABASE_URL;
  if (!admin) throw new Error('GATEWAY_TEST_STORE=postgres needs GATEWAY_TEST_DATABASE_URL');
  const name = `gateway_test_${process.env.VITEST_POOL_ID ?? process.pid}`;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const { openPostgresBackend } = await import('./store/postgres-backend');
  return openPostgresBackend(url.toString());
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
  const store = options.store ?? (await testStore());
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
