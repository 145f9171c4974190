/**
 * A bad day at the gateway, seen from the browser. `/__mock/faults` makes the next request
 * to one step of a payment slow, answer 500, answer garbage, or drop the connection, after
 * the gateway has done its work (the hard case: the payment exists, the browser does not
 * know). At each step, in each language:
 *  - the shopper reads a clear message in the component's language, in the secure frame;
 *  - the merchant's onError and callback get a code (gateway_error, network_error);
 *  - paying again answers the same transaction: one transaction per reference, never two.
 * Then the shopper's own bad days: a reload in the middle of 3-D Secure, and a secure
 * frame that does not load (refused fast, and loaded again on request).
 */
import { messages, type LocaleTag } from '@payments/core';
import { uniqueReference, type GatewayClient } from '@payments/testing';
import { completeChallenge } from '@payments/testing/playwright';
import { expect, test as base } from '../fixtures';
import { AlternativeMethodsPage } from '../models/alternative-methods-page';
import { CheckoutPage } from '../models/checkout-page';
import { HostedPaymentPage } from '../models/hosted-page';

const test = base.extend<{ checkout: CheckoutPage }>({
  checkout: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new CheckoutPage(page, merchantOrigin, gatewayUrl)),
});

type Mode = 'error' | 'garbage' | 'down';
interface Fault {
  path: string;
  mode: Mode | 'slow';
  delay_ms?: number;
  count?: number;
  phase?: 'before' | 'after';
}

const STEPS = {
  authorize: '/api/transactions/authorize',
  requestAuthentication: '/api/transactions/three-ds/:id/request-authentication',
  authenticationCompleted: '/api/transactions/three-ds/authentication-completed',
  status: '/api/transactions/:id/status',
} as const;

/** Each mode once per step, each in another language: every message is read in all four. */
const CASES: readonly { mode: Mode; locale: LocaleTag; code: string }[] = [
  { mode: 'error', locale: 'en-US', code: 'gateway_error' },
  { mode: 'garbage', locale: 'bs-BA', code: 'gateway_error' },
  { mode: 'down', locale: 'ro-RO', code: 'network_error' },
];
const CHALLENGE_FLOW = { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' };
const CHALLENGE_CARD = '4111111111111111';

async function inject(gateway: GatewayClient, fault: Fault): Promise<void> {
  await gateway.request('POST', '/__mock/faults', fault);
}

/** The fault is over (the rules left are removed). */
async function gatewayBack(gateway: GatewayClient): Promise<void> {
  await gateway.request('DELETE', '/__mock/faults');
}

/**
 * Several of them: Chromium resends a request whose reused connection dropped before any
 * answer (a POST too), and the resend must meet the fault as well. That resend reaching the
 * gateway is itself the case idempotency is for: it answers the same transaction.
 */
const REPEATS = 5;

async function transactionsOf(gateway: GatewayClient, reference: string) {
  return gateway.request<{ transaction: { id: string; status: string } }[]>('GET', `/__mock/transactions?reference=${encodeURIComponent(reference)}`);
}

/** The fault was met, the shopper and the merchant were told, in the shopper's language. */
async function expectToldOfFault(checkout: CheckoutPage, locale: LocaleTag, code: string): Promise<void> {
  const message = messages(locale).status.serviceUnavailable;
  await expect(checkout.frame.getByText(message)).toBeVisible();
  await expect(checkout.error).toHaveText(`${code}: ${message}`);
  expect(await checkout.onErrorCalls(1)).toEqual([expect.objectContaining({ code, message })]);
  expect((await checkout.callbacks(1))[0]).toMatchObject({ response: null, error: { code } });
}

/** Paying again ends on one approved transaction, the one the gateway had all along. */
async function expectOneApprovedTransaction(checkout: CheckoutPage, gateway: GatewayClient, reference: string): Promise<void> {
  await expect(checkout.result).toContainText('Approved APPROVED 0000');
  const transactions = await transactionsOf(gateway, reference);
  expect(transactions.map((t) => t.transaction.status)).toEqual(['APPROVED']);
  await expect(checkout.result).toHaveText(new RegExp(`${transactions[0]!.transaction.id}$`));
}

test.describe('Embedded Fields: a fault at each step of a payment', () => {
  for (const { mode, locale, code } of CASES) {
    test(`authorize answers ${mode} (${locale}): told, then paying again answers the same transaction`, async ({ checkout, gateway, createSession }) => {
      const session = await createSession();
      await checkout.open(session.id, { locale });
      await checkout.fillCard({ number: '4000000000000002' });
      await inject(gateway, { path: STEPS.authorize, mode, count: REPEATS });
      await checkout.pay();
      await expectToldOfFault(checkout, locale, code);
      // The gateway approved it although the browser never heard: the card is not charged again.
      expect((await transactionsOf(gateway, session.reference)).map((t) => t.transaction.status)).toEqual(['APPROVED']);
      await gatewayBack(gateway);
      await checkout.pay();
      await expectOneApprovedTransaction(checkout, gateway, session.reference);
    });

    test(`request-authentication answers ${mode} (${locale}): told, then paying again goes on to the challenge`, async ({ page, checkout, gateway, createSession }) => {
      const session = await createSession({ metadata: CHALLENGE_FLOW });
      await checkout.open(session.id, { locale });
      await checkout.fillCard({ number: CHALLENGE_CARD });
      await inject(gateway, { path: STEPS.requestAuthentication, mode, count: REPEATS });
      await checkout.pay();
      await expectToldOfFault(checkout, locale, code);
      await expect(checkout.challenge().dialog).toHaveCount(0);
      await gatewayBack(gateway);
      await checkout.pay();
      await completeChallenge(page, 'approve');
      await expectOneApprovedTransaction(checkout, gateway, session.reference);
    });

    test(`authentication-completed answers ${mode} (${locale}): told, then paying again answers the approved transaction`, async ({ page, checkout, gateway, createSession }) => {
      const session = await createSession({ metadata: CHALLENGE_FLOW });
      await checkout.open(session.id, { locale });
      await checkout.fillCard({ number: CHALLENGE_CARD });
      await inject(gateway, { path: STEPS.authenticationCompleted, mode, count: REPEATS });
      await checkout.pay();
      await completeChallenge(page, 'approve');
      await expectToldOfFault(checkout, locale, code);
      await gatewayBack(gateway);
      await checkout.pay();
      await expectOneApprovedTransaction(checkout, gateway, session.reference);
      await expect(checkout.challenge().dialog).toHaveCount(0); // no second challenge for a finished payment
    });
  }

  test('a slow gateway (3 s at authorize, sv-SE): the form waits, a second click joins, one transaction', async ({ checkout, gateway, createSession }) => {
    const session = await createSession();
    await checkout.open(session.id, { locale: 'sv-SE' });
    await checkout.fillCard({ number: '4000000000000002', cvv: '123' });
    await inject(gateway, { path: STEPS.authorize, mode: 'slow', delay_ms: 3_000 });
    await checkout.pay();
    await expect(checkout.cardField('number')).toBeDisabled(); // busy: nothing to change while it pays
    await checkout.pay();
    expect((await checkout.callbacks(2)).map((c) => c.response?.transaction.id)).toEqual([expect.any(String), expect.any(String)]);
    const [first, second] = await checkout.callbacks(2);
    expect(first!.response!.transaction.id).toBe(second!.response!.transaction.id);
    await expectOneApprovedTransaction(checkout, gateway, session.reference);
    expect(await checkout.onErrorCalls()).toEqual([]);
  });

  test('a 500 before the gateway did anything (phase before): told, and paying again is the first payment', async ({ checkout, gateway, createSession }) => {
    const session = await createSession();
    await checkout.open(session.id, { locale: 'sv-SE' });
    await checkout.fillCard({ number: '4000000000000002' });
    await inject(gateway, { path: STEPS.authorize, mode: 'error', phase: 'before' });
    await checkout.pay();
    await expectToldOfFault(checkout, 'sv-SE', 'gateway_error');
    expect(await transactionsOf(gateway, session.reference)).toEqual([]);
    await checkout.pay();
    await expectOneApprovedTransaction(checkout, gateway, session.reference);
  });
});

test.describe('the hosted page: a fault at authorize and at the status check', () => {
  test('authorize answers 500: the banner says so in the page language, and paying again is one transaction', async ({ page, gateway, createHostedPage }) => {
    const hpp = new HostedPaymentPage(page);
    const reference = uniqueReference('faults');
    const created = await createHostedPage({ language: 'Svenska', reference });
    await hpp.open(created.redirect_url, 'sv-SE');
    await inject(gateway, { path: STEPS.authorize, mode: 'error' });
    await hpp.payWithCard({ number: '4000000000000002' });
    await expect(hpp.banner).toContainText(messages('sv-SE').status.serviceUnavailable);
    await gatewayBack(gateway);
    await hpp.pay();
    await expect(hpp.heading).toHaveText(hpp.words.paid);
    expect(await transactionsOf(gateway, reference)).toHaveLength(1);
  });

  for (const mode of ['error', 'garbage', 'down'] as const) {
    test(`back from the bank, the status check answers ${mode}: "not confirmed yet", never "pay again"; Check again shows the result`, async ({ page, gateway, createHostedPage }) => {
      const hpp = new HostedPaymentPage(page);
      const created = await createHostedPage();
      await hpp.open(created.redirect_url);
      await hpp.payWithCard({ number: '4000000000000010' }); // the redirect card
      await expect(page.getByRole('heading', { name: 'Verify your payment' })).toBeVisible();
      await inject(gateway, { path: STEPS.status, mode, count: REPEATS });
      await hpp.answerFullPage('Approve');
      await expect(hpp.heading).toHaveText('We could not confirm your payment yet');
      await expect(page.getByText('Do not pay again')).toBeVisible();
      await expect(hpp.payButton()).toHaveCount(0);
      await gatewayBack(gateway);
      await page.getByRole('button', { name: 'Check again' }).click();
      await expect(hpp.heading).toHaveText('Payment successful');
      await expect(hpp.heading).toBeFocused();
    });
  }

  test('a slow status check (3 s): the page waits for it, then shows the result', async ({ page, gateway, createHostedPage }) => {
    const hpp = new HostedPaymentPage(page);
    await hpp.open((await createHostedPage()).redirect_url);
    await hpp.payWithCard({ number: '4000000000000010' });
    await inject(gateway, { path: STEPS.status, mode: 'slow', delay_ms: 3_000 });
    await hpp.answerFullPage('Approve');
    await expect(hpp.heading).toHaveText('Payment successful');
  });
});

test.describe('the shopper reloads in the middle of 3-D Secure', () => {
  test('Embedded Fields: after a reload, paying again brings back the same challenge and one transaction', async ({ page, checkout, gateway, createSession }) => {
    const session = await createSession({ metadata: CHALLENGE_FLOW });
    await checkout.open(session.id);
    await checkout.fillCard({ number: CHALLENGE_CARD });
    await checkout.pay();
    await expect(checkout.challenge().dialog).toBeVisible();
    await page.reload();
    await checkout.expectReady();
    await expect(checkout.challenge().dialog).toHaveCount(0);
    await checkout.fillCard({ number: CHALLENGE_CARD });
    await checkout.pay();
    await completeChallenge(page, 'approve');
    await expectOneApprovedTransaction(checkout, gateway, session.reference);
  });

  test('the hosted page: after a reload, the checkout again, and paying ends on one transaction', async ({ page, gateway, createHostedPage }) => {
    const hpp = new HostedPaymentPage(page);
    const reference = uniqueReference('faults');
    const created = await createHostedPage({ terminal_id: 'TERM00002', reference, metadata: CHALLENGE_FLOW });
    await hpp.open(created.redirect_url);
    await hpp.payWithCard({ number: CHALLENGE_CARD });
    await expect(hpp.challenge().dialog).toBeVisible();
    await page.reload();
    await hpp.expectCheckout();
    await hpp.payWithCard({ number: CHALLENGE_CARD });
    await completeChallenge(page, 'approve');
    await expect(hpp.heading).toHaveText('Payment successful');
    expect(await transactionsOf(gateway, reference)).toHaveLength(1);
  });
});

test.describe('a secure frame that does not load', () => {
  // Well under the 15 s a frame still loading may take: a frame that loaded and did not connect is refused at once.
  const FAST = { timeout: 8_000 };

  for (const mode of ['error', 'down'] as const) {
    test(`the card frame answers ${mode}: frame_load_failed in the page's language, fast; loading it again works`, async ({ checkout, gateway, createSession }) => {
      const session = await createSession();
      await inject(gateway, { path: '/frames/card', mode, count: REPEATS });
      await checkout.open(session.id, { locale: 'bs-BA', waitReady: false });
      const message = 'Obrazac za plaćanje se nije učitao. Provjerite vezu i pokušajte ponovo.';
      await expect(checkout.error).toHaveText(`frame_load_failed: ${message}`, FAST);
      expect(await checkout.onErrorCalls(1)).toEqual([{ code: 'frame_load_failed', message }]);
      await expect(checkout.page.getByTitle('Secure card payment')).toHaveCount(0); // no broken frame left behind
      await gatewayBack(gateway);
      await checkout.reloadFormButton.click();
      await checkout.expectReady();
      await expect(checkout.error).toHaveText('');
      await checkout.fillCard({ number: '4000000000000002' });
      await checkout.pay();
      await expect(checkout.result).toContainText('Approved APPROVED 0000');
    });
  }

  test('the payment-method frame answers 500: frame_load_failed, fast', async ({ page, merchantOrigin, gatewayUrl, gateway, createSession }) => {
    const shop = new AlternativeMethodsPage(page, merchantOrigin, gatewayUrl);
    const session = await createSession();
    await inject(gateway, { path: '/frames/apm', mode: 'error' });
    await shop.open(session.id, { locale: 'sv-SE', waitReady: false });
    await expect(shop.error).toHaveText('frame_load_failed: Betalformuläret kunde inte laddas. Kontrollera anslutningen och försök igen.', FAST);
  });
});
