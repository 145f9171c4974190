/**
 * What the card frame downloads, and when (#14): until ready only what draws the form (the
 * catalog of its locale comes in the document); the payment code and the encryption key once the shopper is
 * in a field; the phone rules (libphonenumber-js's metadata) only for a customer with a phone
 * number; another locale's catalog only when the merchant switches to it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CheckoutPage } from './models/checkout-page';

/** The paths of the scripts and API calls the gateway's frames fetch, in order. */
function recordFrameRequests(page: Page, gatewayUrl: string): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(gatewayUrl).origin && (url.pathname.startsWith('/frames/assets/') || url.pathname.startsWith('/api/'))) {
      paths.push(url.pathname);
    }
  });
  return paths;
}

/** A locale's catalog chunk (core's src/i18n/<locale>.ts). */
const CATALOG = /\/frames\/assets\/(en-us|bs-ba|ro-ro|sv-se)-[\w-]+\.js$/;
const catalogsIn = (paths: string[]) => paths.filter((path) => CATALOG.test(path)).map((path) => CATALOG.exec(path)![1]);
/** The chunks' names (`payment` for /frames/assets/payment-<hash>.js). */
const chunksIn = (paths: string[]) => paths.map((path) => /^\/frames\/assets\/(.+)-[\w-]{8}\.js$/.exec(path)?.[1]).filter((name) => name !== undefined);
/** libphonenumber-js and its metadata: core's customer-checks entry. */
const isPhoneRules = (path: string) => /\/frames\/assets\/customer-checks-[\w-]+\.js$/.test(path);

test('a mount downloads no catalog: its locale comes in the frame document; changeLocale downloads the next one only then', async ({ page, merchantOrigin, gatewayUrl, createSession }) => {
  const requests = recordFrameRequests(page, gatewayUrl);
  const checkout = new CheckoutPage(page, merchantOrigin, gatewayUrl);
  await checkout.open((await createSession()).id, { locale: 'sv-SE' });

  await expect(checkout.frame.getByLabel('Kortnummer', { exact: true })).toBeVisible();
  expect(catalogsIn(requests)).toEqual([]);
  await expect(checkout.frame.locator('script#ef-catalog[type="application/json"]')).toHaveAttribute('data-locale', 'sv-SE');

  await page.getByLabel('Language').selectOption('ro-RO');
  await expect(checkout.frame.getByLabel('Numărul cardului', { exact: true })).toBeVisible();
  expect(catalogsIn(requests)).toEqual(['ro-ro']);
});

test('until ready the frame loads neither the payment code nor the key; the shopper in a field loads both', async ({ page, merchantOrigin, gatewayUrl, createSession }) => {
  const requests = recordFrameRequests(page, gatewayUrl);
  const checkout = new CheckoutPage(page, merchantOrigin, gatewayUrl);
  await checkout.open((await createSession()).id);

  // Mounted as the script loads: the frame's script and its catalog come in its document
  // (e2e/requests-until-ready.spec.ts); penpal's chunk and the form's rules if they have
  // started loading: they do as the ready report leaves.
  const atReady = new Set(chunksIn(requests));
  expect([...atReady].filter((name) => name !== 'penpal' && name !== 'card-rules')).toEqual([]);
  expect(requests).not.toContain('/api/encryption-key');
  // Penpal is a chunk of its own, not part of what draws the form.
  await expect.poll(() => chunksIn(requests)).toContain('penpal');

  await checkout.cardField('number').click();
  await expect.poll(() => requests.includes('/api/encryption-key')).toBe(true);
  expect(chunksIn(requests)).toContain('payment');
});

test('the merchant page loads the 3-D Secure dialog and redirects only once the shopper is in a field, by exact version, with SRI', async ({ page, merchantOrigin, gatewayUrl, createSession }) => {
  const actions: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('embedded-fields-actions')) actions.push(request.url());
  });
  const checkout = new CheckoutPage(page, merchantOrigin, gatewayUrl);
  await checkout.open((await createSession()).id);
  expect(actions).toEqual([]);

  await checkout.cardField('number').click();
  const sri = (await (await fetch(`${gatewayUrl}/sri.json`)).json()) as { version: string; 'embedded-fields-actions.js': string };
  await expect.poll(() => actions).toEqual([`${gatewayUrl}/v${sri.version}/embedded-fields-actions.js`]);
  // Its <script> is gone once it has run; later focus loads nothing more.
  await expect(page.locator('script[src$="embedded-fields-actions.js"]')).toHaveCount(0);
  await checkout.cardField('expiry').click();
  expect(actions).toHaveLength(1);
});

test('a card payment without a phone number loads no phone rules; with one, it does', async ({ page, merchantOrigin, gatewayUrl, createSession }) => {
  const requests = recordFrameRequests(page, gatewayUrl);
  const checkout = new CheckoutPage(page, merchantOrigin, gatewayUrl);
  await checkout.open((await createSession()).id);
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Email').fill('ana@example.com');
  await checkout.fillCard({ number: '4000000000000002' });
  await checkout.pay();
  expect((await checkout.callbacks(1))[0]!.response?.approved).toBe(true);
  expect(requests.filter(isPhoneRules)).toEqual([]);

  await checkout.open((await createSession()).id);
  await page.getByLabel('Phone').fill('+46 70 123 45 67');
  await checkout.fillCard({ number: '4000000000000002' });
  await checkout.pay();
  expect((await checkout.callbacks(1))[0]!.response?.approved).toBe(true);
  expect(requests.filter(isPhoneRules).length).toBe(1);
});
