/**
 * The React example shop (examples/react-shop: Vite, React 19 with StrictMode on, in React's
 * development build so every effect runs twice) paying through @payments/react, in Chromium,
 * the shop on http://localhost and the worker's mock gateway on 127.0.0.1. What issue #29's
 * "Done when" asks: one gateway frame per mounted component (counted), no console error or
 * warning and no unhandled rejection; ten quick unmount / remount cycles leave one frame and it
 * pays; a new order (a new sessionId) pays the new session; a language switch relabels the
 * frame in place; and the saved card and the wallet redirect pay too.
 */
import { startReactShop, type ReactShop } from '@payments/example-react-shop/server';
import { cardFieldLabels, cardFrameTitle, fillCard, splitCardFrames } from '@payments/testing/playwright';
import { expect, test as base } from './fixtures';
import { APM_FRAME_TITLE } from './models/alternative-methods-page';
import { ProviderPage } from './models/provider-page';
import { ReactShopPage } from './models/react-shop-page';

const test = base.extend<{ shop: ReactShopPage }, { reactShop: ReactShop }>({
  reactShop: [
    async ({ gatewayUrl }, use) => {
      const shop = await startReactShop({ gatewayUrl });
      await use(shop);
      await shop.close();
    },
    { scope: 'worker' },
  ],
  shop: async ({ page, reactShop }, use) => {
    const shop = new ReactShopPage(page, reactShop.url);
    await use(shop);
    // Whatever the test did, the page said nothing wrong.
    expect(shop.problems).toEqual([]);
    if (!page.isClosed() && new URL(page.url()).origin === reactShop.url) expect(await shop.unhandled()).toEqual([]);
  },
});

// A React development build under StrictMode, a secure frame per component, a payment each:
// on a loaded 2-core machine, more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

const APPROVED = 'Thank you: your payment is approved.';

/** What the gateway's /__mock/transactions lists. */
interface Recorded {
  transaction: { status: string; payment_method: { type: string } };
}

test('StrictMode: one frame per mounted component, and the card pays; nothing logged, no unhandled rejection', async ({ shop, gateway }) => {
  const order = await shop.open();
  await shop.cardReady();
  await expect(shop.frames()).toHaveCount(1);
  // Components mounted once the script is loaded: StrictMode runs their effects twice (mount,
  // cleanup, mount), so each is created, cancelled and created again.
  await shop.method('Saved card').check();
  await expect(shop.card.getByLabel(/^(CVV|CVC)$/)).toBeEditable();
  await expect(shop.frames()).toHaveCount(1);
  await shop.method('Card').check();
  await shop.cardReady();
  await expect(shop.frames()).toHaveCount(1);
  await fillCard(shop.card, { number: '4000000000000002' });
  await shop.payButton.click();
  await expect(shop.status).toHaveText(APPROVED);
  const transactions = await gateway.request<Recorded[]>('GET', `/__mock/transactions?reference=${order.reference}`);
  expect(transactions.map((t) => t.transaction.status)).toEqual(['APPROVED']);
  await expect(shop.frames()).toHaveCount(1);
});

test('StrictMode: split fields (<CardFields>) have one frame per field, and the card pays; nothing logged, no unhandled rejection', async ({ shop, gateway }) => {
  const order = await shop.open();
  await shop.cardReady();
  await shop.method('Card, separate fields').check();
  const fields = splitCardFrames(shop.page);
  await expect(fields.frame('cvv').getByLabel('CVV')).toBeEditable();
  // StrictMode ran the group's effect twice: the first mount's three frames went with it.
  await expect(shop.frames()).toHaveCount(3);
  for (const field of ['number', 'expiry', 'cvv'] as const) await expect(shop.page.locator(`[data-payment-component="card-${field}"] iframe`)).toHaveCount(1);
  await fillCard(fields, { number: '4000000000000002' });
  await shop.payButton.click();
  await expect(shop.status).toHaveText(APPROVED);
  const transactions = await gateway.request<Recorded[]>('GET', `/__mock/transactions?reference=${order.reference}`);
  expect(transactions.map((t) => t.transaction.status)).toEqual(['APPROVED']);
  await expect(shop.frames()).toHaveCount(3);
});

test('preferredNetworks reaches the card in one frame and <CardFields>: a co-badged card preselects the shop\'s Visa, and pays on it', async ({ shop, gateway }) => {
  // The shop passes preferredNetworks={['visa']}; without it the card's first network (Cartes Bancaires) is preselected.
  const CB_VISA = '4000002500001001';
  const order = await shop.open();
  await shop.cardReady();
  await fillCard(shop.card, { number: CB_VISA });
  await expect(shop.card.getByRole('radio', { name: 'Visa', exact: true })).toBeChecked();
  await expect(shop.card.getByRole('radio', { name: 'Cartes Bancaires', exact: true })).not.toBeChecked();
  await shop.method('Card, separate fields').check();
  const fields = splitCardFrames(shop.page);
  await fillCard(fields, { number: CB_VISA });
  await expect(fields.frame('number').getByRole('radio', { name: 'Visa', exact: true })).toBeChecked();
  await shop.payButton.click();
  await expect(shop.status).toHaveText(APPROVED);
  const transactions = await gateway.request<{ transaction: { payment_method: { brand: string | null } } }[]>('GET', `/__mock/transactions?reference=${order.reference}`);
  expect(transactions.map((t) => t.transaction.payment_method.brand)).toEqual(['VISA']);
});

test('a theme change (larger text) after a full card is applied in place: the same iframe, what was typed kept, and it pays', async ({ shop, gateway }) => {
  const order = await shop.open();
  await shop.cardReady();
  await fillCard(shop.card, { number: '4000000000000002' });
  const iframe = shop.page.locator('[data-payment-component="card"] iframe');
  await iframe.evaluate((element) => element.setAttribute('data-first', 'yes'));
  await expect(shop.card.getByLabel('Card number')).toHaveCSS('font-size', '16px');
  await shop.page.getByLabel('Larger text in the card form').check();
  await expect(shop.card.getByLabel('Card number')).toHaveCSS('font-size', '20px');
  await expect(iframe).toHaveAttribute('data-first', 'yes');
  await expect(shop.card.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await shop.payButton.click();
  await expect(shop.status).toHaveText(APPROVED);
  const transactions = await gateway.request<Recorded[]>('GET', `/__mock/transactions?reference=${order.reference}`);
  expect(transactions.map((t) => t.transaction.status)).toEqual(['APPROVED']);
});

test('ten quick unmount / remount cycles leave one frame and no extra listener; it pays', async ({ shop, gateway }) => {
  const order = await shop.open();
  await shop.cardReady();
  const listeners = await shop.listeners();
  // Saved card, then Card, ten times, some in the same task, some a few milliseconds apart:
  // each card form unmounted while loading or just after.
  await shop.page.evaluate(async () => {
    const radio = (name: string) => [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === name)!.querySelector('input')!;
    for (let i = 0; i < 10; i += 1) {
      radio('Saved card').click();
      if (i % 2) await new Promise((done) => setTimeout(done, 10 * i));
      radio('Card').click();
      if (i % 3) await new Promise((done) => setTimeout(done, 5 * i));
    }
  });
  await expect(shop.method('Card')).toBeChecked();
  await shop.cardReady();
  await expect(shop.frames()).toHaveCount(1);
  expect(await shop.listeners()).toBe(listeners);
  await fillCard(shop.card, { number: '4000000000000002' });
  await shop.payButton.click();
  await expect(shop.status).toHaveText(APPROVED);
  const transactions = await gateway.request<Recorded[]>('GET', `/__mock/transactions?reference=${order.reference}`);
  expect(transactions.map((t) => t.transaction.status)).toEqual(['APPROVED']);
});

test('a new order (a new sessionId under the mounted form) pays the new session, not the first', async ({ shop, gateway }) => {
  const first = await shop.open();
  await shop.cardReady();
  const next = shop.nextOrder();
  await shop.page.getByRole('button', { name: 'New order' }).click();
  const second = await next;
  expect(second.sessionId).not.toBe(first.sessionId);
  await shop.cardReady();
  await expect(shop.frames()).toHaveCount(1);
  await fillCard(shop.card, { number: '4000000000000002' });
  await shop.payButton.click();
  await expect(shop.status).toHaveText(APPROVED);
  const paid = await gateway.request<Recorded[]>('GET', `/__mock/transactions?reference=${second.reference}`);
  expect(paid.map((t) => t.transaction.status)).toEqual(['APPROVED']);
  expect(await gateway.request<unknown[]>('GET', `/__mock/transactions?reference=${first.reference}`)).toEqual([]);
});

test('a language switch relabels the same frame (changeLocale, no new frame) and the shop', async ({ shop }) => {
  await shop.open();
  await shop.cardReady();
  const frame = shop.frames().first();
  await frame.evaluate((iframe) => iframe.setAttribute('data-first-frame', ''));
  await shop.page.getByLabel('Language').selectOption('sv-SE');
  const swedish = cardFieldLabels('sv-SE');
  await expect(shop.card.getByLabel(swedish.number)).toBeVisible();
  await expect(frame).toHaveAttribute('title', cardFrameTitle('sv-SE'));
  await expect(shop.frames()).toHaveCount(1);
  await expect(shop.page.locator('iframe[data-first-frame]')).toHaveCount(1);
  await expect(shop.page.getByRole('button', { name: 'Betala', exact: true })).toBeVisible();
  await expect(shop.page.locator('html')).toHaveAttribute('lang', 'sv-SE');
});

test('the saved card pays with its security code', async ({ shop, gateway }) => {
  const order = await shop.open();
  await shop.cardReady();
  await shop.method('Saved card').check();
  await expect(shop.card.getByLabel(/^(CVV|CVC)$/)).toBeEditable();
  await expect(shop.frames()).toHaveCount(1);
  await shop.card.getByLabel(/^(CVV|CVC)$/).fill('123');
  await shop.payButton.click();
  await expect(shop.status).toHaveText(APPROVED);
  const [recorded] = await gateway.request<Recorded[]>('GET', `/__mock/transactions?reference=${order.reference}`);
  expect(recorded?.transaction).toMatchObject({ status: 'APPROVED', payment_method: { type: 'saved_card' } });
});

test('Wallet A: the shop goes to the provider, and back on /return its backend says approved', async ({ shop, acsUrl, reactShop }) => {
  await shop.open();
  await shop.cardReady();
  await shop.method('Wallet').check();
  const wallet = shop.page.locator(`iframe[title="${APM_FRAME_TITLE}"]`).contentFrame();
  await wallet.getByRole('radio', { name: 'Wallet A', exact: true }).check();
  await expect(shop.frames()).toHaveCount(1);
  await shop.page.getByRole('button', { name: 'Continue to the wallet' }).click();
  const provider = new ProviderPage(shop.page, acsUrl);
  await provider.expectOpen('Wallet A');
  await provider.choose('Approve');
  await provider.returned(reactShop.url, 'APPROVED');
  await expect(shop.status).toHaveText(APPROVED);
});
