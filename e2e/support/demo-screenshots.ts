/**
 * Screenshots of the demo shop's saved-card life and other payment methods, for review
 * (not a test): desktop (1280) and phone (375). A gateway of its own (port 0) and the demo
 * on a free port, webhooks to the demo's receiver.
 * Usage: tsx e2e/support/demo-screenshots.ts [out-dir = test-results/demo-screenshots]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startTestGateway } from '@payments/testing';
import { startDemo } from '@payments/demo/server';
import { launchChromium } from './chromium';

const out = process.argv[2] ?? 'test-results/demo-screenshots';

async function fillContact(page: Page): Promise<void> {
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Kovač');
  await page.getByLabel('Email', { exact: true }).fill('ana@example.com');
  await page.getByLabel('Phone').fill('+38761123456');
  await page.getByLabel('Country').selectOption('BA');
}

const cardFrame = (page: Page) => page.locator('iframe[title="Secure card payment"]').contentFrame();
const apmFrame = (page: Page) => page.locator('iframe[title="Secure alternative payment methods"]').contentFrame();

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const gateway = await startTestGateway();
  const demo = await startDemo({ port: 0, gatewayUrl: gateway.url, acsUrl: gateway.acsUrl });
  gateway.running.ctx.webhooks.setUrl(`${demo.url}/webhooks`);
  const browser = await launchChromium();
  try {
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
      await page.getByText('Payment approved. Thank you!').waitFor();
      await page.getByRole('list', { name: 'Your saved cards' }).waitFor({ timeout: 15_000 });
      await checkoutSection.screenshot({ path: join(out, `${label}-3-card-saved.png`) });

      // 2. A new order paid with the saved card and its CVV.
      await page.getByRole('button', { name: 'Start a new order' }).click();
      await page.getByRole('radio', { name: /^Visa •••• 0002 \(saved\)/ }).check();
      await cardFrame(page).getByLabel('CVV').fill('123');
      await checkoutSection.screenshot({ path: join(out, `${label}-4-saved-card.png`) });
      await page.getByRole('button', { name: /^Pay (€|PLN)/ }).click();
      await page.getByText('Payment approved. Thank you!').waitFor();

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
