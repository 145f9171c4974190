/**
 * Screenshots of the saved-card and alternative-payment-method screens in the four locales,
 * for review (not a test): a gateway of its own, the bare test shop, real Chromium.
 * Usage: tsx e2e/support/component-screenshots.ts [out-dir = test-results/screenshots]
 * Writes <screen>-<locale>.png, each the component's frame at a phone width (375 px).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from '@playwright/test';
import { TEST_BROWSER_INFO, LOCALES, messages, type LocaleTag } from '@payments/core';
import { GatewayClient, startTestGateway, uniqueReference } from '@payments/testing';
import { launchChromium } from './chromium';
import { startTestShop } from './test-shop-process';
import { APM_FRAME_SELECTOR } from '../models/alternative-methods-page';

const out = process.argv[2] ?? 'test-results/screenshots';
const MERCHANT_PORT = 4186;
const merchantOrigin = `http://localhost:${MERCHANT_PORT}`;

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const gateway = await startTestGateway();
  const shop = await startTestShop(MERCHANT_PORT);
  const browser = await launchChromium();
  try {
    const client = new GatewayClient(gateway.url);
    const customer = await client.request<{ id: string }>('POST', '/api/customers', { email: 'ana@example.com', first_name: 'Ana', last_name: 'Kovač' });
    const saved = await client.authorize({
      reference: uniqueReference('shot'),
      terminal_id: 'TERM00001',
      description: 'First order',
      currency: 'EUR',
      amount: 1500,
      transaction_type: 'PURCHASE',
      return_url: `${merchantOrigin}/return`,
      payment_method: { type: 'card', data: await client.encryptCard({ number: '5200000000000007', month: '8', year: '2029' }) },
      browser_info: TEST_BROWSER_INFO,
      customer: { id: customer.id },
      tokenization: { save_card_for_future_payments: true },
    });
    const card = { paymentMethodId: saved.result!.payment_method.token!, maskedPan: saved.result!.payment_method.masked!, expirationDate: '0829', cardBrand: 'MASTERCARD' };
    const session = (overrides: Record<string, unknown> = {}) =>
      client.createSession({
        terminal_id: 'TERM00001',
        reference: uniqueReference('shot'),
        description: 'Highland Grid Fleece',
        currency: 'EUR',
        amount: 4999,
        transaction_type: 'PURCHASE',
        return_url: `${merchantOrigin}/return`,
        originator_url: merchantOrigin,
        ...overrides,
      });

    const page = await browser.newPage({ viewport: { width: 375, height: 900 }, deviceScaleFactor: 2 });
    const shoot = async (frameSelector: string, name: string, locale: LocaleTag) => {
      const frame = page.locator(frameSelector);
      await frame.screenshot({ path: join(out, `${name}-${locale}.png`), animations: 'disabled' });
    };
    const open = async (path: string, params: Record<string, string>) => {
      await page.goto(`${merchantOrigin}/${path}?${new URLSearchParams({ gateway: gateway.url, ...params })}`);
      await page.locator('body[data-ready="true"]').waitFor();
    };
    const apm = (): FrameLocator => page.locator(APM_FRAME_SELECTOR).contentFrame();
    const cardFrame = (): FrameLocator => page.locator('iframe[title="Secure card payment"]').contentFrame();
    const settle = (p: Page) => p.waitForFunction(() => document.fonts.ready.then(() => true));

    for (const locale of LOCALES) {
      const text = messages(locale);
      // Saving a card: the card component with the merchant's save option.
      await open('saved-card', { session: (await session({ customer: { id: customer.id } })).id, locale, component: 'card', config: JSON.stringify({ saveCard: { offer: true } }) });
      await cardFrame().getByRole('checkbox').check();
      await settle(page);
      await shoot('iframe[title="Secure card payment"]', 'card-save-option', locale);

      // The saved card with its CVV, then expired, then deleted on the gateway.
      await open('saved-card', { session: (await session({ customer: { id: customer.id } })).id, locale, config: JSON.stringify({ componentConfig: { data: card } }) });
      await shoot('iframe[title="Secure card payment"]', 'saved-card', locale);
      await open('saved-card', { session: (await session()).id, locale, config: JSON.stringify({ componentConfig: { data: { ...card, expirationDate: '0124' } } }) });
      await cardFrame().getByLabel(text.labels.cvv, { exact: true }).fill('123');
      await page.getByRole('button', { name: 'Pay' }).click();
      await cardFrame().getByRole('alert').waitFor();
      await shoot('iframe[title="Secure card payment"]', 'saved-card-expired', locale);

      // The alternative methods: the list (EUR), BLIK with its fields (PLN), their errors, none.
      await open('alternative-methods', { session: (await session()).id, locale });
      await shoot(APM_FRAME_SELECTOR, 'apm-list', locale);
      await apm().getByRole('radio', { name: 'Provider Y', exact: true }).check();
      await shoot(APM_FRAME_SELECTOR, 'apm-provider-y', locale);
      const pln = await session({ currency: 'PLN', amount: 19900, customer: { email: 'jan@example.pl' } });
      await open('alternative-methods', { session: pln.id, locale, config: JSON.stringify({ customerConfig: { hasHolderName: true, hasHolderEmail: true } }) });
      await apm().getByRole('radio', { name: 'BLIK', exact: true }).check();
      await shoot(APM_FRAME_SELECTOR, 'apm-blik', locale);
      await apm().getByLabel(text.alternativeMethods.blikCode, { exact: true }).fill('123');
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await apm().getByText(text.alternativeMethods.blikInvalid).waitFor();
      await shoot(APM_FRAME_SELECTOR, 'apm-blik-errors', locale);
      await open('alternative-methods', { session: (await session({ transaction_type: 'AUTHORIZE' })).id, locale });
      await shoot(APM_FRAME_SELECTOR, 'apm-none', locale);
    }
    console.log(`screenshots written to ${out}`);
  } finally {
    await browser.close();
    shop.stop();
    await gateway.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
