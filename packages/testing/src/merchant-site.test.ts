/**
 * The QA kit's merchant site over real HTTP: its own site name, the checkout page's
 * contract, the QA team's own files, and nothing outside their folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMerchantSite, type MerchantSite } from './merchant-site';

describe('merchant site', () => {
  let site: MerchantSite;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'merchant-pages-'));
    writeFileSync(join(root, 'shop.html'), '<h1>My shop</h1>');
    writeFileSync(join(`${root}-secret.txt`), 'not yours');
    site = await startMerchantSite({ root });
  });
  afterAll(async () => {
    await site.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(`${root}-secret.txt`, { force: true });
  });

  it('is addressed as localhost: another site than the gateway on 127.0.0.1', () => {
    expect(site.origin).toMatch(/^http:\/\/localhost:\d+$/);
  });

  it('serves the checkout page for a gateway and a session, loading the script by its major URL', async () => {
    const url = site.checkoutUrl('http://127.0.0.1:4010', 'session-1', { locale: 'sv-SE' });
    expect(url).toBe(`${site.origin}/checkout?gateway=http%3A%2F%2F127.0.0.1%3A4010&session=session-1&locale=sv-SE`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("new URL('/v1/embedded-fields.js', params.get('gateway'))");
    expect(html).toContain('<button id="pay" type="button">Pay</button>');
    expect(html).toContain('role="status"');
  });

  it('serves the QA team’s own files, and nothing outside their folder', async () => {
    const own = await fetch(`${site.origin}/shop.html`);
    expect([own.status, own.headers.get('content-type'), await own.text()]).toEqual([200, 'text/html; charset=utf-8', '<h1>My shop</h1>']);
    // A sibling whose name starts with the folder's: a bare prefix check would let it out.
    const name = `${root.split('/').pop()}-secret.txt`;
    for (const path of [`/../${name}`, `/%2e%2e/${name}`, `/..%2F${name}`, `/%2F..%2F${name}`, '/%E0%A4%A', '/missing.html']) {
      const [status, body] = await rawGet(`${site.origin.replace('localhost', '127.0.0.1')}`, path);
      expect(status, path).toBeGreaterThanOrEqual(400);
      expect(body).not.toContain('not yours');
    }
  });
});

/** A GET with the path sent as written (fetch would resolve the dot segments first). */
function rawGet(origin: string, path: string): Promise<[number, string]> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    get({ hostname, port, path }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve([response.statusCode ?? 0, body]));
    }).on('error', reject);
  });
}
