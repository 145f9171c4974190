/**
 * The preload frame (#14): embedded-fields.js opens a gateway frame, unseen, as it loads, so
 * that a later mount finds the card frame's script in the browser's cache (the frames'
 * partition: the merchant page cannot fill it), the gateway's renderer started, and a card
 * form already drawn once in it (the rehearsal: its code compiled, its fonts found). The
 * shopper never meets it: 1×1 and transparent, inert, out of the tab order and the
 * accessibility tree, silent towards the page, gone once the form is ready.
 */
import { cardField, cardFrame } from '@payments/testing/playwright';
import { expect, test } from './fixtures';

/** The card frame's entry script: the one script its document loads until ready (card-<hash>.js; not card-rules-<hash>.js, which comes after). */
const CARD_ENTRY = /\/frames\/assets\/card-[\w-]{8}\.js$/;

test('a card mount after the page has loaded takes the frame\'s script from the cache: downloaded once, before the mount', async ({ page, merchantOrigin, gatewayUrl, createSession }) => {
  const downloads: string[] = [];
  page.on('requestfinished', async (request) => {
    if (!CARD_ENTRY.test(new URL(request.url()).pathname)) return;
    const sizes = await request.sizes();
    if (sizes.responseBodySize > 0) downloads.push(request.url());
  });
  await page.goto(`${merchantOrigin}/later-mount?${new URLSearchParams({ gateway: gatewayUrl, session: (await createSession()).id })}`);

  const preload = page.locator(`iframe[src="${gatewayUrl}/frames/preload"]`);
  await expect(preload).toBeAttached();
  await expect.poll(() => downloads.length).toBe(1); // before any mount

  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(cardField(cardFrame(page), 'number')).toBeVisible();
  const card = page.frames().find((frame) => frame.url().startsWith(`${gatewayUrl}/frames/card`))!;
  const entry = await card.evaluate(
    (pattern) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => new RegExp(pattern).test(new URL(e.name).pathname))
        .map((e) => ({ transferSize: (e as PerformanceResourceTiming).transferSize, bodySize: (e as PerformanceResourceTiming).decodedBodySize })),
    CARD_ENTRY.source,
  );
  expect(entry).toHaveLength(1);
  expect(entry[0]!.transferSize).toBe(0); // from the cache
  expect(entry[0]!.bodySize).toBeGreaterThan(0);
  expect(downloads).toHaveLength(1);

  // Its work is done: the form's frame keeps the renderer.
  await expect(preload).toHaveCount(0);
});

test('a page that loads embedded-fields.js twice gets one preload frame, and the form being ready closes it', async ({ page, merchantOrigin, gatewayUrl, createSession }) => {
  await page.goto(`${merchantOrigin}/later-mount?${new URLSearchParams({ gateway: gatewayUrl, session: (await createSession()).id, copies: '2' })}`);
  await expect(page.locator('html')).toHaveAttribute('data-scripts-loaded', '2');
  const preload = page.locator(`iframe[src="${gatewayUrl}/frames/preload"]`);
  await expect(preload).toHaveCount(1);

  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(preload).toHaveCount(0);
});

test('the preload frame draws a card form once, out of sight and silent, and leaves its document empty', async ({ page, merchantOrigin, gatewayUrl, createSession }) => {
  await page.addInitScript((gateway) => {
    (window as unknown as { gatewayMessages: unknown[] }).gatewayMessages = [];
    addEventListener('message', (event) => {
      if (event.origin === gateway) (window as unknown as { gatewayMessages: unknown[] }).gatewayMessages.push(event.data);
    });
  }, gatewayUrl);
  await page.goto(`${merchantOrigin}/later-mount?${new URLSearchParams({ gateway: gatewayUrl, session: (await createSession()).id })}`);

  const preload = page.locator('iframe[data-ef-preload]');
  const rehearsal = page.frameLocator('iframe[data-ef-preload]').locator('html');
  await expect(rehearsal).toHaveAttribute('data-rehearsal', 'done');
  await expect(page.frameLocator('iframe[data-ef-preload]').locator('ef-card-form, input')).toHaveCount(0);

  // Out of sight and out of reach: no space taken, nothing to see, click, tab to or hear.
  const box = await preload.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(1);
  expect(box!.height).toBeLessThanOrEqual(1);
  await expect(preload).toHaveCSS('opacity', '0');
  await expect(preload).toHaveCSS('pointer-events', 'none');
  await expect(preload).toHaveCSS('position', 'absolute');
  await expect(preload).toHaveJSProperty('inert', true);
  await expect(preload).toHaveAttribute('tabindex', '-1');
  await expect(preload).toHaveAttribute('aria-hidden', 'true');

  // It answers no one: the page heard nothing from the gateway.
  expect(await page.evaluate(() => (window as unknown as { gatewayMessages: unknown[] }).gatewayMessages)).toEqual([]);
});
