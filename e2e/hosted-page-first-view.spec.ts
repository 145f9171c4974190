/**
 * The hosted page's first view (#30): the gateway serves the checkout drawn in the document,
 * so the card field is usable before the page's script has run; the script then takes it
 * over. Asserted as a shopper notices it, with the page's script held back by `page.route`
 * (the document, its inline stylesheet and the logo are not):
 *  - typed before the script ran, kept and formatted once it runs, the focus and caret too,
 *    and the payment completes;
 *  - nothing moves when the script takes over (every element's box the same);
 *  - Pay clicked before the script ran pays once it runs;
 *  - nothing is submitted natively before the script runs (Enter in a field);
 *  - a hostile merchant name is text, in the first view and after;
 *  - every language (axe-core on the first view too), and no CSP violation.
 */
import type { Page } from '@playwright/test';
import { TEST_CARDS } from '@payments/testing';
import { expect, test as base } from './fixtures';
import { HOSTED_PAGE_SCRIPT, HPP_WORDS, HostedPaymentPage, type HppLocale } from './models/hosted-page';
import { holdRequests } from './support/hold-requests';
import { expectNoAxeViolations } from './support/axe';

const test = base.extend<{ hpp: HostedPaymentPage }>({
  hpp: async ({ page }, use) => use(new HostedPaymentPage(page)),
});

const APPROVED = TEST_CARDS.find((c) => c.scenario === 'frictionless-approved' && c.network === 1)!.number;

/** Holds the page's script (its entry, /hpp/assets/index-*.js) until release() is called. */
const holdPageScript = (page: Page) => holdRequests(page, HOSTED_PAGE_SCRIPT);

/**
 * Every element of the checkout by its place in the page, with its box in whole pixels: what a
 * shopper would see move (less `skip`), once running animations have ended, in whole pixels
 * (the card's mark was measured a hundredth of a pixel off mid fade-in, which no one sees).
 */
function boxes(page: Page, root: string, skip = ':not(*)'): Promise<string[]> {
  return page.locator(root).evaluate(async (element, skipped) => {
    // The mark's fade-in (180 ms) is drawing, not moving: measure once it has run.
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    return [...element.querySelectorAll('*')].filter((e) => !e.matches(skipped)).map((e) => {
      const r = e.getBoundingClientRect();
      const px = (n: number) => Math.round(n);
      return `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} ${px(r.x)},${px(r.y)} ${px(r.width)}x${px(r.height)}`;
    });
  }, skip);
}

/** What typing a number changes by design: the brand's mark (its drawing) and the brand's name for screen readers. */
const BRAND = '.ef-mark *, .ef-sr-only';

/** CSP violations the page reports (a blocked inline style or script would be one). */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('typed before the script ran: kept, formatted once it runs, focus and caret kept; nothing moves; the payment completes', async ({ hpp, page, createHostedPage }) => {
  const violations = cspViolations(page);
  const script = await holdPageScript(page);
  await page.goto((await createHostedPage()).redirect_url, { waitUntil: 'commit' });
  await expect.poll(script.asked).toBe(1);
  const number = hpp.field('Card number');
  await expect(number).toBeEditable(); // the first view's own input: no script has run
  await expect(page.locator('#hpp-first-view')).toHaveCount(1);
  await number.click();
  await page.keyboard.type(APPROVED.slice(0, 8));
  await expect(number).toHaveValue(APPROVED.slice(0, 8)); // no script: no formatting yet
  const typed = await boxes(page, '#hpp-first-view', BRAND);

  script.release();
  await hpp.expectPageScript();
  await expect(number).toHaveValue(`${APPROVED.slice(0, 4)} ${APPROVED.slice(4, 8)}`);
  await expect(number).toBeFocused();
  expect(await number.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([9, 9]);
  expect(await boxes(page, 'hpp-app', BRAND)).toEqual(typed);

  await page.keyboard.type(APPROVED.slice(8)); // the rest, into the page's own form: on to the expiry by itself
  await expect(number).toHaveValue(APPROVED.replace(/(\d{4})(?=\d)/g, '$1 '));
  await expect(hpp.field('Expiry date')).toBeFocused();
  await page.keyboard.type('1234');
  await page.keyboard.type('123');
  await hpp.pay();
  await expect(hpp.heading).toHaveText('Payment successful');
  expect(violations).toEqual([]);
});

test('Pay clicked before the script ran pays once it runs, with what was typed', async ({ hpp, page, createHostedPage }) => {
  const script = await holdPageScript(page);
  await page.goto((await createHostedPage()).redirect_url, { waitUntil: 'commit' });
  await expect.poll(script.asked).toBe(1);
  await hpp.field('Card number').fill(APPROVED);
  await hpp.field('Expiry date').fill('1234');
  await hpp.securityCode().fill('123');
  await hpp.pay();
  script.release();
  await expect(hpp.heading).toHaveText('Payment successful');
});

test('nothing is submitted natively before the script runs: Enter in a saved card\'s one CVV field goes nowhere', async ({ hpp, page, gateway, createHostedPage, gatewayUrl }) => {
  // A form of one text field submits on Enter (HTML's implicit submission): the saved card's CVV form is one.
  const customer = await gateway.createCustomer();
  await gateway.saveCard(customer.id, { number: APPROVED });
  const script = await holdPageScript(page);
  const url = (await createHostedPage({ customer_id: customer.id })).redirect_url;
  await page.goto(url, { waitUntil: 'commit' });
  await expect.poll(script.asked).toBe(1);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() || request.method() !== 'GET' || new URL(request.url()).origin !== gatewayUrl) sent.push(`${request.method()} ${request.url()}`);
  });
  const cvv = hpp.securityCode();
  await expect(page.locator('#hpp-first-view ef-card-form input')).toHaveCount(1);
  await cvv.fill('123');
  await cvv.press('Enter');
  // No card input has a name: a post would carry nothing.
  expect(await page.locator('#hpp-first-view ef-card-form input[name]').count()).toBe(0);
  script.release();
  await hpp.expectPageScript();
  await expect(cvv).toHaveValue('123');
  expect(sent).toEqual([]);
  expect(page.url()).toBe(url);
});

test("a hostile merchant name is text in the first view and after the script", async ({ hpp, page, createHostedPage, testGateway }) => {
  // The API's edge refuses markup in a request (edge-rules.ts): the merchant's settings are where it could come from.
  const hostile = 'Northwind <img src=x onerror=alert(1)> "&';
  const merchant = testGateway.running.ctx.config.merchants.find((m) => m.name === 'Northwind Outfitters')!;
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  merchant.name = hostile;
  try {
    const script = await holdPageScript(page);
    await page.goto((await createHostedPage()).redirect_url, { waitUntil: 'commit' });
    await expect.poll(script.asked).toBe(1);
    await expect(page.locator('#hpp-first-view .summary-eyebrow')).toHaveText(`Pay ${hostile}`);
    await expect(page.locator('#hpp-first-view .merchant-logo')).toHaveAttribute('alt', hostile);
    expect(await page.locator('img:not(.merchant-logo)').count()).toBe(0);
    script.release();
    await hpp.expectPageScript();
    await expect(page.locator('.summary-eyebrow')).toHaveText(`Pay ${hostile}`);
    expect(await page.locator('img:not(.merchant-logo)').count()).toBe(0);
    expect(dialogs).toBe(0);
  } finally {
    merchant.name = 'Northwind Outfitters';
  }
});

test('the first view itself, before any script, passes axe-core (WCAG 2.2 A/AA and best practices)', async ({ page, createHostedPage }) => {
  const script = await holdPageScript(page);
  await page.goto((await createHostedPage({ language: 'Svenska' })).redirect_url, { waitUntil: 'commit' });
  await expect.poll(script.asked).toBe(1);
  await expect(page.locator('#hpp-first-view input[autocomplete="cc-number"]')).toBeEditable();
  await expectNoAxeViolations(page, { bestPractice: true });
  script.release();
});

const LANGUAGES: Record<HppLocale, string> = { 'en-US': 'English', 'bs-BA': 'Bosanski', 'ro-RO': 'Romana', 'sv-SE': 'Svenska' };

for (const locale of Object.keys(LANGUAGES) as HppLocale[]) {
  test(`${locale}: the first view speaks the page's language and the script takes it over in place`, async ({ hpp, page, createHostedPage }) => {
    const script = await holdPageScript(page);
    await page.goto((await createHostedPage({ language: LANGUAGES[locale] })).redirect_url, { waitUntil: 'commit' });
    await expect.poll(script.asked).toBe(1);
    const words = HPP_WORDS[locale];
    await expect(page.getByRole('heading', { name: words.howToPay })).toBeVisible();
    await expect(hpp.field(words.cardNumber)).toBeEditable();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const before = await boxes(page, '#hpp-first-view');
    script.release();
    hpp.locale = locale;
    await hpp.expectPageScript();
    expect(await boxes(page, 'hpp-app')).toEqual(before);
  });
}
