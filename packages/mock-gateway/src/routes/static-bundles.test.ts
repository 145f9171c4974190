/**
 * The built bundles as a browser gets them from a running gateway (real HTTP, `pnpm build`
 * first): brotli when asked, gzip or identity otherwise, Vary, ETag and 304, a year's
 * immutable cache on content-hashed chunks and a short one on the /embedded-fields.js entry
 * point; the frame document and the hosted page compressed but never cached.
 */
import { existsSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
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

  it('/frames/preload: no session; it runs exactly the script the card frame document loads, marked for the rehearsal, with the en-US catalog', async () => {
    const session = await create('/api/sessions', { return_url: 'http://localhost:5173/return', originator_url: 'http://localhost:5173' });
    const frame = await rawGet(`${gateway.url}/frames/card?session_id=${session.id}&client_key=test-client-key`, BR);
    const preload = await rawGet(`${gateway.url}/frames/preload`, BR);
    expect(preload.status).toBe(200);
    expect(preload.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(preload.headers['content-encoding']).toBe('br');
    const csp = preload.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("require-trusted-types-for 'script'");
    expect(csp).not.toContain('connect-src'); // the rehearsal fetches nothing
    expect(preload.headers['cache-control']).toBe('public, max-age=300');
    const html = brotliDecompressSync(preload.body).toString();
    expect(html).toContain('<meta name="ef-rehearsal">');
    expect(html).toMatch(/<script type="application\/json" id="ef-catalog" data-locale="en-US">/);
    expect(scriptsOf(html)).toEqual(scriptsOf(brotliDecompressSync(frame.body).toString()));
  });

  it('the card frame for today\'s script (parent_origin): served only for the session\'s merchant origin, the same compressed bytes for every session of a locale', async () => {
    const merchant = 'http://localhost:5173';
    const frameUrl = (id: string | undefined, parent: string, locale = 'sv-SE') =>
      `${gateway.url}/frames/card?${new URLSearchParams({ session_id: id ?? '', client_key: 'test-client-key', v: '1', locale, parent_origin: parent })}`;
    const [first, second] = [
      await create('/api/sessions', { return_url: `${merchant}/return`, originator_url: merchant }),
      await create('/api/sessions', { return_url: `${merchant}/return`, originator_url: merchant }),
    ];
    const a = await rawGet(frameUrl(first.id, merchant), BR);
    const b = await rawGet(frameUrl(second.id, merchant), BR);
    expect(a.status).toBe(200);
    expect(a.headers['content-security-policy']).toContain(`frame-ancestors ${merchant}`);
    expect(a.headers['cache-control']).toBe('no-store');
    expect(b.body.equals(a.body)).toBe(true); // one document per locale, compressed once
    const html = brotliDecompressSync(a.body).toString();
    expect(html).not.toContain('ef-parent-origin'); // the origin is the URL's, checked here
    expect(html).toContain('data-locale="sv-SE"');
    // Compressed at brotli's highest level: smaller than the per-request level would make it.
    expect(a.body.length).toBeLessThan(brotliCompressSync(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length);
    // Another origin named as the parent: refused, framed by nobody, for the same valid session.
    const forged = await rawGet(frameUrl(first.id, 'https://evil.example'), BR);
    expect(forged.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(brotliDecompressSync(forged.body).toString()).not.toContain('<script');
  });

  it('the card frame for a 1.0 script (no parent_origin): the merchant origin written into the document', async () => {
    const session = await create('/api/sessions', { return_url: 'http://localhost:5173/return', originator_url: 'http://localhost:5173' });
    const frame = await rawGet(`${gateway.url}/frames/card?session_id=${session.id}&client_key=test-client-key&v=1&locale=en-US`, BR);
    expect(frame.headers['content-security-policy']).toContain('frame-ancestors http://localhost:5173');
    expect(brotliDecompressSync(frame.body).toString()).toContain('<meta name="ef-parent-origin" content="http://localhost:5173" />');
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
    // Its script, which the first view's inline script imports once drawn; its stylesheet is in the document (http/hosted-page-document.ts).
    const imported = [...html.matchAll(/import\("(\/hpp\/assets\/[^"]+)"\)/g)].map((m) => m[1]!);
    expect(imported).toHaveLength(1);
    const assets = [...scriptsOf(html), ...imported, ...[...html.matchAll(/<link[^>]*\bhref="(\/hpp\/assets\/[^"]+)"/g)].map((m) => m[1]!)];
    expect(html).toMatch(/<style>[^<]*\.ef-input[^<]*<\/style>/);
    for (const src of assets) {
      const asset = await rawGet(`${gateway.url}${src}`, BR);
      expect(asset.headers['content-encoding'], src).toBe('br');
      expect(asset.headers['cache-control'], src).toBe('public, max-age=31536000, immutable');
    }
  });
});
