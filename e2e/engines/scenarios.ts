/**
 * The shopper journeys every engine must pass, written once: a mock gateway of the file's
 * own over HTTP (the QA kit's startTestGateway) on 127.0.0.1, the test shop's pages on
 * http://localhost:<E2E_MERCHANT_PORT> (another site), and one browser per engine file.
 *
 * `engineSuite('webkit')` in a *.engine.ts file registers them for that engine.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, test } from 'vitest';
import { messages } from '@payments/core';
import { TEST_CARDS, startTestGateway, uniqueReference, type GatewayClient, type TestGateway } from '@payments/testing';
import { APM_FRAME_TITLE } from '../models/alternative-methods-page';
import type { EngineDriver, EngineName } from './driver';
import { launchEngine } from './drivers';
import { mountScenarios } from './mount-scenarios';
import { reactShopScenarios } from './react-shop-scenarios';
import { CHALLENGE_FRAME, Shopper, cardFrame, challengeDialog } from './shopper';

declare module 'vitest' {
  export interface ProvidedContext {
    merchantOrigin: string;
  }
}

/** What the test shop's onChange last heard, as far as the number field goes. */
interface NumberState {
  valid: boolean;
  brand: string | null;
  fields: { number: { empty: boolean; complete: boolean; valid: boolean } };
}

const cardOf = (scenario: string) => TEST_CARDS.find((c) => c.scenario === scenario && c.network === 1)!.number;
const CHALLENGE_FLOW = { metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' } };
const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };

export function engineSuite(engine: EngineName): void {
  const merchantOrigin = inject('merchantOrigin');
  let driver: EngineDriver;
  let testGateway: TestGateway;
  let gateway: GatewayClient;
  let shopper: Shopper;

  beforeAll(async () => {
    [testGateway, driver] = await Promise.all([startTestGateway(), launchEngine(engine)]);
    gateway = testGateway.client;
    shopper = new Shopper(driver, merchantOrigin, testGateway.url);
    console.info(`${engine}: ${driver.description}`);
  });
  afterAll(async () => {
    await Promise.allSettled([driver?.close(), testGateway?.close()]);
  });
  // Every answer the gateway gave the engine holds to its /openapi.json, or the scenario fails.
  afterEach(() => {
    const mismatches = testGateway?.takeContractMismatches() ?? [];
    if (mismatches.length > 0) throw new Error(`The gateway broke its contract (openapi.json):\n${mismatches.join('\n')}`);
  });

  const createSession = (overrides: Record<string, unknown> = {}) =>
    gateway.createSession({
      terminal_id: 'TERM00001',
      reference: uniqueReference(engine),
      description: 'Blue jacket',
      currency: 'EUR',
      amount: 4999,
      transaction_type: 'PURCHASE',
      return_url: `${merchantOrigin}/return`,
      originator_url: merchantOrigin,
      ...overrides,
    });
  const transactionsOf = (reference: string) => gateway.request<unknown[]>('GET', `/__mock/transactions?reference=${encodeURIComponent(reference)}`);
  const openCheckout = async (overrides: Record<string, unknown> = {}, locale?: string) => {
    const session = await createSession(overrides);
    await shopper.openShop('/checkout', { session: session.id, locale });
    return session;
  };

  describe(`${engine}: shopper journeys`, () => {
    beforeEach(async () => {
      await driver.reset();
      await driver.setViewport(DESKTOP.width, DESKTOP.height);
    });

    test('card, frictionless: approved', async () => {
      await openCheckout();
      await shopper.fillCard({ number: cardOf('frictionless-approved') });
      await shopper.pay();
      await shopper.result('Approved APPROVED 0000');
    });

    test('split fields (a frame per field): frictionless, approved', async () => {
      const session = await createSession();
      await shopper.openShop('/split-checkout', { session: session.id });
      await shopper.fillSplitCard({ number: cardOf('frictionless-approved') });
      await shopper.pay();
      await shopper.result('Approved APPROVED 0000');
    });

    test('card with a 3-D Secure challenge in the dialog: Approve pays', async () => {
      const session = await openCheckout(CHALLENGE_FLOW);
      await shopper.fillCard({ number: '4111111111111111' });
      await shopper.pay();
      await shopper.visible([], challengeDialog());
      await shopper.completeChallenge('approve');
      await shopper.result('Approved APPROVED');
      await shopper.expect([], challengeDialog(), (s) => !s.found, 'the dialog to be gone');
      const [record] = await gateway.request<{ three_ds_method_completed: boolean }[]>('GET', `/__mock/transactions?reference=${encodeURIComponent(session.reference)}`);
      expect(record?.three_ds_method_completed).toBe(true);
    });

    test('redirect card: the issuer page, Approve, back to return_url approved', async () => {
      await openCheckout();
      await shopper.fillCard({ number: cardOf('redirect') });
      await shopper.pay();
      await shopper.visible([], { role: 'heading', name: 'Verify your payment' });
      await shopper.completeChallenge('approve');
      const back = await shopper.url(/\/return\?transaction_id=[^&]+&status=APPROVED$/);
      expect(back.origin).toBe(merchantOrigin);
      expect((await gateway.status(back.searchParams.get('transaction_id')!)).transaction?.status).toBe('APPROVED');
    });

    test('form-submit card: posts the form and comes back approved', async () => {
      await openCheckout();
      await shopper.fillCard({ number: cardOf('form-submit-approved') });
      await shopper.pay();
      await shopper.url(/\/return\?transaction_id=[^&]+&status=APPROVED$/);
    });

    test('validation: a bad number is announced in the field, and nothing is sent', async () => {
      const session = await openCheckout();
      const { labels } = messages('en-US');
      await shopper.fillCard({ number: '4000000000000003' });
      const field = await shopper.expect(cardFrame(), { label: labels.cardNumber }, (s) => s.invalid && s.error !== '', 'the number marked invalid with its error');
      expect(field.error).toMatch(/invalid/i);
      await shopper.pay();
      await shopper.error(/^invalid_card: /);
      expect(await transactionsOf(session.reference)).toEqual([]);
    });

    test('typing: onChange hears the field as it grows (the brand at the first digit, complete only at the last), ending as the field shows', async () => {
      await openCheckout();
      const { labels } = messages('en-US');
      const lastState = () => shopper.eval<NumberState | null>('window.events.lastState ?? null');
      await shopper.type(cardFrame(), { label: labels.cardNumber }, '4');
      const first = await shopper.until(lastState, (state) => state?.fields.number.empty === false, 'a state for the first digit');
      expect(first).toMatchObject({ brand: 'visa', fields: { number: { complete: false } } });
      await driver.keyboardType('242424242424242');
      const last = await shopper.until(lastState, (state) => state?.fields.number.complete === true, 'the number complete');
      expect(last).toMatchObject({ brand: 'visa', fields: { number: { valid: true } } });
      await shopper.expect(cardFrame(), { label: labels.cardNumber }, (field) => field.value === '4242 4242 4242 4242', 'the number as typed');
    });

    test('saved card: pays with its CVV', async () => {
      const customer = await gateway.createCustomer();
      const card = await gateway.saveCard(customer.id);
      const session = await createSession({ customer: { id: customer.id } });
      await shopper.openShop('/saved-card', { session: session.id, component: 'saved-card', config: JSON.stringify({ componentConfig: { data: card } }) });
      await shopper.expect(cardFrame(), { text: 'Visa ending in 0002' }, (s) => s.found, 'the saved card');
      expect((await shopper.state(cardFrame(), { label: 'Card number' })).found).toBe(false);
      await shopper.type(cardFrame(), { label: 'CVV' }, '123');
      await shopper.pay();
      await shopper.result('Approved APPROVED');
      const { callbacks } = await shopper.events<{ callbacks: { response: { transaction: { payment_method: unknown } } }[] }>();
      expect(callbacks[0]!.response.transaction.payment_method).toMatchObject({ type: 'saved_card', token: card.paymentMethodId });
    });

    test('an alternative method: Wallet A, approved at the provider, back to return_url', async () => {
      const session = await createSession();
      await shopper.openShop('/alternative-methods', { session: session.id });
      await shopper.click([{ title: APM_FRAME_TITLE }], { role: 'radio', name: 'Wallet A' });
      await shopper.pay();
      await shopper.visible([], { role: 'heading', name: 'Wallet A' });
      await shopper.click([], { role: 'button', name: 'Approve' });
      const back = await shopper.url(/\/return\?transaction_id=[^&]+&status=APPROVED$/);
      expect((await gateway.status(back.searchParams.get('transaction_id')!)).transaction?.status).toBe('APPROVED');
    });

    test('locale switch: the labels change, what was typed stays', async () => {
      await openCheckout();
      await shopper.visible(cardFrame(), { label: 'Card number' });
      await shopper.type(cardFrame(), { label: 'Card number' }, '4000000000000002');
      for (const locale of ['sv-SE', 'bs-BA', 'en-US'] as const) {
        await shopper.driver.select([], { label: 'Language' }, locale);
        await shopper.expect(cardFrame(locale), { label: messages(locale).labels.cardNumber }, (s) => s.value === '4000 0000 0000 0002', `the ${locale} card number field`);
      }
    });

    test('hosted page: paid with a card, then back to success_url by itself', async () => {
      const hosted = await gateway.createHostedPage({ ...hostedPage(merchantOrigin) });
      await shopper.openHostedPage(hosted.redirect_url);
      await shopper.fillCard({ number: cardOf('frictionless-approved') }, 'en-US', []);
      await shopper.click([], { role: 'button', namePattern: '^Pay ' });
      await shopper.visible([], { role: 'heading', name: 'Payment successful' });
      // No click: the page returns to the shop by itself after the outcome (its link stays).
      await shopper.url(new RegExp(`^${merchantOrigin}/success\\?transaction_id=[^&]+&status=APPROVED$`));
    });

    test('hosted page: Cancel goes to cancel_url', async () => {
      const hosted = await gateway.createHostedPage({ ...hostedPage(merchantOrigin) });
      await shopper.openHostedPage(hosted.redirect_url);
      await shopper.click([], { role: 'link', namePattern: '^Cancel and return to ' });
      await shopper.url(new RegExp(`^${merchantOrigin}/cancel\\?status=CANCELED$`));
    });

    test('keyboard only: Tab into the frame, type the card, Tab to Pay, Enter', async () => {
      await openCheckout();
      const { labels } = messages('en-US');
      await shopper.visible(cardFrame(), { label: labels.cardNumber });
      await driver.inPage([], 'focus', { label: 'Email' });
      await driver.press('Tab');
      await shopper.expect(cardFrame(), { label: labels.cardNumber }, (s) => s.focused, 'the card number focused');
      await driver.keyboardType('4000000000000002');
      // Focus moves on by itself when a field is complete.
      await shopper.expect(cardFrame(), { label: labels.expiryDate }, (s) => s.focused, 'the expiry focused');
      await driver.keyboardType('1234');
      await shopper.expect(cardFrame(), { label: labels.cvv }, (s) => s.focused, 'the CVV focused');
      await driver.keyboardType('123');
      await driver.press('Tab');
      await shopper.expect([], { role: 'button', name: 'Pay' }, (s) => s.focused, 'Pay focused');
      await driver.press('Enter');
      await shopper.result('Approved APPROVED');
    });
  });

  mountScenarios(engine, { driver: () => driver, shopper: () => shopper, createSession: () => createSession() });
  reactShopScenarios(engine, { driver: () => driver, shopper: () => shopper, gatewayUrl: () => testGateway.url });

  describe(`${engine}: the challenge is a real modal on a 375x667 screen`, () => {
    beforeEach(async () => {
      await driver.reset();
      await driver.setViewport(PHONE.width, PHONE.height);
    });

    /** A long merchant page (so it could scroll) with the challenge open over it. */
    const openChallenge = async () => {
      await openCheckout(CHALLENGE_FLOW);
      await shopper.eval("document.body.style.minHeight = '3000px'");
      await shopper.fillCard({ number: '4111111111111111' });
      await shopper.pay();
      await shopper.visible(CHALLENGE_FRAME, { role: 'button', name: 'Approve' });
      const dialog = await shopper.visible([], challengeDialog());
      // The shopper taps the dialog's title before using the keyboard. WebKitWebDriver sends
      // key actions to the frame of the last pointer action (here the card frame, typed into
      // last), not to where the page moved focus; without the tap no key reaches the dialog.
      await driver.click([], { role: 'heading', name: messages('en-US').status.challengeFrameTitle });
      return dialog;
    };

    test('the viewport is phone-sized', async () => {
      await openCheckout();
      const viewport = await driver.inPage<{ width: number; height: number }>([], 'viewport');
      expect(viewport.height).toBe(PHONE.height);
      if (driver.narrowestWidth > PHONE.width) {
        // WebKitGTK's MiniBrowser: its window is never narrower than its header bar allows.
        expect(viewport.width).toBeLessThanOrEqual(driver.narrowestWidth);
      } else {
        expect(viewport.width).toBe(PHONE.width);
      }
    });

    test('the card iframe carries allow="payment"', async () => {
      await openCheckout();
      const frame = await shopper.state([], { title: 'Secure card payment' });
      expect(frame.attributes.allow?.split(/\s*;\s*/)).toContain('payment');
    });

    test('a <dialog> opened with showModal(), named by the localized title, within 375x667', async () => {
      const dialog = await openChallenge();
      expect(dialog).toMatchObject({ tag: 'dialog', modal: true });
      expect((await shopper.state([], { role: 'dialog', name: messages('en-US').status.challengeFrameTitle })).found).toBe(true);
      const viewport = await driver.inPage<{ width: number; height: number }>([], 'viewport');
      const { x, y, width, height } = dialog.rect;
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x + width).toBeLessThanOrEqual(viewport.width);
      expect(y + height).toBeLessThanOrEqual(viewport.height);
    });

    test('focus stays inside: 30 Tab presses never reach the page', async () => {
      await openChallenge();
      const seen: string[] = [];
      for (let press = 0; press < 30; press += 1) {
        await driver.press('Tab');
        const focus = await driver.inPage<{ where: string; host?: string; tag: string; name: string }>([], 'activeElement');
        seen.push(`${focus.where}:${focus.tag}:${focus.name}`);
        expect(focus.where, `Tab ${press + 1} reached the page: ${seen.join(' → ')}`).not.toBe('page');
      }
      expect(seen.some((where) => where.startsWith('shadow:')), `focus was never in the dialog: ${seen.join(' → ')}`).toBe(true);
      expect(new Set(seen).size, `Tab never moved focus: ${seen.join(' → ')}`).toBeGreaterThan(1);
    });

    test('the page behind does not scroll', async () => {
      await openChallenge();
      const before = await driver.inPage<{ scrollY: number; scrollHeight: number; height: number }>([], 'viewport');
      expect(before.scrollHeight).toBeGreaterThan(before.height);
      await driver.wheel(PHONE.width / 2, PHONE.height / 2, 800);
      for (const key of ['PageDown', 'End', 'Space'] as const) await driver.press(key);
      expect((await driver.inPage<{ scrollY: number }>([], 'viewport')).scrollY).toBe(before.scrollY);
    });

    test('Escape cancels with challenge_canceled, and the dialog goes', async () => {
      await openChallenge();
      await driver.press('Escape');
      await shopper.error(/^challenge_canceled: .+/);
      const { callbacks } = await shopper.events<{ callbacks: { error: { code: string } | null }[] }>();
      expect(callbacks.map((c) => c.error?.code)).toEqual(['challenge_canceled']);
      await shopper.expect([], challengeDialog(), (s) => !s.found || !s.visible, 'the dialog to be gone');
    });
  });
}

function hostedPage(merchantOrigin: string): Record<string, unknown> {
  return {
    terminal_id: 'TERM00001',
    reference: uniqueReference('hpp'),
    description: 'Blue jacket',
    currency: 'EUR',
    amount: 4999,
    transaction_type: 'PURCHASE',
    success_url: `${merchantOrigin}/success`,
    cancel_url: `${merchantOrigin}/cancel`,
    error_url: `${merchantOrigin}/error`,
  };
}
