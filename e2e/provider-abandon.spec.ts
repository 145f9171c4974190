/**
 * A shopper who abandons at the provider, in their own language (the browser's), through the
 * demo shop.
 *
 * A wallet (Wallet A, sv-SE): the provider's page in Swedish (`<html lang>`, its buttons'
 * names), Abandon ("Avbryt"), and back at the shop a page that says the payment was canceled,
 * that nothing was charged, and leads back to the basket to try again. The gateway ended the
 * payment CANCELED from its own record.
 *
 * A bank redirect (online banking in bs-BA, open banking in en-US): the spec never cancels it
 * automatically, so it stays PENDING after Abandon, also a day later by the gateway's clock,
 * and the shop's page says the bank has not confirmed it yet and what happens either way, not
 * that it was canceled. When the bank reports later (settle), the shop hears it by webhook and
 * the same page says the order is paid.
 */
import { GatewayClient } from '@payments/testing';
import { gatewayPageTexts, messages, type LocaleTag } from '@payments/core';
import { shopTexts } from '@payments/demo/shared/i18n';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/demo';
import { APM_FRAME_SELECTOR } from './models/alternative-methods-page';

/** The demo shop in `locale`, the contact details filled, `method` chosen under Other payment methods, Pay. */
async function payWithOtherMethod(page: Page, shopUrl: string, locale: LocaleTag, method: string): Promise<void> {
  const shop = shopTexts(locale);
  await page.goto(shopUrl);
  await page.locator('#locale').selectOption(locale);
  await page.getByLabel(shop.page.firstName, { exact: true }).fill('Ana');
  await page.getByLabel(shop.page.lastName, { exact: true }).fill('Kovač');
  await page.getByLabel(shop.page.email, { exact: true }).fill('ana@example.com');
  await page.getByLabel(shop.page.phone, { exact: true }).fill('+38761123456');
  await page.getByLabel(shop.page.country, { exact: true }).selectOption('BA');
  await page.getByRole('radio', { name: new RegExp(`^${shop.methods.other}`) }).check();
  await page.locator(APM_FRAME_SELECTOR).contentFrame().getByRole('radio', { name: method }).check();
  await page.locator('#pay-button').click();
}

test.describe('a wallet', () => {
  test.use({ locale: 'sv-SE' });

  test('Abandon at the provider lands on a page in Swedish that says the payment was canceled and how to try again', async ({ page, demo, gateway }) => {
    const shop = shopTexts('sv-SE');
    const provider = gatewayPageTexts('sv-SE');
    await payWithOtherMethod(page, demo.url, 'sv-SE', 'Wallet A');

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
});

const A_DAY = 24 * 60 * 60;

for (const { locale, type, method } of [
  { locale: 'bs-BA', type: 'bank-network-redirect', method: messages('bs-BA').alternativeMethods.bankNetwork },
  { locale: 'en-US', type: 'openbanking-redirect', method: messages('en-US').alternativeMethods.openBanking },
] as const) {
  test.describe(`a bank redirect (${type}, ${locale})`, () => {
    test.use({ locale });

    test('Abandon leaves it PENDING, a day later too; the shop says the bank has not confirmed it yet; the bank settles it later', async ({
      page,
      demo,
      gateway,
      gatewayUrl,
      testGateway,
    }) => {
      const shop = shopTexts(locale);
      const provider = gatewayPageTexts(locale);
      await payWithOtherMethod(page, demo.url, locale, method);
      await expect(page.getByRole('heading', { level: 1, name: method })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.getByRole('button', { name: provider.abandon, exact: true }).click();

      // Back at the shop: the bank has not confirmed it yet, and what happens either way; not "canceled".
      await expect(page).toHaveURL(/\/return\?/);
      const transactionId = new URL(page.url()).searchParams.get('transaction_id')!;
      const { transaction } = await gateway.status(transactionId);
      expect(transaction).toMatchObject({ status: 'PENDING', pending: true, payment_method: { type } });
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(shop.outcome.bankPendingTitle);
      await expect(page.locator('.outcome-detail')).toHaveText(shop.outcome.bankPendingLine.replace('{order}', transaction!.reference));
      await expect(page.locator('main')).not.toContainText(shop.outcome.canceledTitle);
      await expect(page.locator('main')).not.toContainText(/\b(CANCELED|PENDING|1002|1003)\b/);
      await expect(page.locator('main')).not.toContainText(transactionId);
      await expect(page.getByRole('link', { name: shop.outcome.backToBasket })).toBeVisible();

      // The shop heard the payment is pending, and nothing more.
      const events = async () =>
        ((await (await fetch(`${demo.url}/api/events?transaction_id=${transactionId}`)).json()) as { events: { status: string | null }[] }).events.map((e) => e.status);
      await expect.poll(events).toContain('PENDING');

      // A day later by the gateway's clock: still PENDING, still no final webhook.
      await gateway.request('POST', '/__mock/clock', { advance_seconds: A_DAY });
      try {
        const later = new GatewayClient(gatewayUrl); // tokens of the old clock have expired
        expect((await later.status(transactionId)).transaction).toMatchObject({ status: 'PENDING', pending: true });
        const { deliveries } = await later.request<{ deliveries: { event: string }[] }>('GET', `/__mock/webhooks?transaction_id=${transactionId}`);
        expect(deliveries.map((d) => d.event)).toEqual(['transaction-svc:transaction:purchase:pending', 'transaction-svc:transaction:pending']);
        expect(new Set(await events())).toEqual(new Set(['PENDING']));
      } finally {
        testGateway.running.ctx.clock.reset(); // the clock back (only the clock) for the worker's next tests
      }

      // The bank reports: the shop hears it, and the shopper's page says the order is paid.
      await gateway.request('POST', `/__mock/transactions/${transactionId}/settle`, { outcome: 'approve' });
      await expect.poll(events).toContain('APPROVED');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(shop.outcome.approvedTitle);
    });
  });
}
