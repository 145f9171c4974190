/**
 * Co-badged cards (issue #44), in real Chromium, the merchant page on localhost and the
 * gateway's frames on 127.0.0.1: a Cartes Bancaires card with Visa shows both networks in the
 * number field as a radio group; the shopper chooses with the mouse or the keyboard, `brand`
 * and `change` follow, and the payment goes on the chosen network: the transaction, the
 * status answer and the webhook say CARTES_BANCAIRES. The same on the hosted page. axe finds
 * nothing on the chooser; the chooser in the four languages (screenshots, for review).
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { LOCALES, messages } from '@payments/core';
import { TEST_CARDS, webhookTransactionId, type GatewayClient, type WebhookInbox } from '@payments/testing';
import { expect, test as base } from './fixtures';
import { developerTest } from './fixtures/developer';
import type { LoggedEvent } from './models/developer-page';
import { HostedPaymentPage } from './models/hosted-page';
import { SplitCheckoutPage } from './models/split-checkout-page';
import { expectNoAxeViolations } from './support/axe';

const CB_VISA = TEST_CARDS.find((card) => card.brands?.includes('visa'))!.number;
const PLAIN_VISA = TEST_CARDS.find((card) => card.scenario === 'frictionless-approved' && card.network === 1)!.number;

/** The number field's network choice, by its accessible names. */
function chooser(root: FrameLocator | Page, locale: (typeof LOCALES)[number] = 'en-US') {
  return {
    group: root.getByRole('group', { name: messages(locale).cardNetwork.legend }),
    network: (name: 'Cartes Bancaires' | 'Visa') => root.getByRole('radio', { name, exact: true }),
  };
}

/** The number field shows the chosen network: its mark (the CB or the VISA drawing) and the name a screen reader hears with the field. */
async function expectNumberShows(frame: FrameLocator | Page, number: Locator, network: 'Cartes Bancaires' | 'Visa'): Promise<void> {
  await expect(frame.locator('.ef-field--number .ef-mark svg text')).toHaveText(network === 'Visa' ? 'VISA' : 'CB');
  await expect(number).toHaveAccessibleDescription(network);
}

/** The brand the transaction, its status answer and its webhook name. */
async function brandsOf(transactionId: string, gateway: GatewayClient, webhooks: WebhookInbox): Promise<unknown[]> {
  const status = await gateway.status(transactionId);
  const event = await webhooks.waitFor((e) => e.event.endsWith('purchase:approved') && webhookTransactionId(e) === transactionId);
  return [status.transaction?.payment_method.brand, (event.body as { payload: { payment_method_brand: string } }).payload.payment_method_brand];
}

/** The transaction submitPayment's promise resolved with, once approved. */
function approvedTransaction(promise: unknown): { id: string; payment_method: { brand: string | null } } {
  expect(promise).toMatchObject({ resolved: { approved: true, status: 'APPROVED' } });
  return (promise as { resolved: { transaction: { id: string; payment_method: { brand: string | null } } } }).resolved.transaction;
}

developerTest.describe('one-frame card', () => {
  developerTest('choosing Visa then Cartes Bancaires pays with CARTES_BANCAIRES', async ({ developer, createSession, gateway, webhooks }) => {
    await developer.open((await createSession()).id);
    const choice = chooser(developer.frame);
    await developer.fillCard({ number: CB_VISA });
    await expect(choice.group).toBeVisible();
    await expect(choice.network('Cartes Bancaires')).toBeChecked();
    await expectNumberShows(developer.frame, developer.field('number'), 'Cartes Bancaires');
    const brandEvents = (log: LoggedEvent[]) => log.filter((e) => e.name === 'brand').map((e) => e.payload);
    const typed = await developer.events((l) => JSON.stringify(brandEvents(l.log).at(-1)) === '{"brand":"cartes_bancaires"}');
    const before = brandEvents(typed.log).length;
    await choice.network('Visa').check(); // the mouse
    await expect(choice.network('Visa')).toBeChecked();
    await expectNumberShows(developer.frame, developer.field('number'), 'Visa');
    await choice.network('Visa').press('ArrowLeft'); // the keyboard: the previous radio
    await expect(choice.network('Cartes Bancaires')).toBeChecked();
    await expectNumberShows(developer.frame, developer.field('number'), 'Cartes Bancaires');
    const { log } = await developer.events((l) => brandEvents(l.log).length === before + 2);
    expect(brandEvents(log).slice(before)).toEqual([{ brand: 'visa' }, { brand: 'cartes_bancaires' }]);
    expect(log.filter((e) => e.name === 'change').at(-1)?.payload).toMatchObject({ valid: true, brand: 'cartes_bancaires', brands: ['cartes_bancaires', 'visa'] });

    await developer.pay();
    const paid = approvedTransaction((await developer.events((l) => l.promises.length > 0)).promises[0]);
    expect(paid.payment_method.brand).toBe('CARTES_BANCAIRES');
    expect(await brandsOf(paid.id, gateway, webhooks)).toEqual(['CARTES_BANCAIRES', 'CARTES_BANCAIRES']);
  });

  developerTest('choosing Visa pays with VISA: the choice, not a default, reaches the gateway', async ({ developer, createSession, gateway, webhooks }) => {
    await developer.open((await createSession()).id);
    await developer.fillCard({ number: CB_VISA });
    await chooser(developer.frame).network('Visa').check();
    await expect.poll(async () => (await developer.events()).log.filter((e) => e.name === 'change').at(-1)?.payload).toMatchObject({ brand: 'visa' });
    await developer.pay();
    const paid = approvedTransaction((await developer.events((l) => l.promises.length > 0)).promises[0]);
    expect(paid.payment_method.brand).toBe('VISA');
    expect(await brandsOf(paid.id, gateway, webhooks)).toEqual(['VISA', 'VISA']);
  });

  developerTest('preselects the merchant’s preferred network; a single-network card shows no choice, nor loads it', async ({ developer, createSession, page }) => {
    const chooserLoads: string[] = [];
    page.on('request', (request) => {
      if (/\/network-chooser-[\w-]+\.js$/.test(request.url())) chooserLoads.push(request.url());
    });
    await developer.open((await createSession()).id, { config: { preferredNetworks: ['visa'] } });
    const choice = chooser(developer.frame);
    await developer.fillCard({ number: PLAIN_VISA });
    const plain = await developer.events((l) => l.log.some((e) => e.name === 'change' && (e.payload as { valid: boolean }).valid));
    expect(plain.log.filter((e) => e.name === 'change').at(-1)?.payload).toMatchObject({ brand: 'visa', brands: ['visa'] });
    await expect(developer.frame.getByRole('radio')).toHaveCount(0);
    expect(chooserLoads).toEqual([]); // the chooser's chunk comes only with a co-badged number

    await developer.field('number').fill(CB_VISA);
    await expect(choice.network('Visa')).toBeChecked();
    await expect(choice.network('Cartes Bancaires')).not.toBeChecked();
    expect(chooserLoads).toHaveLength(1);
    await expect.poll(async () => (await developer.events()).log.filter((e) => e.name === 'change').at(-1)?.payload).toMatchObject({ brand: 'visa', brands: ['cartes_bancaires', 'visa'] });
  });

  developerTest('axe finds nothing on the chooser', async ({ developer, createSession, page }) => {
    await developer.open((await createSession()).id);
    await developer.fillCard({ number: CB_VISA });
    await expect(chooser(developer.frame).group).toBeVisible();
    await expectNoAxeViolations(page, { include: '#card' });
  });

  for (const locale of LOCALES) {
    developerTest(`the chooser in ${locale}`, async ({ developer, createSession }, testInfo) => {
      await developer.open((await createSession()).id, { locale });
      await developer.fillCard({ number: CB_VISA });
      const choice = chooser(developer.frame, locale);
      await expect(choice.group).toBeVisible();
      await expect(choice.network('Cartes Bancaires')).toBeChecked();
      await developer.container.screenshot({ path: testInfo.outputPath(`co-badged-chooser-${locale}.png`) });
    });
  }
});

const hostedTest = base.extend<{ hpp: HostedPaymentPage }>({
  hpp: async ({ page }, use) => use(new HostedPaymentPage(page)),
});

hostedTest.describe('hosted page', () => {
  hostedTest('choosing Visa then Cartes Bancaires pays with CARTES_BANCAIRES; axe finds nothing', async ({ hpp, createHostedPage, gateway, webhooks, merchantOrigin }, testInfo) => {
    await hpp.open((await createHostedPage()).redirect_url);
    await hpp.fillCard({ number: CB_VISA });
    const choice = chooser(hpp.page);
    await expect(choice.network('Cartes Bancaires')).toBeChecked();
    await choice.network('Visa').check();
    await expectNumberShows(hpp.page, hpp.field('Card number'), 'Visa');
    await choice.network('Visa').press('ArrowLeft');
    await expect(choice.network('Cartes Bancaires')).toBeChecked();
    await expectNumberShows(hpp.page, hpp.field('Card number'), 'Cartes Bancaires');
    await expectNoAxeViolations(hpp.page, { bestPractice: true });
    await hpp.page.screenshot({ path: testInfo.outputPath('co-badged-chooser-hosted-page.png'), fullPage: true });
    await hpp.pay();
    await expect(hpp.heading).toHaveText('Payment successful');
    await expect(hpp.page).toHaveURL(new RegExp(`^${merchantOrigin}/success\\?transaction_id=`), { timeout: 20_000 });
    const id = new URL(hpp.page.url()).searchParams.get('transaction_id')!;
    expect(await brandsOf(id, gateway, webhooks)).toEqual(['CARTES_BANCAIRES', 'CARTES_BANCAIRES']);
  });

  hostedTest('choosing Visa pays with VISA', async ({ hpp, createHostedPage, gateway, webhooks, merchantOrigin }) => {
    await hpp.open((await createHostedPage()).redirect_url);
    await hpp.fillCard({ number: CB_VISA });
    await chooser(hpp.page).network('Visa').check();
    await hpp.pay();
    await expect(hpp.heading).toHaveText('Payment successful');
    await expect(hpp.page).toHaveURL(new RegExp(`^${merchantOrigin}/success\\?transaction_id=`), { timeout: 20_000 });
    expect(await brandsOf(new URL(hpp.page.url()).searchParams.get('transaction_id')!, gateway, webhooks)).toEqual(['VISA', 'VISA']);
  });
});

const splitTest = base.extend<{ checkout: SplitCheckoutPage }>({
  checkout: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new SplitCheckoutPage(page, merchantOrigin, gatewayUrl)),
});

/** The transaction paid under the session's reference (the split checkout shows only the result line). */
async function paidTransaction(gateway: GatewayClient, reference: string): Promise<{ id: string; payment_method: { brand: string | null } }> {
  const found = await gateway.request<{ transaction: { id: string; payment_method: { brand: string | null } } }[]>(
    'GET',
    `/__mock/transactions?reference=${encodeURIComponent(reference)}`,
  );
  expect(found).toHaveLength(1);
  return found[0]!.transaction;
}

splitTest.describe('split fields', () => {
  for (const [choose, expected] of [
    [['Visa', 'Cartes Bancaires'], 'CARTES_BANCAIRES'],
    [['Visa'], 'VISA'],
  ] as const) {
    splitTest(`choosing ${choose.join(' then ')} in the number's frame pays with ${expected}`, async ({ checkout, createSession, gateway, webhooks, page }) => {
      const session = await createSession();
      await checkout.open(session.id);
      await checkout.fillCard({ number: CB_VISA });
      const choice = chooser(checkout.fields.frame('number'));
      await expect(choice.network('Cartes Bancaires')).toBeChecked();
      for (const name of choose) {
        await choice.network(name).check();
        await expect(choice.network(name)).toBeChecked();
        await expectNumberShows(checkout.fields.frame('number'), checkout.cardField('number'), name);
      }
      const brand = expected.toLowerCase();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { events: { lastState: unknown } }).events.lastState))
        .toMatchObject({ valid: true, brand, brands: ['cartes_bancaires', 'visa'] });
      await expectNoAxeViolations(page, { include: '#card-number' });
      await checkout.pay();
      await expect(checkout.result).toContainText('Approved');
      const paid = await paidTransaction(gateway, session.reference);
      expect(paid.payment_method.brand).toBe(expected);
      expect(await brandsOf(paid.id, gateway, webhooks)).toEqual([expected, expected]);
    });
  }
});
