/**
 * The merchant quick start (docs/merchants/index.md) pays, through its own code: the page,
 * script and backend the page shows are the files served here (docs/snippets/quick-start/),
 * the shop on `localhost`, the gateway on `127.0.0.1`. A frictionless card, then a card whose
 * 3-D Secure step leaves the page for the issuer and comes back to the shop's return URL;
 * both end with the gateway's signed webhook, verified by the quick start's receiver.
 */
import { startShop, type Shop } from '@payments/docs/quick-start';
import { cardFrame, completeChallenge, expect, fillCard, test } from '@payments/testing/playwright';

let shop: Shop;
let webhookBefore: string | null = null;

test.beforeEach(async ({ gatewayUrl }) => {
  shop = await startShop({ gatewayUrl, port: 0 });
  // The worker's gateway sends its webhooks to the QA kit's inbox; for this test, to the shop
  // (as `mock-gateway --webhook-url` would), and back afterwards.
  const config = await mockConfig(gatewayUrl);
  webhookBefore = config.webhook_url ?? null;
  await mockConfig(gatewayUrl, { webhook_url: `${shop.url.replace('localhost', '127.0.0.1')}/webhooks` });
});

test.afterEach(async ({ gatewayUrl }) => {
  await mockConfig(gatewayUrl, { webhook_url: webhookBefore });
  await shop.close();
});

test('the quick start pays a card, and its webhook receiver records the verified result', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(shop.url);
  await fillCard(cardFrame(page), { number: '4000000000000002' });
  await page.getByRole('button', { name: 'Pay 15.00 EUR' }).click();
  await expect(page.getByRole('status')).toHaveText('Paid. Thank you!');
  await expect.poll(() => [...shop.orders.values()]).toEqual(['APPROVED']);
  expect(errors).toEqual([]);
});

test('the quick start comes back from a 3-D Secure redirect to its return URL, and checks the status', async ({ page }) => {
  await page.goto(shop.url);
  await fillCard(cardFrame(page), { number: '4000000000000010' });
  await page.getByRole('button', { name: 'Pay 15.00 EUR' }).click();
  await completeChallenge(page, 'approve');
  await expect(page).toHaveURL(new RegExp(`^${shop.url}/return\\?`));
  await expect(page.getByRole('status')).toHaveText('Paid. Thank you!');
  await expect.poll(() => [...shop.orders.values()]).toEqual(['APPROVED']);
});

async function mockConfig(gatewayUrl: string, change?: Record<string, unknown>): Promise<{ webhook_url?: string | null }> {
  const response = await fetch(`${gatewayUrl}/__mock/config`, {
    method: change ? 'POST' : 'GET',
    headers: { 'user-agent': 'e2e', ...(change ? { 'content-type': 'application/json' } : {}) },
    ...(change ? { body: JSON.stringify(change) } : {}),
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as { webhook_url?: string | null };
}
