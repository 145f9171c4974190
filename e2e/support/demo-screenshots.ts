/**
 * Screenshots of the demo shop for review (not a test), a gateway of its own (port 0) and
 * the demo on a free port, webhooks to the demo's receiver:
 * - the shopper's pages in each of the four locales (desktop 1280, and the phone (375) for the
 *   result pages): checkout, approved, declined, error, the return page after the bank, the
 *   hosted page's success and cancel pages; `<locale>-<page>.png`;
 * - the saved-card life and other payment methods, desktop and phone (`--saved-cards`).
 * Usage: tsx e2e/support/demo-screenshots.ts [out-dir = test-results/demo-screenshots] [--saved-cards]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { LOCALES, type LocaleTag } from '@payments/core';
import { startTestGateway } from '@payments/testing';
import { cardFieldLabels, completeChallenge, fillCard } from '@payments/testing/playwright';
import { shopTexts } from '@payments/demo/shared/i18n';
import { startDemo } from '@payments/demo/server';
import { launchChromium } from './chromium';
import { APM_FRAME_SELECTOR } from '../models/alternative-methods-page';

const args = process.argv.slice(2);
const out = args.find((arg) => !arg.startsWith('--')) ?? 'test-results/demo-screenshots';
const savedCards = args.includes('--saved-cards');

/** The card frame in the shop's container (its title follows the language). */
const shopCard = (page: Page) => page.locator('#card-element iframe').first().contentFrame();

async function fillContactIn(page: Page, locale: LocaleTag): Promise<void> {
  const labels = shopTexts(locale).page;
  await page.getByLabel(labels.firstName, { exact: true }).fill('Ana');
  await page.getByLabel(labels.lastName, { exact: true }).fill('Kovač');
  await page.getByLabel(labels.email, { exact: true }).fill('ana@example.com');
  await page.getByLabel(labels.phone, { exact: true }).fill('+38761123456');
  await page.getByLabel(labels.country, { exact: true }).selectOption('BA');
}

/** Every page a shopper sees, in `locale`: the language picked on the page, as a shopper does. */
async function shopperPages(browser: Browser, shopUrl: string, gatewayUrl: string, locale: LocaleTag): Promise<void> {
  const text = shopTexts(locale);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const shot = async (name: string) => {
    // A cross-origin frame below the fold is painted only once it has been in view.
    const card = page.locator('#card-element');
    if (await card.count()) await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(out, `${locale}-${name}.png`), fullPage: true, animations: 'disabled' });
  };
  const labels = cardFieldLabels(locale);
  const pay = () => page.locator('#pay-button').click();
  const open = async () => {
    await page.goto(shopUrl);
    await page.locator('#locale').selectOption(locale);
    await shopCard(page).getByLabel(labels.number, { exact: true }).waitFor();
    await fillContactIn(page, locale);
  };
  const payWith = async (number: string) => {
    await fillCard(shopCard(page), { number, holderName: 'Ana Kovač' }, labels);
    await pay();
  };
  const faults = (method: 'POST' | 'DELETE', body?: object) =>
    fetch(`${gatewayUrl}/__mock/faults`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  try {
    await open();
    await shot('1-checkout');
    await payWith('4000000000000002');
    await page.locator('.result-approved').waitFor();
    await shot('2-approved');

    await open();
    await payWith('4000000000000044');
    await page.locator('.result-declined').waitFor();
    await shot('3-declined');

    await open();
    await faults('POST', { path: '/api/transactions/authorize', mode: 'down', count: 5 });
    await payWith('4000000000000002');
    await page.locator('.result-error').waitFor();
    await faults('DELETE');
    await shot('4-error');

    await open();
    await payWith('4000000000000010');
    await completeChallenge(page, 'approve');
    await page.waitForURL(/\/return\?/);
    await shot('5-return-after-bank');

    await open();
    await page.getByRole('button', { name: text.page.hostedButton }).click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot('6-hosted-page');
    await page.locator('a[href$="/cancel"]').click(); // the page's "Cancel and return to …"
    await page.waitForURL(/\/checkout\/hosted\/cancel/);
    await shot('7-hosted-cancel');

    await page.goto(shopUrl);
    await page.getByRole('button', { name: text.page.hostedButton }).click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await fillCard(page, { number: '4000000000000002' }, labels);
    await page.getByRole('button', { name: /49[.,]99/ }).click();
    await page.locator('a[href$="/return"]').click(); // the page's "Continue to Northwind Outfitters"
    await page.waitForURL(/\/checkout\/hosted\/success/);
    await shot('8-hosted-success');

    // The phone: the result pages only.
    await page.setViewportSize({ width: 375, height: 800 });
    await shot('9-phone-hosted-success');
  } finally {
    await page.close();
  }
}

async function fillContact(page: Page): Promise<void> {
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Kovač');
  await page.getByLabel('Email', { exact: true }).fill('ana@example.com');
  await page.getByLabel('Phone').fill('+38761123456');
  await page.getByLabel('Country').selectOption('BA');
}

const cardFrame = (page: Page) => page.locator('iframe[title="Secure card payment"]').contentFrame();
const apmFrame = (page: Page) => page.locator(APM_FRAME_SELECTOR).contentFrame();

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const gateway = await startTestGateway();
  const demo = await startDemo({ port: 0, gatewayUrl: gateway.url, acsUrl: gateway.acsUrl });
  gateway.running.ctx.webhooks.setUrl(`${demo.url}/webhooks`);
  const browser = await launchChromium();
  try {
    if (!savedCards) {
      for (const locale of LOCALES) await shopperPages(browser, demo.url, gateway.url, locale);
      console.log(`screenshots written to ${out}`);
      return;
    }
    for (const [label, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 375, height: 1100 }],
    ] as const) {
      const page = await browser.newPage({ viewport, deviceScaleFactor: label === 'phone' ? 2 : 1 });
      const shot = (name: string, full = true) => page.screenshot({ path: join(out, `${label}-${name}.png`), fullPage: full, animations: 'disabled' });
      // Desktop: whole pages (element screenshots of a tall form re-lay the card frame out
      // narrow). Phone: the viewport from the Saved cards heading down.
      const checkoutSection = {
        screenshot: async (options: { path: string }) => {
          if (label === 'desktop') return page.screenshot({ ...options, fullPage: true, animations: 'disabled' });
          await page.evaluate(() => document.getElementById('account-heading')?.scrollIntoView({ block: 'start' }));
          return page.screenshot({ ...options, animations: 'disabled' });
        },
      };
      await page.goto(demo.url);
      await cardFrame(page).getByLabel('Card number').waitFor();
      await fillContact(page);
      await checkoutSection.screenshot({ path: join(out, `${label}-1-no-profile.png`) });

      // 1. A profile (a customer at the gateway), then a first payment that saves the card.
      await page.getByRole('button', { name: 'Create a profile from my contact details' }).click();
      await page.getByText('Profile: ana@example.com').waitFor();
      await cardFrame(page).getByRole('checkbox', { name: 'Save this card for future payments' }).waitFor();
      await cardFrame(page).getByLabel('Card number').fill('4000000000000002');
      await cardFrame(page).getByLabel('Expiry date').fill('12 / 30');
      await cardFrame(page).getByLabel('CVV').fill('123');
      await cardFrame(page).getByLabel('Cardholder name').fill('Ana Kovač');
      await cardFrame(page).getByRole('checkbox', { name: 'Save this card for future payments' }).check();
      await checkoutSection.screenshot({ path: join(out, `${label}-2-save-card.png`) });
      await page.getByRole('button', { name: /^Pay (€|PLN)/ }).click();
      await page.getByText('Thank you, your payment was approved').waitFor();
      await page.getByRole('list', { name: 'Your saved cards' }).waitFor({ timeout: 15_000 });
      await checkoutSection.screenshot({ path: join(out, `${label}-3-card-saved.png`) });

      // 2. A new order paid with the saved card and its CVV.
      await page.getByRole('button', { name: 'Start a new order' }).click();
      await page.getByRole('radio', { name: /^Visa •••• 0002 \(saved\)/ }).check();
      await cardFrame(page).getByLabel('CVV').fill('123');
      await checkoutSection.screenshot({ path: join(out, `${label}-4-saved-card.png`) });
      await page.getByRole('button', { name: /^Pay (€|PLN)/ }).click();
      await page.getByText('Thank you, your payment was approved').waitFor();

      // 3. Removed (DELETE /api/payment-methods/{id} by the backend), then refused.
      await page.getByRole('button', { name: 'Start a new order' }).click();
      await page.getByRole('button', { name: 'Remove Visa •••• 0002' }).click();
      await page.getByText('Removed', { exact: true }).waitFor();
      await page.getByRole('button', { name: /Try paying with the removed/ }).click();
      await cardFrame(page).getByLabel('CVV').fill('123');
      await page.getByRole('button', { name: /^Pay (€|PLN)/ }).click();
      await page.getByText('This saved card can no longer be used. Please pay with another card.').first().waitFor();
      await checkoutSection.screenshot({ path: join(out, `${label}-5-removed-refused.png`) });

      // 4. Other payment methods: the list, a wallet, its provider page, the return page.
      await page.getByRole('radio', { name: /^Other payment methods/ }).check();
      await apmFrame(page).getByRole('radio', { name: 'Wallet A' }).check();
      await checkoutSection.screenshot({ path: join(out, `${label}-6-other-methods.png`) });
      await page.getByRole('button', { name: /^Pay (€|PLN)/ }).click();
      await page.getByRole('button', { name: 'Approve' }).waitFor();
      await shot('7-provider-page');
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.waitForURL(/\/return\?/);
      await shot('8-return');
      await page.close();
    }
    console.log(`screenshots written to ${out}`);
  } finally {
    await browser.close();
    await demo.close();
    await gateway.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
