/**
 * Saved cards in Embedded Fields, in real Chromium against the worker's mock gateway:
 * saving a card on a first payment for a stored customer (token in the response and in the
 * tokenization webhook), paying with a saved card and its CVV, and the clear, localized
 * errors for a deleted and an expired saved card (through the callback and onError).
 */
import { TOKENIZATION_EVENT, type TokenizationWebhookData } from '@payments/core';
import { GatewayClient, uniqueReference, webhookTransactionId, type ReceivedWebhook } from '@payments/testing';
import { expect, test as base } from './fixtures';
import { SavedCardPage, type SavedCardData } from './models/saved-card-page';

const test = base.extend<{ shop: SavedCardPage }>({
  shop: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new SavedCardPage(page, merchantOrigin, gatewayUrl)),
});

const nextYear = new Date().getFullYear() + 1;

async function createCustomer(gateway: GatewayClient): Promise<string> {
  return (await gateway.createCustomer()).id;
}

/** A card saved for the customer by a Direct API payment, as the saved-card component is given it. */
async function saveCard(gateway: GatewayClient, customerId: string, expiry = { month: '12', year: String(nextYear) }): Promise<SavedCardData> {
  return gateway.saveCard(customerId, { number: '4000000000000002', ...expiry });
}

const isTokenized = (token: string) => (event: ReceivedWebhook) =>
  event.event === TOKENIZATION_EVENT && (event.body as { data: TokenizationWebhookData }).data.payment_method_id === token;

test.describe('saving a card', () => {
  test('a first payment with "save this card" links the card to the stored customer: token in the response and the webhook', async ({
    shop,
    gateway,
    createSession,
    webhooks,
  }) => {
    const customerId = await createCustomer(gateway);
    const session = await createSession({ customer: { id: customerId } });
    await shop.openCardWithSaveOption(session.id);
    await shop.fillCard({ number: '4000000000000002' });
    await expect(shop.saveCheckbox()).not.toBeChecked();
    await shop.saveCheckbox().check();
    await shop.pay();
    await expect(shop.result).toContainText('Approved APPROVED');

    const [callback] = await shop.callbacks(1);
    const token = callback?.response?.transaction.payment_method.token;
    expect(token).toMatch(/^pm_/);
    const tokenized = await webhooks.waitFor(isTokenized(token!), { timeout: 10_000 });
    expect((tokenized.body as { data: TokenizationWebhookData }).data).toMatchObject({
      payment_method_type: 'CARD',
      card_last_4: '0002',
      customer_id: customerId,
      transaction_id: callback?.response?.transaction.id,
    });
  });

  test('without the tick, nothing is saved', async ({ shop, gateway, createSession }) => {
    const session = await createSession({ customer: { id: await createCustomer(gateway) } });
    await shop.openCardWithSaveOption(session.id);
    await shop.fillCard({ number: '4000000000000002' });
    await shop.pay();
    await expect(shop.result).toContainText('Approved APPROVED');
    expect((await shop.callbacks(1))[0]?.response?.transaction.payment_method.token).toBeNull();
  });
});

test.describe('paying with a saved card', () => {
  test('shows the saved card and pays with its CVV', async ({ shop, page, gateway, createSession, webhooks }) => {
    const customerId = await createCustomer(gateway);
    const card = await saveCard(gateway, customerId);
    const session = await createSession({ customer: { id: customerId } });
    await shop.openSavedCard(session.id, card);

    await expect(shop.frame.getByText('Visa ending in 0002')).toBeAttached();
    await expect(shop.frame.getByText(`Expires 12/${String(nextYear).slice(-2)}`)).toBeVisible();
    await expect(shop.cardNumber()).toHaveCount(0);
    await shop.cvv().fill('123');
    await shop.pay();
    await expect(shop.result).toContainText('Approved APPROVED');

    const [callback] = await shop.callbacks(1);
    const id = callback!.response!.transaction.id;
    expect(callback!.response!.transaction.payment_method).toMatchObject({ type: 'saved_card', token: card.paymentMethodId });
    expect((await gateway.status(id)).transaction).toMatchObject({ status: 'APPROVED', customer: { id: customerId } });
    await webhooks.waitFor((event) => webhookTransactionId(event) === id && event.event.endsWith('purchase:approved'), { timeout: 10_000 });
    expect(page.url()).toContain('/saved-card?');
  });

  test('asks for the CVV before sending anything', async ({ shop, gateway, createSession }) => {
    const customerId = await createCustomer(gateway);
    const card = await saveCard(gateway, customerId);
    const session = await createSession({ customer: { id: customerId } });
    await shop.openSavedCard(session.id, card);
    await shop.pay();
    await expect(shop.error).toHaveText(/^invalid_card: /);
    await expect(shop.cvv()).toHaveAttribute('aria-invalid', 'true');
    const transactions = await gateway.request<unknown[]>('GET', `/__mock/transactions?reference=${encodeURIComponent(session.reference)}`);
    expect(transactions).toEqual([]);
  });

  test('a deleted saved card is refused with a clear error, by callback and onError', async ({ shop, gateway, createSession }) => {
    const customerId = await createCustomer(gateway);
    const card = await saveCard(gateway, customerId);
    const deleted = await gateway.request<{ status: string }>('DELETE', `/api/payment-methods/${card.paymentMethodId}`);
    expect(deleted.status).toBe('DELETED');

    const session = await createSession({ customer: { id: customerId } });
    await shop.openSavedCard(session.id, card);
    await shop.cvv().fill('123');
    await shop.pay();
    const message = 'This saved card can no longer be used. Please pay with another card.';
    await expect(shop.error).toHaveText(`payment_method_inactive: ${message}`);
    await expect(shop.frame.getByRole('alert')).toHaveText(message);
    const [callback] = await shop.callbacks(1);
    expect(callback).toMatchObject({ response: null, error: { code: 'payment_method_inactive', gatewayCode: 'INVALID_REQUEST_PAYMENT_METHOD_INACTIVE' } });
    expect(await shop.onErrorCalls(1)).toEqual([expect.objectContaining({ code: 'payment_method_inactive', message })]);
  });

  test('the deleted-card error is in the component’s locale', async ({ shop, gateway, createSession }) => {
    const customerId = await createCustomer(gateway);
    const card = await saveCard(gateway, customerId);
    await gateway.request('DELETE', `/api/payment-methods/${card.paymentMethodId}`);
    const session = await createSession({ customer: { id: customerId } });
    await shop.openSavedCard(session.id, card, 'sv-SE');
    await shop.cvv('CVC').fill('123');
    await shop.pay();
    await expect(shop.error).toHaveText('payment_method_inactive: Det sparade kortet kan inte längre användas. Betala med ett annat kort.');
  });

  test('an expired saved card is refused before anything is sent', async ({ shop, gateway, createSession }) => {
    const customerId = await createCustomer(gateway);
    const card = await saveCard(gateway, customerId);
    const session = await createSession({ customer: { id: customerId } });
    await shop.openSavedCard(session.id, { ...card, expirationDate: '0120' }, 'ro-RO');
    await expect(shop.frame.getByText('A expirat la 01/20')).toBeVisible();
    await shop.cvv().fill('123');
    await shop.pay();
    await expect(shop.error).toHaveText('payment_method_expired: Acest card salvat a expirat. Vă rugăm să plătiți cu alt card.');
    expect(await shop.onErrorCalls(1)).toEqual([expect.objectContaining({ code: 'payment_method_expired' })]);
    const transactions = await gateway.request<unknown[]>('GET', `/__mock/transactions?reference=${encodeURIComponent(session.reference)}`);
    expect(transactions).toEqual([]);
  });

  test('a card the gateway finds expired (INVALID_REQUEST_PAYMENT_METHOD_EXPIRED) gives the same clear error', async ({
    shop,
    gateway,
    gatewayUrl,
    testGateway,
  }) => {
    const customerId = await createCustomer(gateway);
    const card = await saveCard(gateway, customerId, { month: '12', year: String(nextYear) });
    // The gateway's clock moves two years on: the card is expired there, not in the browser.
    await gateway.request('POST', '/__mock/clock', { advance_seconds: 2 * 366 * 86_400 });
    try {
      const later = new GatewayClient(gatewayUrl); // tokens of the old clock have expired
      const session = await later.createSession({
        terminal_id: 'TERM00001',
        reference: uniqueReference('expired'),
        description: 'Blue jacket',
        currency: 'EUR',
        amount: 4999,
        transaction_type: 'PURCHASE',
        return_url: `${shop.merchantOrigin}/return`,
        originator_url: shop.merchantOrigin,
        customer: { id: customerId },
      });
      await shop.openSavedCard(session.id, card);
      await shop.cvv().fill('123');
      await shop.pay();
      await expect(shop.error).toHaveText('payment_method_expired: This saved card has expired. Please pay with another card.');
      expect((await shop.callbacks(1))[0]?.error).toMatchObject({ gatewayCode: 'INVALID_REQUEST_PAYMENT_METHOD_EXPIRED' });
    } finally {
      await testGateway.running.ctx.clock.reset(); // the clock back (only the clock) for the worker's next tests
    }
  });

});
