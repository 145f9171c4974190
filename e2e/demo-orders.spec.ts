/**
 * The demo shop remembers: a payment's order shows in the testing panel's "Orders in the
 * shop's database" with the status its verified webhook gave it, and after the shop is
 * stopped and started again on the same data directory the page still lists it, as it was.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startDemo, type RunningDemo } from '@payments/demo/server';
import { cardFrame, fillCard } from '@payments/testing/playwright';
import { expect, fillShopper, test } from './fixtures/demo';

const order = (page: Page, reference: string) => page.locator(`#order-list li[data-reference="${reference}"]`);

test('an order paid in the shop is still listed, as it was, after the shop restarts', async ({ page, testGateway }) => {
  test.setTimeout(180_000); // two shop starts, each opening its database
  const webhooks = testGateway.running.ctx.webhooks;
  const before = testGateway.running.ctx.config.webhook_url;
  const dataDir = mkdtempSync(join(tmpdir(), 'demo-orders-e2e-'));
  let shop: RunningDemo | undefined;
  try {
    shop = await startDemo({ port: 0, gatewayUrl: testGateway.url, acsUrl: testGateway.acsUrl, dataDir });
    webhooks.setUrl(`${shop.url}/webhooks`);
    await page.goto(shop.url);
    await fillShopper(page);
    await fillCard(cardFrame(page), { number: '4000000000000002', holderName: 'Ana Kovač' });
    await page.getByRole('button', { name: /^Pay €/ }).click();
    await expect(page.getByText('Thank you, your payment was approved')).toBeVisible();

    const mine = page.locator('#order-list li', { hasText: 'this order' });
    await expect(mine.locator('.badge', { hasText: 'APPROVED' })).toBeVisible({ timeout: 15_000 });
    await expect(mine).toContainText('Webhooks applied: purchase:approved');
    const reference = (await mine.getAttribute('data-reference'))!;
    expect(reference).toMatch(/^NW-/);
    const shown = await order(page, reference).innerText();

    await shop.close();
    shop = await startDemo({ port: 0, gatewayUrl: testGateway.url, acsUrl: testGateway.acsUrl, dataDir });
    webhooks.setUrl(`${shop.url}/webhooks`);
    await page.goto(shop.url);
    await expect(order(page, reference)).toContainText('APPROVED');
    // The same words, but for the mark of the page's current checkout (a new one after the reload).
    expect(await order(page, reference).innerText()).toBe(shown.replace(/\s*this order/, ''));
  } finally {
    webhooks.setUrl(before);
    await shop?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
