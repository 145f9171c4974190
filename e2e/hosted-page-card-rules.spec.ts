/**
 * What the hosted page downloads, and when (#30): its first load draws the checkout and stops
 * there. The card rules (formatting, validation, the brands), the paying code and the
 * merchant's key come once the shopper starts (the first focus or touch). Keys typed and a
 * Pay clicked before the rules arrive are not lost: the keys stay as typed, are formatted
 * when the rules come, and Pay waits for them. The rules are held here with `page.route`.
 */
import type { Page } from '@playwright/test';
import { TEST_CARDS } from '@payments/testing';
import { expect, test as base } from './fixtures';
import { holdRequests } from './support/hold-requests';
import { HostedPaymentPage } from './models/hosted-page';

const test = base.extend<{ hpp: HostedPaymentPage }>({
  hpp: async ({ page }, use) => use(new HostedPaymentPage(page)),
});

const APPROVED = TEST_CARDS.find((c) => c.scenario === 'frictionless-approved' && c.network === 1)!.number;
const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The page's chunks (`card-rules` for /hpp/assets/card-rules-<hash>.js) and API calls, in order. */
function recordPageRequests(page: Page): { chunks: () => string[]; api: () => string[] } {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return {
    chunks: () => paths.map((path) => /^\/hpp\/assets\/(.+)-[\w-]{8}\.js$/.exec(path)?.[1]).filter((name) => name !== undefined),
    api: () => paths.filter((path) => path.startsWith('/api/')),
  };
}

/** Holds every request for the card form's rules until `release()`. */
const holdCardRules = (page: Page) => holdRequests(page, /\/hpp\/assets\/card-rules-[\w-]{8}\.js$/);

test('the first load stops at the drawn checkout: the card rules, the paying code and the key come with the first focus', async ({ hpp, page, createHostedPage }) => {
  const requests = recordPageRequests(page);
  await hpp.open((await createHostedPage()).redirect_url);
  await page.waitForLoadState('networkidle');
  expect(requests.chunks()).toEqual(['index']); // the page's script, and no chunk of it
  expect(requests.api()).toEqual([]);

  await hpp.field('Card number').click();
  await expect.poll(requests.chunks).toEqual(expect.arrayContaining(['card-rules', 'payment-flow']));
  await expect.poll(requests.api).toContain('/api/encryption-key');
  await page.keyboard.type(APPROVED);
  await expect(hpp.field('Card number')).toHaveValue(spaced(APPROVED));
  await expect(hpp.field('Expiry date')).toBeFocused();
});

test('keys typed and Pay clicked before the card rules arrive: kept as typed, formatted when they come, and the payment goes through', async ({ hpp, page, createHostedPage }) => {
  const rules = await holdCardRules(page);
  await hpp.open((await createHostedPage()).redirect_url);
  await hpp.field('Card number').click();
  await expect.poll(rules.asked).toBe(1);
  await page.keyboard.type(APPROVED);
  await hpp.field('Expiry date').click();
  await page.keyboard.type('1234');
  await hpp.securityCode().click();
  await page.keyboard.type('123');
  await expect(hpp.field('Card number')).toHaveValue(APPROVED); // as typed: no rules yet
  await hpp.pay();

  rules.release();
  await expect(hpp.field('Card number')).toHaveValue(spaced(APPROVED));
  await expect(hpp.heading).toHaveText('Payment successful');
});

test('the card rules fail to load while keys wait for them: the next Pay loads them, and the keys typed meanwhile count', async ({ hpp, page, createHostedPage }) => {
  const rules = await holdCardRules(page);
  await hpp.open((await createHostedPage()).redirect_url);
  await hpp.field('Card number').click();
  await page.keyboard.type(APPROVED);
  await hpp.field('Expiry date').click();
  await page.keyboard.type('1234');
  await hpp.securityCode().click();
  await page.keyboard.type('123');
  await hpp.pay();

  rules.fail();
  await expect(hpp.banner).toBeVisible(); // the service could not be reached: nothing was sent
  await expect(hpp.field('Card number')).toHaveValue(APPROVED);
  await hpp.pay();
  await expect(hpp.heading).toHaveText('Payment successful');
});
