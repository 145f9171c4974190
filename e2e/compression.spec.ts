/**
 * What a real browser downloads for a card mount: every script and document from the
 * gateway arrives compressed (brotli, as Chromium asks for it), the hashed chunks with a
 * year's immutable cache, and the frame document never cached.
 */
import type { Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { CheckoutPage } from './models/checkout-page';

test('the card frame and its scripts arrive brotli-compressed, hashed chunks cached immutable', async ({ page, merchantOrigin, gatewayUrl, createSession }) => {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(gatewayUrl) && response.request().resourceType() !== 'fetch') responses.push(response);
  });
  const checkout = new CheckoutPage(page, merchantOrigin, gatewayUrl);
  await checkout.open((await createSession()).id);
  // Mounted in the script's load event: the frame's script comes in its document (no preload
  // frame); penpal's chunk and the page's embedded-fields-connect.js come as it is ready.
  await expect.poll(() => responses.map((r) => new URL(r.url()).pathname)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^\/frames\/assets\/penpal-/), expect.stringMatching(/\/embedded-fields-connect\.js$/)]),
  );

  const byPath = new Map(responses.map((r) => [new URL(r.url()).pathname, r]));
  const scripts = [...byPath.keys()].filter((path) => path.endsWith('.js'));
  expect(scripts).toContain('/embedded-fields.js');
  expect(scripts.filter((path) => path.startsWith('/frames/assets/')).length).toBeGreaterThan(0);
  expect(byPath.has('/frames/card')).toBe(true);
  for (const [path, response] of byPath) {
    const headers = await response.allHeaders();
    expect(headers['content-encoding'], path).toBe('br');
    expect(headers.vary, path).toBe('Accept-Encoding');
    if (path.startsWith('/frames/assets/')) expect(headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
  }
  expect((await byPath.get('/frames/card')!.allHeaders())['cache-control']).toBe('no-store');
});
