/**
 * The hosted payment page in real Chromium against the worker's mock gateway: the spec's
 * five test cards (both networks), the challenge in the page, a saved card, a wallet
 * redirect, BLIK's required data, instalments, cvv_less, AUTHORIZE, Cancel, decline then
 * retry, the expired / completed / unknown pages, every language, keyboard only, the CSP
 * and no third-party request, and axe-core with no violations on every screen.
 *
 * The end: after the outcome the page returns to the shop by itself (its "Continue to
 * {merchant}" link stays); the gateway turns that into success_url / error_url; Cancel goes
 * to cancel_url; both append transaction_id and status.
 */
import type { Page } from '@playwright/test';
import { TEST_CARDS, uniqueReference, type GatewayClient, type TestCardScenario } from '@payments/testing';
import { expect, test as base } from './fixtures';
import { HPP_WORDS, HostedPaymentPage } from './models/hosted-page';
import { expectNoAxeViolations } from './support/axe';

const test = base.extend<{ hpp: HostedPaymentPage }>({
  hpp: async ({ page }, use) => use(new HostedPaymentPage(page)),
});

const cardOf = (scenario: TestCardScenario, network: 1 | 2 = 1) => TEST_CARDS.find((c) => c.scenario === scenario && c.network === network)!.number;

/** A whole page: WCAG 2.2 A and AA and axe's best practices. */
const expectAccessible = (page: Page) => expectNoAxeViolations(page, { bestPractice: true });

/**
 * The page returns the shopper to the shop by itself after the outcome (no click: the link
 * stays for those who do not wait), and what the gateway says about the transaction.
 */
async function continueToShop(hpp: HostedPaymentPage, gateway: GatewayClient, merchantOrigin: string, path: '/success' | '/error', status: string) {
  await expect(hpp.page.getByText('We will take you back to Northwind Outfitters in a few seconds.')).toBeVisible();
  await expect(hpp.page).toHaveURL(new RegExp(`^${merchantOrigin}${path}\\?transaction_id=[^&]+&status=${status}$`), { timeout: 20_000 });
  const id = new URL(hpp.page.url()).searchParams.get('transaction_id')!;
  expect((await gateway.status(id)).transaction?.status).toBe(status);
  return id;
}

for (const network of [1, 2] as const) {
  test.describe(`network ${network}: the spec's test cards`, () => {
    test('frictionless card is approved and the shopper continues to success_url', async ({ hpp, createHostedPage, gateway, merchantOrigin }) => {
      await hpp.open((await createHostedPage()).redirect_url);
      await hpp.payWithCard({ number: cardOf('frictionless-approved', network) });
      await expect(hpp.heading).toHaveText('Payment successful');
      await expect(hpp.page.getByText('You paid €49.99 to Northwind Outfitters.')).toBeVisible();
      await continueToShop(hpp, gateway, merchantOrigin, '/success', 'APPROVED');
    });

    test('redirect card: the issuer page, Approve, back to the page, then success', async ({ hpp, createHostedPage, gateway, merchantOrigin }) => {
      const { redirect_url: url } = await createHostedPage();
      await hpp.open(url);
      await hpp.payWithCard({ number: cardOf('redirect', network) });
      await expect(hpp.page.getByRole('heading', { name: 'Verify your payment' })).toBeVisible();
      await hpp.answerFullPage('Approve');
      await expect(hpp.heading).toHaveText('Payment successful');
      expect(hpp.page.url()).toBe(url); // the query was read, then dropped
      await continueToShop(hpp, gateway, merchantOrigin, '/success', 'APPROVED');
    });

    test('form submit, authenticated: back on the page, approved', async ({ hpp, createHostedPage }) => {
      await hpp.open((await createHostedPage()).redirect_url);
      await hpp.payWithCard({ number: cardOf('form-submit-approved', network) });
      await expect(hpp.heading).toHaveText('Payment successful');
    });

    test('form submit, declined: back on the page with the reason, and the shopper can try again', async ({ hpp, createHostedPage }) => {
      await hpp.open((await createHostedPage()).redirect_url);
      await hpp.payWithCard({ number: cardOf('form-submit-declined', network) });
      await expect(hpp.banner).toContainText('Payment declined');
      await expect(hpp.banner).toContainText('Your bank could not verify the payment. No money was taken.');
      await expect(hpp.banner).toBeFocused();
      await hpp.expectCheckout();
    });

    test('insufficient funds: declined with its reason, the card stays typed in', async ({ hpp, createHostedPage }) => {
      await hpp.open((await createHostedPage()).redirect_url);
      await hpp.payWithCard({ number: cardOf('insufficient-funds', network) });
      await expect(hpp.banner).toContainText('insufficient funds');
      await expect(hpp.field('Card number')).not.toHaveValue('');
    });
  });
}

test("the card fields take the merchant's colour for their focus ring", async ({ hpp, createHostedPage }) => {
  await hpp.open((await createHostedPage()).redirect_url);
  const ink = await hpp.page.locator('hpp-app').evaluate((app) => getComputedStyle(app).getPropertyValue('--brand-ink').trim());
  expect(ink).toMatch(/^#[0-9a-f]{6}$/i);
  const form = hpp.page.locator('ef-card-form');
  expect(await form.evaluate((element) => getComputedStyle(element).getPropertyValue('--ef-color-focus').trim())).toBe(ink);
  expect(await form.evaluate((element) => getComputedStyle(element).getPropertyValue('--ef-radius').trim())).toBe('8px');
});

test('decline then retry in the same session: a second transaction, approved; the exit reports it', async ({ hpp, createHostedPage, gateway, merchantOrigin }) => {
  const reference = uniqueReference('retry');
  await hpp.open((await createHostedPage({ reference })).redirect_url);
  await hpp.payWithCard({ number: cardOf('insufficient-funds') });
  await expect(hpp.banner).toContainText('Payment declined');
  await hpp.field('Card number').fill(cardOf('frictionless-approved'));
  await hpp.pay();
  await expect(hpp.heading).toHaveText('Payment successful');
  const transactions = await gateway.request<{ transaction: { status: string } }[]>('GET', `/__mock/transactions?reference=${reference}`);
  expect(transactions.map((t) => t.transaction.status)).toEqual(['APPROVED', 'DECLINED']);
  await continueToShop(hpp, gateway, merchantOrigin, '/success', 'APPROVED');
});

test.describe('3-D Secure challenge in the page', () => {
  test('the challenge opens in a modal dialog on the page; Approve pays', async ({ hpp, createHostedPage }) => {
    await hpp.open((await createHostedPage({ terminal_id: 'TERM00002', metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' } })).redirect_url);
    await hpp.payWithCard({ number: '4111111111111111' });
    const { dialog, acs } = hpp.challenge();
    await expect(dialog).toBeVisible();
    await expect(acs.getByRole('heading', { name: 'Verify your payment' })).toBeVisible();
    await acs.getByRole('button', { name: 'Approve' }).click();
    await expect(hpp.heading).toHaveText('Payment successful');
    await expect(dialog).toBeHidden();
  });

  test('Decline in the challenge is a declined payment, and the shopper may try again', async ({ hpp, createHostedPage }) => {
    await hpp.open((await createHostedPage({ terminal_id: 'TERM00002', metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' } })).redirect_url);
    await hpp.payWithCard({ number: '4111111111111111' });
    await hpp.challenge().acs.getByRole('button', { name: 'Decline' }).click();
    await expect(hpp.banner).toContainText('Payment declined');
    await hpp.expectCheckout();
  });

  test('closing the challenge with Escape says so; paying again shows it again', async ({ hpp, createHostedPage }) => {
    test.slow(); // axe also reads the issuer's cross-origin frame
    await hpp.open((await createHostedPage({ terminal_id: 'TERM00002', metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' } })).redirect_url);
    await hpp.payWithCard({ number: '4111111111111111' });
    const { dialog, acs } = hpp.challenge();
    await expect(acs.getByRole('button', { name: 'Approve' })).toBeVisible();
    await expectAccessible(hpp.page);
    await hpp.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(hpp.banner).toContainText('Verification was canceled. You can try again.');
    await hpp.pay();
    await acs.getByRole('button', { name: 'Approve' }).click();
    await expect(hpp.heading).toHaveText('Payment successful');
  });
});

test('a saved card: the customer pays with it and re-enters the CVV', async ({ hpp, gateway, createHostedPage, merchantOrigin }) => {
  const customer = await gateway.createCustomer();
  const { paymentMethodId: token } = await gateway.saveCard(customer.id, { number: cardOf('frictionless-approved'), month: '12', year: '2034' });
  await hpp.open((await createHostedPage({ customer_id: customer.id })).redirect_url);
  const option = hpp.method('Visa ending in 0002 Expires 12/34');
  await expect(option).toBeChecked();
  await expect(hpp.field('Card number')).toHaveCount(0); // only the CVV is asked again
  await hpp.pay();
  await expect(hpp.field('CVV')).toHaveAttribute('aria-invalid', 'true');
  await hpp.field('CVV').fill('123');
  await hpp.pay();
  await expect(hpp.heading).toHaveText('Payment successful');
  const id = await continueToShop(hpp, gateway, merchantOrigin, '/success', 'APPROVED');
  const status = await gateway.status(id);
  expect(status.transaction?.payment_method).toMatchObject({ type: 'saved_card', token });
});

test('a wallet redirect: Wallet A, approved at the provider, back to the page, then success', async ({ hpp, createHostedPage, gateway, merchantOrigin }) => {
  await hpp.open((await createHostedPage()).redirect_url);
  await hpp.method('Wallet A').check();
  await expect(hpp.page.getByText('You will be taken to Wallet A to approve the payment.')).toBeVisible();
  await hpp.payButton('Continue to Wallet A').click();
  await expect(hpp.page.getByRole('heading', { name: 'Wallet A' })).toBeVisible();
  await hpp.answerFullPage('Approve');
  await expect(hpp.heading).toHaveText('Payment successful');
  await continueToShop(hpp, gateway, merchantOrigin, '/success', 'APPROVED');
});

test('a wallet declined at the provider: back on the page, the shopper pays another way', async ({ hpp, createHostedPage }) => {
  await hpp.open((await createHostedPage()).redirect_url);
  await hpp.method('Wallet B').check();
  await hpp.payButton('Continue to Wallet B').click();
  await hpp.answerFullPage('Decline');
  await expect(hpp.banner).toContainText('The payment was not completed. No money was taken.');
  await hpp.method('Card').check();
  await hpp.payWithCard({ number: cardOf('frictionless-approved') });
  await expect(hpp.heading).toHaveText('Payment successful');
});

test('a bank redirect abandoned at the provider stays pending: the page says the bank has not confirmed it yet, then back to the shop', async ({ hpp, createHostedPage, gateway, merchantOrigin }) => {
  await hpp.open((await createHostedPage()).redirect_url);
  await hpp.method('Online banking').check();
  await hpp.payButton('Continue to Online banking').click();
  await hpp.answerFullPage('Abandon');
  // Spec: a bank redirect is never cancelled automatically; it ends when the bank reports.
  await expect(hpp.heading).toHaveText('Payment being confirmed');
  await expect(
    hpp.page.getByText('Your bank has not confirmed the payment yet. If you approved it there, Northwind Outfitters will let you know once your bank confirms it. If you did not, no money is taken.'),
  ).toBeVisible();
  await expect(hpp.banner).toBeHidden();
  const id = await continueToShop(hpp, gateway, merchantOrigin, '/success', 'PENDING');
  expect((await gateway.status(id)).transaction?.payment_method.type).toBe('bank-network-redirect');
});

test('a provider that needs shopper data (BLIK, PLN): required errors are linked to their fields', async ({ hpp, createHostedPage }) => {
  await hpp.open((await createHostedPage({ currency: 'PLN', amount: 12900 })).redirect_url);
  await hpp.method('BLIK').check();
  await hpp.field('Email').fill('');
  await hpp.payButton('Continue to BLIK').click();
  const email = hpp.field('Email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('This field is required.');
  await expect(email).toBeFocused();
  await email.fill('ana@example.com');
  await hpp.field('First name').fill('Ana');
  await hpp.field('Last name').fill('Nowak');
  await hpp.payButton('Continue to BLIK').click();
  await expect(hpp.page.getByRole('heading', { name: 'Provider X · BLIK' })).toBeVisible();
});

test('Cancel goes to cancel_url with status CANCELED', async ({ hpp, createHostedPage, merchantOrigin }) => {
  await hpp.open((await createHostedPage()).redirect_url);
  await hpp.cancelLink.click();
  await expect(hpp.page).toHaveURL(`${merchantOrigin}/cancel?status=CANCELED`);
});

test('instalments: the shopper picks a count and authorize carries it', async ({ hpp, createHostedPage }) => {
  await hpp.open((await createHostedPage({ options: { number_of_instalments: [1, 3, 6] } })).redirect_url);
  await hpp.page.getByLabel('Instalments').selectOption({ label: '3 instalments' });
  const authorize = hpp.page.waitForRequest((request) => request.url().endsWith('/api/transactions/authorize'));
  await hpp.payWithCard({ number: cardOf('frictionless-approved') });
  expect((await authorize).postDataJSON()).toMatchObject({ instalments: 3 });
  await expect(hpp.heading).toHaveText('Payment successful');
});

test('cvv_less: no CVV field, and the card pays without one', async ({ hpp, createHostedPage }) => {
  await hpp.open((await createHostedPage({ options: { cvv_less: true } })).redirect_url);
  await expect(hpp.field('CVV')).toHaveCount(0);
  const authorize = hpp.page.waitForRequest((request) => request.url().endsWith('/api/transactions/authorize'));
  await hpp.payWithCard({ number: cardOf('frictionless-approved'), cvv: '' });
  expect((await authorize).postDataJSON().payment_method.data).not.toHaveProperty('encrypted_cvv');
  await expect(hpp.heading).toHaveText('Payment successful');
});

test('AUTHORIZE: the page says the amount is reserved, then authorized', async ({ hpp, createHostedPage }) => {
  await hpp.open((await createHostedPage({ transaction_type: 'AUTHORIZE' })).redirect_url);
  await expect(hpp.page.getByText('The amount is reserved on your card now')).toBeVisible();
  await expect(hpp.method('Wallet A')).toHaveCount(0); // redirect methods are PURCHASE only
  await hpp.payWithCard({ number: cardOf('frictionless-approved') });
  await expect(hpp.heading).toHaveText('Payment authorized');
});

test.describe('clear pages, never a stack trace', () => {
  test('an expired session: its own page, and Return goes to error_url with EXPIRED', async ({ hpp, createHostedPage, gateway, merchantOrigin }) => {
    const { redirect_url: url } = await createHostedPage();
    await gateway.request('POST', '/__mock/clock', { advance_seconds: 31 * 60 });
    await hpp.open(url);
    await expect(hpp.heading).toHaveText('This payment session has expired');
    await expectAccessible(hpp.page);
    await hpp.page.getByRole('link', { name: 'Return to Northwind Outfitters' }).click();
    await expect(hpp.page).toHaveURL(`${merchantOrigin}/error?status=EXPIRED`);
  });

  test('a session that expires while the shopper is on the page (1005): the expired page', async ({ hpp, createHostedPage, gateway }) => {
    await hpp.open((await createHostedPage()).redirect_url);
    await gateway.request('POST', '/__mock/clock', { advance_seconds: 31 * 60 });
    await hpp.payWithCard({ number: cardOf('frictionless-approved') });
    await expect(hpp.heading).toHaveText('This payment session has expired');
    await expect(hpp.heading).toBeFocused();
  });

  test('a session used after it completed', async ({ hpp, createHostedPage }) => {
    const { redirect_url: url } = await createHostedPage();
    await hpp.open(url);
    await hpp.payWithCard({ number: cardOf('frictionless-approved') });
    await expect(hpp.heading).toHaveText('Payment successful');
    await hpp.open(url);
    await expect(hpp.heading).toHaveText('This payment is already complete');
    await expect(hpp.continueLink()).toBeVisible();
  });

  test('an unknown session', async ({ hpp, gatewayUrl }) => {
    const response = await hpp.page.goto(`${gatewayUrl}/hpp/00000000-0000-4000-8000-000000000000`);
    expect(response?.status()).toBe(404);
    await expect(hpp.heading).toHaveText('This payment link is not valid');
    await expectAccessible(hpp.page);
  });
});

test.describe('languages', () => {
  for (const [language, locale, amount] of [
    ['English', 'en-US', '€49.99'],
    ['Bosanski', 'bs-BA', '49,99 €'],
    ['Romana', 'ro-RO', '49,99 EUR'],
    ['Svenska', 'sv-SE', '49,99 €'],
  ] as const) {
    test(`language ${language} → ${locale}: texts, amount format, then paid in it; axe finds nothing`, async ({ hpp, createHostedPage }) => {
      await hpp.open((await createHostedPage({ language })).redirect_url, locale);
      await expect(hpp.page.locator('html')).toHaveAttribute('lang', locale);
      await hpp.expectCheckout();
      // Intl separates amount and currency with a no-break space.
      await expect(hpp.payButton(`${HPP_WORDS[locale].pay} ${amount.replace(' ', '\u00a0')}`)).toBeVisible();
      await expectAccessible(hpp.page);
      await hpp.payWithCard({ number: cardOf('frictionless-approved') });
      await expect(hpp.heading).toHaveText(HPP_WORDS[locale].paid);
      await expectAccessible(hpp.page);
    });
  }

  test("the shopper switches language on the page; the choice survives the bank's redirect", async ({ hpp, createHostedPage }) => {
    await hpp.open((await createHostedPage()).redirect_url);
    await hpp.field('Card number').fill(cardOf('redirect'));
    await hpp.chooseLanguage('sv-SE');
    await hpp.expectCheckout();
    await expect(hpp.field('Kortnummer')).toHaveValue('4000 0000 0000 0010'); // typed data stays
    await hpp.fillCard({ number: cardOf('redirect') });
    await hpp.pay();
    await hpp.answerFullPage('Approve');
    await expect(hpp.heading).toHaveText('Betalningen är klar');
  });

  test("without language, the merchant's default (English)", async ({ hpp, createHostedPage }) => {
    await hpp.open((await createHostedPage()).redirect_url);
    await expect(hpp.page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(hpp.languagePicker).toHaveValue('en-US');
  });
});

test('keyboard only: Tab through the card, Enter pays', async ({ hpp, createHostedPage }) => {
  await hpp.open((await createHostedPage()).redirect_url);
  const { page } = hpp;
  const number = hpp.field('Card number');
  for (let i = 0; i < 10 && !(await number.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(number).toBeFocused();
  await page.keyboard.type(cardOf('frictionless-approved'));
  await expect(hpp.field('Expiry date')).toBeFocused(); // a complete number moves on by itself
  await page.keyboard.type('1234');
  await expect(hpp.field('CVV')).toBeFocused();
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  await expect(hpp.heading).toHaveText('Payment successful');
  await expect(hpp.heading).toBeFocused();
});

test('errors are linked to their fields and the page stays accessible while declined', async ({ hpp, createHostedPage }) => {
  await hpp.open((await createHostedPage()).redirect_url);
  await hpp.pay();
  await expect(hpp.field('Card number')).toHaveAccessibleDescription('Enter your card number.');
  await expect(hpp.field('Card number')).toBeFocused();
  await hpp.payWithCard({ number: cardOf('insufficient-funds') });
  await expect(hpp.banner).toBeVisible();
  await expectAccessible(hpp.page);
});

test('strict CSP, no third-party request, no console error through a whole payment', async ({ hpp, createHostedPage, gatewayUrl, acsUrl }) => {
  const { page } = hpp;
  const foreign: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    const origin = new URL(request.url()).origin;
    if (origin !== gatewayUrl && origin !== acsUrl && !request.url().startsWith('data:')) foreign.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const { redirect_url: url } = await createHostedPage({ terminal_id: 'TERM00002', metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' } });
  const response = await page.goto(url);
  const csp = response!.headers()['content-security-policy']!;
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("require-trusted-types-for 'script'");
  await hpp.payWithCard({ number: '4111111111111111' });
  await hpp.challenge().acs.getByRole('button', { name: 'Approve' }).click();
  await expect(hpp.heading).toHaveText('Payment successful');
  expect(foreign).toEqual([]);
  expect(problems).toEqual([]);
});

test('phone width (320 px): nothing overflows, the card fields and Pay are reachable', async ({ hpp, createHostedPage }) => {
  await hpp.page.setViewportSize({ width: 320, height: 640 });
  await hpp.open((await createHostedPage({ language: 'Romana' })).redirect_url, 'ro-RO');
  const overflow = await hpp.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
  await hpp.payWithCard({ number: cardOf('frictionless-approved') });
  await expect(hpp.heading).toHaveText('Plata a reușit');
});
