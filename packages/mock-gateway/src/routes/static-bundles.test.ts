/**
 * The built bundles as a browser gets them from a running gateway (real HTTP, `pnpm build`
 * first): brotli when asked, gzip or identity otherwise, Vary, ETag and 304, a year's
 * immutable cache on content-hashed chunks and a short one on the /embedded-fields.js entry
 * point; the frame document and the hosted page compressed but never cached.
 */
import { existsSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../server';
import { rawGet } from '../test-harness';
import { workspaceBundles } from '../bundles';

const BR = { 'accept-encoding': 'gzip, deflate, br, zstd' }; // what Chromium sends
const built = existsSync(workspaceBundles().embeddedFields) && existsSync(workspaceBundles().hostedPage);

describe.skipIf(!built)('bundles served by a running gateway', () => {
  let gateway: RunningGateway;
  let token: string;
  beforeAll(async () => {
    gateway = await startGateway({ port: 0 });
    const response = await fetch(`${gateway.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'vitest' },
      body: 'grant_type=client_credentials&client_id=test-client&client_secret=test-secret',
    });
    token = ((await response.json()) as { access_token: string }).access_token;
  });
  afterAll(() => gateway.close());

  const create = async (path: string, body: Record<string, unknown>) => {
    const response = await fetch(`${gateway.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'user-agent': 'vitest' },
      body: JSON.stringify({ terminal_id: 'TERM00001', reference: `bundles-${Math.random()}`, description: 'Jacket', currency: 'EUR', amount: 4999, transaction_type: 'PURCHASE', ...body }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { id?: string; session_id?: string };
  };
  const scriptsOf = (document: string) => [...document.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);

  it('/embedded-fields.js: brotli when asked, gzip or identity otherwise, short cache, ETag and 304', async () => {
    const br = await rawGet(`${gateway.url}/embedded-fields.js`, BR);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=300');
    expect(brotliDecompressSync(br.body).toString()).toContain('PaymentComponent');
    expect((await rawGet(`${gateway.url}/embedded-fields.js`, { 'accept-encoding': 'gzip, deflate' })).headers['content-encoding']).toBe('gzip');
    const identity = await rawGet(`${gateway.url}/embedded-fields.js`);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(br.body.length * 2);
    const again = await rawGet(`${gateway.url}/embedded-fields.js`, { ...BR, 'if-none-match': br.headers.etag as string });
    expect(again.status).toBe(304);
  });

  it('the card frame: its document compressed and never cached, its hashed scripts brotli and immutable', async () => {
    const session = await create('/api/sessions', { return_url: 'http://localhost:5173/return', originator_url: 'http://localhost:5173' });
    const frame = await rawGet(`${gateway.url}/frames/card?session_id=${session.id}&client_key=test-client-key`, BR);
    expect(frame.status).toBe(200);
    expect(frame.headers['content-encoding']).toBe('br');
    expect(frame.headers['cache-control']).toBe('no-store');
    expect(frame.headers['content-security-policy']).toContain('frame-ancestors http://localhost:5173');
    const scripts = scriptsOf(brotliDecompressSync(frame.body).toString());
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const chunk = await rawGet(`${gateway.url}${src}`, BR);
      expect(chunk.status, src).toBe(200);
      expect(chunk.headers['content-encoding'], src).toBe('br');
      expect(chunk.headers['cache-control'], src).toBe('public, max-age=31536000, immutable');
      expect(chunk.headers.etag, src).toMatch(/^"/);
    }
  });

  it('the hosted page: its document compressed and never cached, its hashed assets brotli and immutable', async () => {
    const page = await create('/api/hosted-payment-page', {
      success_url: 'http://localhost:5173/success',
      cancel_url: 'http://localhost:5173/cancel',
      error_url: 'http://localhost:5173/error',
    });
    const document = await rawGet(`${gateway.url}/hpp/${page.session_id}`, BR);
    expect(document.status).toBe(200);
    expect(document.headers['content-encoding']).toBe('br');
    expect(document.headers['cache-control']).toBe('no-store');
    const html = brotliDecompressSync(document.body).toString();
    const assets = [...scriptsOf(html), ...[...html.matchAll(/<link[^>]*\bhref="(\/hpp\/assets\/[^"]+)"/g)].map((m) => m[1]!)];
    expect(assets.length).toBeGreaterThan(1);
    for (const src of assets) {
      const asset = await rawGet(`${gateway.url}${src}`, BR);
      expect(asset.headers['content-encoding'], src).toBe('br');
      expect(asset.headers['cache-control'], src).toBe('public, max-age=31536000, immutable');
    }
  });
});
