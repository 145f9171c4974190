/**
 * The demo shop's saved-card life and other payment methods, as a shopper lives them: a
 * profile (a customer at the gateway), a first payment that saves the card, a payment with
 * the saved card and its CVV, Remove (DELETE at the gateway by the shop's backend), and the
 * next payment refused; then a wallet through its provider and back to the verified status.
 */
import type { Page } from '@playwright/test';
import { cardFrame } from '@payments/testing/playwright';
import { expect, fillShopper as fillContact, test } from './fixtures/demo';
import { APM_FRAME_TITLE } from './models/alternative-methods-page';

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay (€|PLN)/ });

test('a saved card from profile to refusal: save, pay with its CVV, remove, refused', async ({ page, demo }) => {
  await page.goto(demo.url);
  await fillContact(page);
  await page.getByRole('button', { name: 'Create a profile from my contact details' }).click();
  await expect(page.getByText('Profile: ana@example.com')).toBeVisible();

  const card = cardFrame(page);
  await card.getByLabel('Card number').fill('4000000000000002');
  await card.getByLabel('Expiry date').fill('12 / 30');
  await card.getByLabel('CVV').fill('123');
  await card.getByLabel('Cardholder name').fill('Ana Kovač');
  await card.getByRole('checkbox', { name: 'Save this card for future payments' }).check();
  await payButton(page).click();
  await expect(page.getByText('Thank you, your payment was approved')).toBeVisible();
  const saved = page.getByRole('list', { name: 'Your saved cards' });
  await expect(saved).toContainText('Visa •••• 0002', { timeout: 15_000 });

  await page.getByRole('button', { name: 'Start a new order' }).click();
  await page.getByRole('radio', { name: /^Visa •••• 0002 \(saved\)/ }).check();
  await expect(card.getByText('Expires 12/30')).toBeVisible();
  await expect(card.getByLabel('Card number')).toHaveCount(0);
  await card.getByLabel('CVV').fill('123');
  await payButton(page).click();
  await expect(page.getByText('Thank you, your payment was approved')).toBeVisible();

  await page.getByRole('button', { name: 'Start a new order' }).click();
  await page.getByRole('button', { name: 'Remove Visa •••• 0002' }).click();
  await expect(saved).toContainText('Removed');
  await expect(page.getByRole('radio', { name: /\(saved\)/ })).toHaveCount(0);
  await page.getByRole('button', { name: /Try paying with the removed Visa •••• 0002/ }).click();
  await card.getByLabel('CVV').fill('123');
  await payButton(page).click();
  await expect(page.locator('#result').getByText('Your payment was not completed')).toBeVisible();
  await expect(page.locator('#result')).toContainText('This saved card can no longer be used. Please pay with another card.');
  // The codes are for developers: in the testing panel's developer details, not in the result.
  await expect(page.locator('#result')).not.toContainText('payment_method_inactive');
  const fact = (term: string) => page.locator('#last-payment dt', { hasText: term }).locator('+ dd');
  await expect(fact('Library error code')).toHaveText('payment_method_inactive');
  await expect(fact('Gateway error code')).toHaveText('INVALID_REQUEST_PAYMENT_METHOD_INACTIVE');
});

test('another method leaves for its provider; the return page shows the verified status', async ({ page, demo }) => {
  await page.goto(demo.url);
  await fillContact(page);
  await page.getByRole('radio', { name: /^Other payment methods/ }).check();
  const methods = page.locator(`iframe[title="${APM_FRAME_TITLE}"]`).contentFrame();
  await methods.getByRole('radio', { name: 'Wallet B', exact: true }).check();
  await payButton(page).click();
  await expect(page.getByRole('heading', { name: 'Wallet B' })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(/\/return\?lang=en-US&transaction_id=.+&status=DECLINED/);
  await expect(page.getByRole('heading', { name: 'Your payment was not approved' })).toBeVisible();
});
