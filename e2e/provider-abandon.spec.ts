/**
 * A shopper who abandons at the provider, in their own language (the browser's, sv-SE):
 * the demo shop in Swedish, Wallet A, the provider's page in Swedish (`<html lang>`, its
 * buttons' names), Abandon ("Avbryt"), and back at the shop a page that says the payment was
 * canceled, that nothing was charged, and leads back to the basket to try again. The gateway
 * ended the payment CANCELED from its own record.
 */
import { gatewayPageTexts } from '@payments/core';
import { shopTexts } from '@payments/demo/shared/i18n';
import { expect, test } from './fixtures/demo';
import { APM_FRAME_SELECTOR } from './models/alternative-methods-page';

test.use({ locale: 'sv-SE' });

test('Abandon at the provider lands on a page in Swedish that says the payment was canceled and how to try again', async ({ page, demo, gateway }) => {
  const shop = shopTexts('sv-SE');
  const provider = gatewayPageTexts('sv-SE');
  await page.goto(demo.url);
  await page.locator('#locale').selectOption('sv-SE');
  await page.getByLabel(shop.page.firstName, { exact: true }).fill('Ana');
  await page.getByLabel(shop.page.lastName, { exact: true }).fill('Kovač');
  await page.getByLabel(shop.page.email, { exact: true }).fill('ana@example.com');
  await page.getByLabel(shop.page.phone, { exact: true }).fill('+38761123456');
  await page.getByLabel(shop.page.country, { exact: true }).selectOption('BA');
  await page.getByRole('radio', { name: new RegExp(`^${shop.methods.other}`) }).check();
  await page.locator(APM_FRAME_SELECTOR).contentFrame().getByRole('radio', { name: 'Wallet A' }).check();
  await page.locator('#pay-button').click();

  // The provider's page speaks Swedish.
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet A' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv-SE');
  for (const name of [provider.approve, provider.decline, provider.abandon]) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(page.getByText(provider.testProvider)).toBeVisible();
  await page.getByRole('button', { name: provider.abandon, exact: true }).click();

  // Back at the shop: what happened and what to do next, in Swedish; no code, id or status word.
  await expect(page).toHaveURL(/\/return\?/);
  const transactionId = new URL(page.url()).searchParams.get('transaction_id')!;
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv-SE');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shop.outcome.canceledTitle);
  const detail = page.locator('.outcome-detail');
  await expect(detail).toContainText('Inget har dragits för beställning');
  await expect(detail).not.toContainText(transactionId);
  await expect(page.locator('main')).not.toContainText(/\b(CANCELED|PENDING|1003)\b/);
  expect((await gateway.status(transactionId)).transaction?.status).toBe('CANCELED');

  // How to try again: back to the basket, still in Swedish.
  await page.getByRole('link', { name: shop.outcome.backToBasket }).click();
  await expect(page.getByRole('radio', { name: new RegExp(`^${shop.methods.other}`) })).toBeVisible();
});
