/**
 * The demo shop as a shopper meets it: its own origin and backend, the script loaded from
 * the gateway with Subresource Integrity under the shop's strict CSP (the CSP the README
 * tells merchants to use), a payment approved end to end and its webhook verified; the
 * outcome told as a sentence in the shopper's language with the order number (the codes,
 * ids and status words only in the developer details); the hosted page in the language
 * picked on the shop, and a cancel that says so and leads back to the basket.
 */
import { createHash } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import type { LocaleTag } from '@payments/core';
import { TEST_CARDS, type TestCardScenario } from '@payments/testing';
import { cardFieldLabels, cardFrame, completeChallenge, fillCard, splitCardFrames } from '@payments/testing/playwright';
import { shopTexts } from '@payments/demo/shared/i18n';
import { expect, fillShopper, test } from './fixtures/demo';
import { HPP_WORDS, HostedPaymentPage } from './models/hosted-page';

/** The card frame in the shop's container (its title follows the language). */
const shopCard = (page: Page) => page.locator('#card-element iframe').first().contentFrame();
const result = (page: Page) => page.locator('#result');
/** A developer fact of the last payment ("Transaction id", "Processing code"…). */
const developerFact = (page: Page, term: string) => page.locator('#last-payment dt', { hasText: term }).locator('+ dd');

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const STATUS_WORD = /\b(APPROVED|DECLINED|CANCELED|PENDING|FAILED|UNKNOWN)\b/;

/** What the shopper reads carries none of the developer's data. */
async function expectShopperWordsOnly(shown: Locator, facts: { transactionId: string; processingCode: string }): Promise<void> {
  const text = await shown.innerText();
  expect(text).not.toContain(facts.transactionId);
  expect(text).not.toMatch(UUID);
  expect(text).not.toMatch(STATUS_WORD);
  expect(text).not.toMatch(new RegExp(`\\b${facts.processingCode}\\b`));
  expect(text).not.toMatch(/\*{4}|\d{6}\*+\d{4}/); // no masked card number
}

/** The contact details, by their labels in the page's language. */
async function fillContact(page: Page, locale: LocaleTag): Promise<void> {
  const labels = shopTexts(locale).page;
  await page.getByLabel(labels.firstName, { exact: true }).fill('Ana');
  await page.getByLabel(labels.lastName, { exact: true }).fill('Kovač');
  await page.getByLabel(labels.email, { exact: true }).fill('ana@example.com');
  await page.getByLabel(labels.phone, { exact: true }).fill('+38761123456');
  await page.getByLabel(labels.country, { exact: true }).selectOption('BA');
}

const cardOf = (scenario: TestCardScenario) => TEST_CARDS.find((card) => card.scenario === scenario && card.network === 1)!.number;

test('loads embedded-fields.js with integrity under the shop CSP, pays, and shows the verified webhook', async ({ page, demo, gatewayUrl }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto(demo.url);
  const csp = response!.headers()['content-security-policy']!;
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(csp).toContain(`script-src 'self' ${gatewayUrl}`);

  const script = page.locator(`script[src="${gatewayUrl}/embedded-fields.js"]`);
  const integrity = await script.getAttribute('integrity');
  const served = Buffer.from(await (await fetch(`${gatewayUrl}/embedded-fields.js`)).arrayBuffer());
  expect(integrity).toBe(`sha384-${createHash('sha384').update(served).digest('base64')}`);
  expect(await (await fetch(`${gatewayUrl}/sri.json`)).json()).toMatchObject({ 'embedded-fields.js': integrity });

  await fillShopper(page);
  await fillCard(cardFrame(page), { number: '4000000000000002', holderName: 'Ana Kovač' });
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page.getByText('Thank you, your payment was approved')).toBeVisible();
  await expect(page.getByText('this payment').first()).toBeVisible({ timeout: 15_000 });
  expect(violations).toEqual([]);
});

test('the split layout (a secure frame per field, laid out by the shop) pays under the shop CSP', async ({ page, demo }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(demo.url);
  await fillShopper(page);
  await page.getByRole('radio', { name: /^New card, separate fields/ }).check();
  const fields = splitCardFrames(page);
  await expect(fields.frame('holderName').getByLabel('Cardholder name')).toBeEditable();
  await expect(page.locator('#card-element iframe')).toHaveCount(4);
  await fillCard(fields, { number: '4000000000000002', holderName: 'Ana Kovač' });
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page.getByText('Thank you, your payment was approved')).toBeVisible();
  expect(violations).toEqual([]);
});

test('a redirect card leaves for the bank and the return page shows the status the backend verified', async ({ page, demo }) => {
  await page.goto(demo.url);
  await fillShopper(page);
  await fillCard(cardFrame(page), { number: '4000000000000010', holderName: 'Ana Kovač' });
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await completeChallenge(page, 'approve');
  await expect(page).toHaveURL(/\/return\?lang=en-US&transaction_id=.+&status=APPROVED/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your payment was approved');
});

test('a bad day at the gateway: the form that did not load comes back with Try again; a payment the gateway dropped is paid once', async ({ page, demo, gateway }) => {
  await gateway.request('POST', '/__mock/faults', { path: '/frames/card', mode: 'error', count: 5 });
  await page.goto(demo.url);
  await expect(page.getByText(/^Payment form could not load/)).toBeVisible();
  await gateway.request('DELETE', '/__mock/faults');
  await page.getByRole('button', { name: 'Try again' }).click();

  await fillShopper(page);
  await fillCard(cardFrame(page), { number: '4000000000000002', holderName: 'Ana Kovač' });
  await gateway.request('POST', '/__mock/faults', { path: '/api/transactions/authorize', mode: 'down', count: 5 });
  await page.getByRole('button', { name: /^Pay €/ }).click();
  const message = "The payment service didn't answer. Please try again: you won't be charged twice.";
  await expect(result(page).getByText('Your payment was not completed')).toBeVisible();
  await expect(result(page).getByText(message)).toBeVisible();
  await expect(result(page)).not.toContainText('network_error');
  await expect(developerFact(page, 'Library error code')).toHaveText('network_error');
  await gateway.request('DELETE', '/__mock/faults');
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page.getByText('Thank you, your payment was approved')).toBeVisible();
  await expect(developerFact(page, 'Library error code')).toHaveCount(0);
  // The order's reference, as the developer details show it: one transaction for it, approved.
  const reference = await developerFact(page, 'Order reference').textContent();
  await expect(result(page)).toContainText(`for order ${reference}.`);
  const transactions = await gateway.request<{ transaction: { status: string } }[]>('GET', `/__mock/transactions?reference=${encodeURIComponent(reference!)}`);
  expect(transactions.map((t) => t.transaction.status)).toEqual(['APPROVED']);
});

test.describe('in the shopper\'s language', () => {
  for (const [locale, approved, declined] of [
    ['en-US', /^You paid €49\.99 for order (NW-[A-Z0-9-]+)\. Your order is confirmed and ships within 2 business days\.$/, ['Your payment was not approved', 'Your bank declined the payment because of insufficient funds.', /^Nothing was charged for order NW-[A-Z0-9-]+\. You can try again with another card or another payment method\.$/]],
    ['sv-SE', /^Du har betalat 49,99\s€ för beställning (NW-[A-Z0-9-]+)\. Beställningen är bekräftad och skickas inom 2 arbetsdagar\.$/, ['Din betalning godkändes inte', 'Din bank nekade betalningen på grund av otillräckligt saldo.', /^Inget har dragits för beställning NW-[A-Z0-9-]+\. Du kan försöka igen med ett annat kort eller ett annat betalningssätt\.$/]],
  ] as const) {
    test(`${locale}: the result says what happened with the order number; codes, ids and status only in the developer details`, async ({ page, demo }) => {
      await page.goto(demo.url);
      await page.getByLabel('Language', { exact: true }).selectOption(locale);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(shopTexts(locale).page.checkoutHeading);
      await fillContact(page, locale);
      const labels = cardFieldLabels(locale);
      await expect(shopCard(page).getByLabel(labels.number, { exact: true })).toBeVisible({ timeout: 30_000 }); // the frame loads the locale's texts
      const pay = page.getByRole('button', { name: new RegExp(`^${shopTexts(locale).checkout.pay.replace(' {amount}', '')} (€|\\d)`) });

      // Declined for insufficient funds (processing code 1004).
      await fillCard(shopCard(page), { number: cardOf('insufficient-funds'), holderName: 'Ana Kovač' }, labels);
      await pay.click();
      await expect(result(page).locator('.result-title')).toHaveText(declined[0]);
      await expect(result(page).locator('.result-line').nth(0)).toHaveText(declined[1]);
      await expect(result(page).locator('.result-line').nth(1)).toHaveText(declined[2]);
      await expect(developerFact(page, 'Processing code')).toHaveText('1004');
      await expect(developerFact(page, 'Status (verified by the backend)')).toHaveText('DECLINED');
      await expectShopperWordsOnly(result(page), { transactionId: (await developerFact(page, 'Transaction id').textContent())!, processingCode: '1004' });
      const declinedReference = await developerFact(page, 'Order reference').textContent();
      await expect(result(page)).toContainText(declinedReference!);

      // A new session, approved.
      await page.goto(demo.url);
      await fillContact(page, locale);
      await fillCard(shopCard(page), { number: cardOf('frictionless-approved'), holderName: 'Ana Kovač' }, labels);
      await pay.click();
      await expect(result(page).locator('.result-title')).toHaveText(shopTexts(locale).outcome.approvedTitle);
      await expect(result(page).locator('.result-line')).toHaveText(approved);
      const order = (await result(page).locator('.result-line').textContent())!.match(approved)![1];
      await expect(developerFact(page, 'Order reference')).toHaveText(order!);
      await expect(developerFact(page, 'Card')).toContainText('0002');
      await expectShopperWordsOnly(result(page), {
        transactionId: (await developerFact(page, 'Transaction id').textContent())!,
        processingCode: (await developerFact(page, 'Processing code').textContent())!,
      });
      await expect(page.getByRole('heading', { name: 'Developer details (not shown to shoppers in a real shop)' })).toBeVisible();
    });
  }

  test('ro-RO: the return page after the bank speaks Romanian, with the order number and no codes', async ({ page, demo }) => {
    await page.goto(demo.url);
    await page.getByLabel('Language', { exact: true }).selectOption('ro-RO');
    await fillContact(page, 'ro-RO');
    const labels = cardFieldLabels('ro-RO');
    await fillCard(shopCard(page), { number: cardOf('redirect'), holderName: 'Ana Kovač' }, labels);
    await page.getByRole('button', { name: /^Plătiți 49,99/ }).click();
    await completeChallenge(page, 'approve');
    await expect(page).toHaveURL(/\/return\?lang=/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ro-RO');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vă mulțumim, plata a fost aprobată');
    const detail = page.locator('.outcome-detail');
    await expect(detail).toHaveText(/^Ați plătit 49,99\sEUR pentru comanda NW-[A-Z0-9-]+\. Comanda este confirmată și o expediem în 2 zile lucrătoare\.$/);
    const transactionId = new URL(page.url()).searchParams.get('transaction_id')!;
    await expectShopperWordsOnly(page.locator('main'), { transactionId, processingCode: '0000' });
    await page.getByRole('link', { name: 'Continuați cumpărăturile' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finalizarea comenzii');
  });

  test('sv-SE: "Pay on the hosted page" opens it in Swedish; Cancel lands on a Swedish page that says so and leads back to the basket', async ({ page, demo }) => {
    await page.goto(demo.url);
    await page.getByLabel('Language', { exact: true }).selectOption('sv-SE');
    await page.getByRole('button', { name: 'Betala på betalningssidan' }).click();
    const hpp = new HostedPaymentPage(page);
    hpp.locale = 'sv-SE';
    await hpp.expectCheckout();
    await expect(page.locator('html')).toHaveAttribute('lang', /^sv/);
    await expect(hpp.payButton()).toHaveAccessibleName(new RegExp(`^${HPP_WORDS['sv-SE'].pay} 49,99`));
    await page.getByRole('link', { name: /^Avbryt och gå tillbaka till / }).click();

    await expect(page).toHaveURL(/\/checkout\/hosted\/cancel\?lang=sv-SE&order=NW-/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv-SE');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Du avbröt betalningen');
    const order = new URL(page.url()).searchParams.get('order')!;
    await expect(page.locator('.outcome-detail')).toHaveText(`Inget har dragits för beställning ${order}. Varukorgen finns kvar när du vill betala.`);
    await expect(page.locator('main')).not.toContainText(/CANCELED|UNKNOWN|—/);
    await page.getByRole('link', { name: 'Tillbaka till varukorgen' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kassa');
    await expect(page.getByLabel('Språk', { exact: true })).toHaveValue('sv-SE');
  });

  test('en-US: the hosted page in Northwind colors, paid, back to a verified thank-you page', async ({ page, demo }) => {
    await page.goto(demo.url);
    await page.getByRole('button', { name: 'Pay on the hosted page' }).click();
    const hpp = new HostedPaymentPage(page);
    await expect(hpp.heading).toHaveText(/Pay Northwind Outfitters\s*€49\.99/);
    await expect(page.getByRole('img', { name: 'Northwind Outfitters' })).toBeVisible();
    await expect(hpp.payButton()).toHaveCSS('background-color', 'rgb(31, 95, 74)'); // the merchant's primary colour
    await hpp.payWithCard({ number: cardOf('frictionless-approved') });
    await hpp.continueLink().click();
    await expect(page).toHaveURL(new RegExp(`^${demo.url}/checkout/hosted/success\\?lang=en-US&order=NW-[^&]+&transaction_id=[^&]+&status=APPROVED$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your payment was approved');
    await expect(page.locator('.outcome-detail')).toHaveText(/^You paid €49\.99 for order NW-[A-Z0-9-]+\. Your order is confirmed and ships within 2 business days\.$/);
  });
});
