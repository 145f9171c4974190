/**
 * The alternative-payment-method component and the wallet and bank redirect factories, in
 * real Chromium against the worker's mock gateway: the methods the session fits, their
 * shopper data checked before sending, and the full loop for provider-x-local (with and
 * without a BLIK code), a provider-y method, both wallet redirects and a bank redirect: the host
 * page goes to the gateway's provider page, the tester approves, declines or abandons, and the
 * shop's return_url gets the status, confirmed by the status endpoint and by webhook (a bank
 * redirect abandoned stays PENDING until the bank settles it).
 */
import { webhookTransactionId, type WebhookInbox } from '@payments/testing';
import type { GatewayClient } from '@payments/testing';
import { expect, test as base } from './fixtures';
import { AlternativeMethodsPage, APM_FRAME_TITLES } from './models/alternative-methods-page';
import { ProviderPage } from './models/provider-page';

const test = base.extend<{ shop: AlternativeMethodsPage; provider: ProviderPage }>({
  shop: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new AlternativeMethodsPage(page, merchantOrigin, gatewayUrl)),
  provider: async ({ page, acsUrl }, use) => use(new ProviderPage(page, acsUrl)),
});

/** The component shows the shopper fields (email, names) in its frame. */
const SHOWN_FIELDS = { customerConfig: { hasHolderName: true, hasHolderEmail: true } };
const PLN = { currency: 'PLN', amount: 19_900 };

/** The final status by the status endpoint and by the purchase webhook of that status. */
async function expectFinalStatus(gateway: GatewayClient, webhooks: WebhookInbox, transactionId: string, status: 'APPROVED' | 'DECLINED' | 'PENDING') {
  expect((await gateway.status(transactionId)).transaction?.status).toBe(status);
  const event = `transaction-svc:transaction:purchase:${status.toLowerCase()}`;
  const webhook = await webhooks.waitFor((e) => webhookTransactionId(e) === transactionId && e.event === event, { timeout: 10_000 });
  expect((webhook.body as { payload: { status: string } }).payload.status).toBe(status);
}

test.describe('the methods a session fits', () => {
  test('a EUR purchase lists the wallets, the banks and Provider Y, not BLIK', async ({ shop, createSession }) => {
    await shop.open((await createSession()).id);
    await expect(shop.frame.getByRole('group', { name: 'Payment method' })).toBeVisible();
    for (const name of ['Wallet A', 'Wallet B', 'Online banking', 'Open banking', 'Provider Y']) await expect(shop.method(name)).toBeVisible();
    await expect(shop.method('BLIK')).toHaveCount(0);
  });

  test('a PLN purchase offers BLIK first; the merchant may narrow and order the list', async ({ shop, createSession }) => {
    const session = await createSession(PLN);
    await shop.open(session.id, { config: { paymentMethods: ['wallet-b-redirect', 'provider-x-local', 'not-a-method'] } });
    await expect(shop.frame.getByRole('radio')).toHaveCount(2);
    await expect(shop.frame.getByRole('radio').first()).toHaveAccessibleName('Wallet B');
    await expect(shop.method('BLIK')).toBeVisible();
  });

  test('an AUTHORIZE session has no redirect method to offer', async ({ shop, createSession }) => {
    await shop.open((await createSession({ transaction_type: 'AUTHORIZE' })).id);
    await expect(shop.frame.getByText('No other payment methods are available for this order.')).toBeVisible();
  });

  test('speaks the component’s locale', async ({ shop, createSession }) => {
    await shop.open((await createSession(PLN)).id, { locale: 'bs-BA', config: SHOWN_FIELDS });
    await expect(shop.frame.getByRole('group', { name: 'Način plaćanja' })).toBeVisible();
    // Screen readers announce the frame by its title: in the shopper's language too.
    await expect(shop.page.locator(`iframe[title="${APM_FRAME_TITLES['bs-BA']}"]`)).toHaveCount(1);
    await shop.method('BLIK').check();
    await expect(shop.field('BLIK kod (nije obavezno)')).toBeVisible();
    await expect(shop.field('Prezime')).toBeVisible();
  });
});

test('the /frames/apm document answers only the session’s merchant origin, under the card frame’s CSP', async ({ gatewayUrl, merchantOrigin, createSession }) => {
  const session = await createSession();
  const frame = await fetch(`${gatewayUrl}/frames/apm?session_id=${session.id}&client_key=test-client-key&v=1`, { headers: { 'user-agent': 'e2e' } });
  const csp = frame.headers.get('content-security-policy')!;
  expect(csp).toContain(`frame-ancestors ${merchantOrigin}`);
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("require-trusted-types-for 'script'");
  expect(await frame.text()).toContain(`<meta name="ef-parent-origin" content="${merchantOrigin}" />`);
  const unknown = await fetch(`${gatewayUrl}/frames/apm?session_id=nope&client_key=test-client-key&v=1`, { headers: { 'user-agent': 'e2e' } });
  expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
});

test.describe('shopper data is checked before anything is sent', () => {
  test('no method chosen, a bad email and a 5-digit BLIK code: errors in the frame, no transaction', async ({ shop, gateway, createSession }) => {
    const session = await createSession({ ...PLN, customer: { email: 'ana@example.com', first_name: 'Ana', last_name: 'Nowak' } });
    await shop.open(session.id, { config: SHOWN_FIELDS });
    await shop.pay();
    await expect(shop.frame.getByText('Choose a payment method.')).toBeVisible();
    expect((await shop.callbacks(1))[0]?.error?.code).toBe('no_payment_method');

    await shop.method('BLIK').check();
    // The session's customer pre-populates the shopper fields.
    await expect(shop.field('Email')).toHaveValue('ana@example.com');
    await expect(shop.field('Last name')).toHaveValue('Nowak');
    await shop.field('Email').fill('ana@');
    await shop.field('BLIK code (optional)').fill('12345');
    await shop.pay();
    await expect(shop.field('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(shop.frame.getByText('Enter the 6 digits of your BLIK code.')).toBeVisible();
    expect((await shop.callbacks(2))[1]?.error).toMatchObject({ code: 'invalid_customer', fields: [{ field: 'email' }, { field: 'blikCode' }] });
    expect(await gateway.request<unknown[]>('GET', `/__mock/transactions?reference=${encodeURIComponent(session.reference)}`)).toEqual([]);
  });

  test('without shown fields, the names come from submitPayment’s customer, and are required', async ({ shop, createSession }) => {
    await shop.open((await createSession()).id);
    await shop.method('Provider Y').check();
    await shop.fillShopper({ email: 'ana@example.com' });
    await shop.pay();
    await expect(shop.error).toHaveText(/^invalid_customer: firstName: This field is required\. lastName: This field is required\.$/);
    expect(await shop.onErrorCalls(1)).toEqual([expect.objectContaining({ code: 'invalid_customer' })]);
  });
});

test.describe('to the provider and back', () => {
  test('provider-x-local with a BLIK code: approved, APPROVED by status and webhook', async ({ shop, provider, gateway, webhooks, createSession, merchantOrigin }) => {
    await shop.open((await createSession(PLN)).id, { config: SHOWN_FIELDS });
    await shop.method('BLIK').check();
    await shop.field('Email').fill('jan@example.pl');
    await shop.field('First name').fill('Jan');
    await shop.field('Last name').fill('Kowalski');
    await shop.field('BLIK code (optional)').fill('777 123');
    await expect(shop.field('BLIK code (optional)')).toHaveValue('777123');
    await shop.pay();
    await provider.expectOpen('Provider X · BLIK');
    await expect(provider.blikCode).toHaveCount(0); // given on the merchant page
    await provider.choose('Approve');
    const back = await provider.returned(merchantOrigin, 'APPROVED');
    await expectFinalStatus(gateway, webhooks, back.transactionId, 'APPROVED');
  });

  test('provider-x-local without a BLIK code: the provider asks for it; declined, DECLINED by status and webhook', async ({
    shop,
    provider,
    gateway,
    webhooks,
    createSession,
    merchantOrigin,
  }) => {
    await shop.open((await createSession(PLN)).id);
    await shop.method('BLIK').check();
    await shop.fillShopper({ firstName: 'Jan', lastName: 'Kowalski', email: 'jan@example.pl' });
    await shop.pay();
    await provider.expectOpen('Provider X · BLIK');
    await provider.blikCode.fill('123456');
    await provider.choose('Decline');
    const back = await provider.returned(merchantOrigin, 'DECLINED');
    await expectFinalStatus(gateway, webhooks, back.transactionId, 'DECLINED');
  });

  test('a provider-y method (IDL): approved, APPROVED by status and webhook', async ({ shop, provider, gateway, webhooks, createSession, merchantOrigin }) => {
    await shop.open((await createSession()).id);
    await shop.method('Provider Y').check();
    await shop.field('Payment option').selectOption({ label: 'IDL' });
    await shop.fillShopper({ firstName: 'Eva', lastName: 'de Vries', email: 'eva@example.nl' });
    await shop.pay();
    await provider.expectOpen('Provider Y · IDL');
    await provider.choose('Approve');
    const back = await provider.returned(merchantOrigin, 'APPROVED');
    const { transaction } = await gateway.status(back.transactionId);
    expect(transaction?.payment_method.type).toBe('provider-y-redirect-idl');
    expect(transaction?.customer).toMatchObject({ email: 'eva@example.nl', first_name: 'Eva', last_name: 'de Vries' });
    await expectFinalStatus(gateway, webhooks, back.transactionId, 'APPROVED');
  });

  test('Wallet B from the component: declined, DECLINED by status and webhook', async ({ shop, provider, gateway, webhooks, createSession, merchantOrigin }) => {
    await shop.open((await createSession()).id);
    await shop.method('Wallet B').check();
    await expect(shop.frame.getByText('You will be taken to Wallet B to approve the payment.')).toBeVisible();
    await shop.pay();
    await provider.expectOpen('Wallet B');
    await provider.choose('Decline');
    const back = await provider.returned(merchantOrigin, 'DECLINED');
    await expectFinalStatus(gateway, webhooks, back.transactionId, 'DECLINED');
  });

  test('Wallet A from its factory: approved, APPROVED by status and webhook', async ({ shop, provider, gateway, webhooks, createSession, merchantOrigin }) => {
    await shop.open((await createSession()).id);
    await shop.expressButton('Wallet A').click();
    await provider.expectOpen('Wallet A');
    await provider.choose('Approve');
    const back = await provider.returned(merchantOrigin, 'APPROVED');
    await expectFinalStatus(gateway, webhooks, back.transactionId, 'APPROVED');
  });

  test('Wallet A abandoned: back to cancel_url, CANCELED by status and webhook', async ({ shop, provider, gateway, webhooks, createSession, merchantOrigin }) => {
    await shop.open((await createSession()).id);
    await shop.method('Wallet A').check();
    await shop.pay();
    await provider.expectOpen('Wallet A');
    await provider.choose('Abandon');
    const back = await provider.returned(merchantOrigin, 'CANCELED');
    expect((await gateway.status(back.transactionId)).transaction).toMatchObject({ status: 'CANCELED', processing_code: '1003' });
    const webhook = await webhooks.waitFor((e) => webhookTransactionId(e) === back.transactionId && e.event === 'transaction-svc:transaction:purchase:declined', { timeout: 10_000 });
    expect((webhook.body as { payload: { status: string } }).payload.status).toBe('CANCELED');
  });

  test('Online banking abandoned: back with PENDING, only the pending webhook; the bank settles it later', async ({ shop, provider, gateway, webhooks, createSession, merchantOrigin }) => {
    await shop.open((await createSession()).id);
    await shop.method('Online banking').check();
    await shop.pay();
    await provider.expectOpen('Online banking');
    await provider.choose('Abandon');
    const back = await provider.returned(merchantOrigin, 'PENDING');
    await expectFinalStatus(gateway, webhooks, back.transactionId, 'PENDING');
    const { deliveries } = await gateway.request<{ deliveries: { event: string }[] }>('GET', `/__mock/webhooks?transaction_id=${back.transactionId}`);
    expect(deliveries.map((d) => d.event)).toEqual(['transaction-svc:transaction:purchase:pending', 'transaction-svc:transaction:pending']);
    await gateway.request('POST', `/__mock/transactions/${back.transactionId}/settle`, { outcome: 'approve' });
    await expectFinalStatus(gateway, webhooks, back.transactionId, 'APPROVED');
  });

  test('a DECLINED answer at authorize is a response, not an error; nothing navigates', async ({ shop, page, createSession }) => {
    await shop.open((await createSession({ metadata: { response_code: 'TRX_STATUS_DECLINED' } })).id);
    await shop.method('Open banking').check();
    await shop.pay();
    await expect(shop.result).toContainText('Declined DECLINED');
    const [callback] = await shop.callbacks(1);
    expect(callback).toMatchObject({ error: null, response: { approved: false, status: 'DECLINED', redirect: null, result: { status: 'DECLINED' } } });
    expect(await shop.onErrorCalls()).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/alternative-methods');
  });
});

test.describe('the wallet and bank redirect factories', () => {
  const TYPES = ['wallet-a-redirect', 'wallet-b-redirect', 'bank-network-redirect', 'openbanking-redirect'] as const;

  test('exist with the documented shape, render nothing and do not navigate', async ({ shop, page, createSession }) => {
    const session = await createSession();
    await shop.open(session.id, { navigate: false });
    const shapes = await page.evaluate(
      ({ types, sessionId }) =>
        types.map((type) => {
          const registration = (window as unknown as Record<string, { factory: (o: unknown) => Record<string, unknown> }>)[type]!;
          const frames = document.querySelectorAll('iframe').length;
          const method = registration.factory({ clientKey: 'test-client-key', sessionId, environment: 'test' });
          return {
            type,
            factory: typeof registration.factory,
            keys: Object.keys(method).sort(),
            methodType: method.type,
            functions: ['isAvailable', 'authorize', 'destroy'].every((key) => typeof method[key] === 'function'),
            frozen: Object.isFrozen(method),
            framesAdded: document.querySelectorAll('iframe').length - frames,
          };
        }),
      { types: [...TYPES], sessionId: session.id },
    );
    for (const [index, type] of TYPES.entries()) {
      expect(shapes[index]).toEqual({
        type,
        factory: 'function',
        keys: ['authorize', 'destroy', 'isAvailable', 'type'],
        methodType: type,
        functions: true,
        frozen: true,
        framesAdded: 0,
      });
    }
    // Every stub is available for a EUR purchase: the page shows its own button for each.
    for (const name of ['Wallet A', 'Wallet B', 'Online banking', 'Open banking']) await expect(shop.expressButton(name)).toBeVisible();

    // authorize() answers the redirect and leaves the navigation to the page.
    const response = await page.evaluate(async () => {
      const method = (window as unknown as { events: { factories: Record<string, { authorize(): Promise<{ status: string; redirect: { url: string } | null }> }> } }).events
        .factories['openbanking-redirect']!;
      return method.authorize();
    });
    expect(response.status).toBe('PENDING');
    expect(response.redirect?.url).toMatch(/\/provider\//);
    expect(new URL(page.url()).pathname).toBe('/alternative-methods');
  });

  test('an AUTHORIZE session makes them unavailable, and authorize() rejects with a coded error', async ({ shop, page, createSession }) => {
    const session = await createSession({ transaction_type: 'AUTHORIZE' });
    await shop.open(session.id, { navigate: false });
    const outcome = await page.evaluate(async (sessionId) => {
      const method = (window as unknown as Record<string, { factory: (o: unknown) => { isAvailable(): Promise<boolean>; authorize(): Promise<unknown> } }>)['wallet-a-redirect']!.factory({
        clientKey: 'test-client-key',
        sessionId,
        environment: 'test',
        locale: 'sv-SE',
      });
      const available = await method.isAvailable();
      const error = await method.authorize().then(
        () => null,
        (e: Error & { code: string }) => ({ name: e.name, code: e.code, message: e.message, isError: e instanceof Error }),
      );
      return { available, error };
    }, session.id);
    expect(outcome).toEqual({
      available: false,
      error: { name: 'PaymentMethodError', code: 'payment_method_unavailable', message: 'Det finns inga andra betalningssätt för den här beställningen.', isError: true },
    });
    await expect(shop.expressButton('Wallet A')).toHaveCount(0);
  });
});
