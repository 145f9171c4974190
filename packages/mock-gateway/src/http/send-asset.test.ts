/**
 * What a browser gets for a static asset and a per-request document, over real HTTP (node:http,
 * which, unlike fetch, shows the bytes as sent): the encoding its Accept-Encoding asks for,
 * Vary, a strong ETag per encoding, 304 on If-None-Match, and the cache policy.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../test-harness';
import { negotiateEncoding } from './accept-encoding';
import { sendAsset, sendCompressed, type CachePolicy } from './send-asset';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
let dir: string;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'send-asset-'));
  writeFileSync(join(dir, 'app-Ab12Cd34.js'), SCRIPT);
  // What scripts/precompress.ts writes beside each file at build time.
  writeFileSync(join(dir, 'app-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'app-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dir, 'plain.js'), SCRIPT); // no precompressed variants
  writeFileSync(join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  app = Fastify();
  const policies: Record<string, CachePolicy> = { immutable: 'immutable', entry: { maxAge: 300 }, revalidate: 'no-cache' };
  app.get<{ Params: { policy: string; '*': string } }>('/:policy/*', async (request, reply) =>
    sendAsset(request, reply, { root: dir, file: request.params['*'], cache: policies[request.params.policy]! }),
  );
  app.get('/document', async (request, reply) =>
    sendCompressed(request, reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store'), `<p>${'x'.repeat(2000)}</p>`),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sendAsset', () => {
  it('sends the precompressed brotli file to a browser that accepts br', async () => {
    const reply = await rawGet(`${base}/immutable/app-Ab12Cd34.js`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(reply.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(reply.body).toString()).toBe(SCRIPT);
  });

  it('sends gzip when br is not accepted (or refused with q=0), identity when nothing is', async () => {
    const gzip = await rawGet(`${base}/immutable/app-Ab12Cd34.js`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    const refused = await rawGet(`${base}/immutable/app-Ab12Cd34.js`, { 'accept-encoding': 'br;q=0, *' });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const identity = await rawGet(`${base}/immutable/app-Ab12Cd34.js`);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toBe('Accept-Encoding');
    expect(identity.body.toString()).toBe(SCRIPT);
  });

  it('compresses a file that has no precompressed variant on the fly', async () => {
    const reply = await rawGet(`${base}/immutable/plain.js`, { 'accept-encoding': 'br' });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(reply.body).toString()).toBe(SCRIPT);
  });

  it('gives each encoding its own strong ETag and answers 304 to a matching If-None-Match', async () => {
    const br = await rawGet(`${base}/immutable/app-Ab12Cd34.js`, { 'accept-encoding': 'br' });
    const gzip = await rawGet(`${base}/immutable/app-Ab12Cd34.js`, { 'accept-encoding': 'gzip' });
    const etag = br.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(gzip.headers.etag).not.toBe(etag);
    const revalidated = await rawGet(`${base}/immutable/app-Ab12Cd34.js`, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The br ETag does not validate the gzip bytes.
    const other = await rawGet(`${base}/immutable/app-Ab12Cd34.js`, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(other.status).toBe(200);
  });

  it('sends the cache policy it is given', async () => {
    expect((await rawGet(`${base}/immutable/app-Ab12Cd34.js`)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await rawGet(`${base}/entry/app-Ab12Cd34.js`)).headers['cache-control']).toBe('public, max-age=300');
    expect((await rawGet(`${base}/revalidate/app-Ab12Cd34.js`)).headers['cache-control']).toBe('public, no-cache');
  });

  it('does not compress what is already compressed, and never leaves its root', async () => {
    const png = await rawGet(`${base}/immutable/logo.png`, { 'accept-encoding': 'br' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect((await rawGet(`${base}/immutable/%2E%2E%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await rawGet(`${base}/immutable/missing.js`)).status).toBe(404);
  });
});

describe('sendCompressed', () => {
  it('compresses a per-request document and keeps the caller\'s no-store', async () => {
    const reply = await rawGet(`${base}/document`, { 'accept-encoding': 'gzip, br' });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers.etag).toBeUndefined();
    expect(brotliDecompressSync(reply.body).toString()).toBe(`<p>${'x'.repeat(2000)}</p>`);
    expect((await rawGet(`${base}/document`)).headers['content-encoding']).toBeUndefined();
  });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['br;q=0, *', 'gzip'],
    ['*;q=0, identity', 'identity'],
    ['BR', 'br'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
  ] as const)('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header, ['br', 'gzip'])).toBe(expected);
  });

  it('only offers what is available', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
  });
});
