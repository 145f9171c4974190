/**
 * Issue #46, "Done when": the dashboard's transactions list pages through everything the store
 * holds ("Older" and "Newer", the list route's `before=` cursor), with its filters kept.
 * UPDATE_SCREENS=1 writes docs/screens/dashboard/transactions-older-*.png.
 */
import { mkdirSync } from 'node:fs';
import { TEST_BROWSER_INFO } from '@payments/core';
import { expect, test } from '@payments/testing/playwright';
import { expectNoAxeViolations } from './support/axe';

const SCREENS = process.env.UPDATE_SCREENS ? 'docs/screens/dashboard' : null;

test('the transactions list pages with Older and Newer, each transaction once, filters kept', async ({ page, testGateway, gateway }) => {
  test.setTimeout(240_000); // 130 card payments through the API on a loaded 2-core machine
  const run = Date.now().toString(36);
  const references = Array.from({ length: 130 }, (_, i) => `pages-${run}-${String(i).padStart(3, '0')}`);
  const data = await gateway.encryptCard({ number: '4111111111111111' });
  const pay = (reference: string, i: number) =>
    gateway.authorize({
      reference,
      terminal_id: 'TERM00001',
      description: 'Paged order',
      currency: 'EUR',
      amount: 1000 + i,
      transaction_type: 'PURCHASE',
      payment_method: { type: 'card', data },
      customer: { email: 'shopper@example.com' },
      browser_info: TEST_BROWSER_INFO,
      // Every fifth approved, the rest declined (a card outside the test table: the metadata decides).
      metadata: { response_code: i % 5 === 0 ? 'TRX_STATUS_APPROVED' : 'TRX_STATUS_DECLINED' },
      return_url: 'https://shop.example/return',
      error_url: 'https://shop.example/error',
      cancel_url: 'https://shop.example/cancel',
    });
  for (let i = 0; i < references.length; i += 10) await Promise.all(references.slice(i, i + 10).map((reference, n) => pay(reference, i + n)));

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${testGateway.url}/dashboard`);
  const rows = page.locator('table.list tbody tr');
  const shown = () => rows.locator('td[data-label="Reference"]').allInnerTexts();
  const ours = (listed: string[]) => listed.filter((reference) => reference.startsWith(`pages-${run}-`));

  // The newest 100 are this test's, the newest page; the other 30 start the older one.
  await expect(rows).toHaveCount(100);
  const first = await shown();
  expect(ours(first)).toHaveLength(100);
  await expect(page.getByRole('button', { name: 'Newer' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  if (SCREENS) {
    mkdirSync(SCREENS, { recursive: true });
    await page.getByRole('button', { name: 'Older' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/transactions-older-1280.png` });
  }

  await page.getByRole('button', { name: 'Older' }).click();
  await expect(page.getByRole('button', { name: 'Newer' })).toBeVisible();
  await expect.poll(async () => (await shown())[0]).not.toBe(first[0]);
  const second = ours(await shown());
  expect(second).toHaveLength(30);
  expect(new Set([...first, ...second])).toEqual(new Set(references));

  await page.getByRole('button', { name: 'Newer' }).click();
  await expect.poll(shown).toEqual(first);
  await expect(page.getByRole('button', { name: 'Newer' })).toHaveCount(0);

  // A filter starts again from the newest page, and pages within it: 104 declined, 100 a page.
  await page.getByLabel('Status').selectOption('DECLINED');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect.poll(async () => ours(await shown()).length).toBe(100);
  await page.getByRole('button', { name: 'Older' }).click();
  await expect.poll(async () => ours(await shown()).length).toBe(4);
  await expect(rows.locator('.badge', { hasText: 'APPROVED' })).toHaveCount(0);
});
