/**
 * The card component on a merchant page of its own origin (the test shop), against the
 * real mock gateway: the spec's five test card pairs, the challenge in the modal, the
 * checks before anything is sent, locales, and the frame's isolation.
 */
import { TEST_CARDS, type GatewayClient } from '@payments/testing';
import { completeChallenge, readField } from '@payments/testing/playwright';
import { expect, test as base } from './fixtures';
import { CheckoutPage } from './models/checkout-page';
import { foreignOf, foreignUrl } from './support/foreign-origin';

const test = base.extend<{ checkout: CheckoutPage; newSession: (metadata?: Record<string, unknown>) => Promise<{ id: string; reference: string }> }>({
  checkout: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new CheckoutPage(page, merchantOrigin, gatewayUrl)),
  newSession: async ({ createSession }, use) => use((metadata = {}) => createSession({ metadata })),
});

async function transactionsOf(gateway: GatewayClient, reference: string) {
  return gateway.request<{ transaction: { id: string; status: string }; three_ds_method_completed: boolean }[]>(
    'GET',
    `/__mock/transactions?reference=${encodeURIComponent(reference)}`,
  );
}

const cardOf = (scenario: string, network: 1 | 2) => TEST_CARDS.find((c) => c.scenario === scenario && c.network === network)!.number;

for (const network of [1, 2] as const) {
  test.describe(`network ${network} test cards`, () => {
    test('frictionless card is approved', async ({ checkout, newSession }) => {
      const session = await newSession();
      await checkout.open(session.id);
      await checkout.fillCard({ number: cardOf('frictionless-approved', network) });
      await checkout.pay();
      await expect(checkout.result).toContainText('Approved APPROVED 0000');
    });

    test('insufficient funds is declined with 1004', async ({ checkout, newSession }) => {
      await checkout.open((await newSession()).id);
      await checkout.fillCard({ number: cardOf('insufficient-funds', network) });
      await checkout.pay();
      await expect(checkout.result).toContainText('Declined DECLINED 1004');
    });

    test('redirect card leaves for the bank page and comes back to return_url', async ({ page, checkout, newSession, gateway }) => {
      await checkout.open((await newSession()).id);
      await checkout.fillCard({ number: cardOf('redirect', network) });
      await checkout.pay();
      await expect(page.getByRole('heading', { name: 'Verify your payment' })).toBeVisible();
      await completeChallenge(page, 'approve');
      await expect(page).toHaveURL(/\/return\?transaction_id=[^&]+&status=APPROVED$/);
      const id = new URL(page.url()).searchParams.get('transaction_id')!;
      expect((await gateway.status(id)).transaction?.status).toBe('APPROVED');
    });

    for (const [scenario, status] of [
      ['form-submit-approved', 'APPROVED'],
      ['form-submit-declined', 'DECLINED'],
    ] as const) {
      test(`${scenario} posts the form and comes back ${status}`, async ({ page, checkout, newSession }) => {
        await checkout.open((await newSession()).id);
        await checkout.fillCard({ number: cardOf(scenario, network) });
        await checkout.pay();
        await expect(page).toHaveURL(new RegExp(`/return\\?transaction_id=[^&]+&status=${status}$`));
      });
    }
  });
}

test.describe('3-D Secure challenge in the modal (full simulator)', () => {
  for (const [button, expected] of [
    ['Approve', 'Approved APPROVED'],
    ['Decline', 'Declined DECLINED'],
  ] as const) {
    test(`${button} in the challenge`, async ({ checkout, newSession, gateway }) => {
      const session = await newSession({ simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' });
      await checkout.open(session.id);
      await checkout.fillCard({ number: '4111111111111111' });
      await checkout.pay();
      const { dialog, acs } = checkout.challenge();
      await expect(dialog).toBeVisible();
      await acs.getByRole('button', { name: button }).click();
      await expect(checkout.result).toContainText(expected);
      await expect(dialog).toBeHidden();
      // The fingerprint iframe really ran: the ACS method page posted back to the gateway.
      const [record] = await transactionsOf(gateway, session.reference);
      expect(record?.three_ds_method_completed).toBe(true);
    });
  }

  test('closing the challenge is a clear, recoverable error', async ({ checkout, newSession }) => {
    await checkout.open((await newSession({ simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' })).id);
    await checkout.fillCard({ number: '4111111111111111' });
    await checkout.pay();
    const { dialog } = checkout.challenge();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(checkout.error).toHaveText(/^challenge_canceled: .+/);
  });
});

test.describe('checks before anything is sent', () => {
  test('a bad card number shows the error in the field and sends nothing', async ({ checkout, newSession, gateway }) => {
    const session = await newSession();
    await checkout.open(session.id);
    await checkout.fillCard({ number: '4000000000000003' });
    await expect.poll(async () => (await readField(checkout.frame, 'number')).error).not.toBe('');
    await checkout.pay();
    await expect(checkout.error).toHaveText(/^invalid_card: /);
    expect(await transactionsOf(gateway, session.reference)).toEqual([]);
  });

  test('a past expiry date is refused', async ({ checkout, newSession }) => {
    await checkout.open((await newSession()).id);
    await checkout.fillCard({ number: '4000000000000002', expiry: '01 / 20' });
    await expect.poll(async () => (await readField(checkout.frame, 'expiry')).invalid).toBe(true);
    await checkout.pay();
    await expect(checkout.error).toHaveText(/^invalid_card: /);
  });

  test('a bad phone gives a clear error per field and sends nothing', async ({ page, checkout, newSession, gateway }) => {
    const session = await newSession();
    await checkout.open(session.id);
    await checkout.fillCard({ number: '4000000000000002' });
    await page.getByLabel('Phone').fill('+3876');
    await checkout.pay();
    await expect(checkout.error).toHaveText(/^invalid_customer: phone: /);
    const [callback] = await checkout.callbacks(1);
    expect(callback?.response).toBeNull();
    expect(await transactionsOf(gateway, session.reference)).toEqual([]);
  });

  test('a double click creates one transaction and answers both callbacks', async ({ checkout, newSession, gateway }) => {
    const session = await newSession();
    await checkout.open(session.id);
    await checkout.fillCard({ number: '4000000000000002' });
    await checkout.payButton.dblclick();
    const callbacks = await checkout.callbacks(2);
    expect(callbacks[0]!.response!.transaction.id).toBe(callbacks[1]!.response!.transaction.id);
    expect(await transactionsOf(gateway, session.reference)).toHaveLength(1);
  });
});

test('changeLocale switches labels in all four locales and keeps what was typed', async ({ page, checkout, newSession }) => {
  await checkout.open((await newSession()).id);
  await checkout.field('Card number').fill('4000000000000002');
  const labels: Record<string, string> = { 'bs-BA': 'Broj kartice', 'ro-RO': 'Numărul cardului', 'sv-SE': 'Kortnummer', 'en-US': 'Card number' };
  for (const [locale, label] of Object.entries(labels)) {
    await page.getByLabel('Language').selectOption(locale);
    await expect(checkout.field(label)).toHaveValue('4000 0000 0000 0002');
  }
});

test.describe('isolation', () => {
  test('the merchant page cannot read the frame document', async ({ page, checkout, newSession }) => {
    await checkout.open((await newSession()).id);
    await checkout.field('Card number').fill('4000000000000002');
    const leaked = await page.evaluate(() => {
      const iframe = document.querySelector('iframe');
      try {
        return iframe?.contentDocument?.body?.textContent ?? null;
      } catch {
        return null;
      }
    });
    expect(leaked).toBeNull();
    const state = await page.evaluate(() => JSON.stringify((window as unknown as { events: unknown }).events));
    expect(state).not.toContain('4000');
  });

  test('a message from a foreign origin does not drive the frame', async ({ page, checkout, newSession, gateway, gatewayUrl, merchantOrigin }) => {
    const session = await newSession();
    await checkout.open(session.id);
    await checkout.fillCard({ number: '4000000000000002' });
    // A foreign-origin page (the same server under another name) framed in the merchant page
    // sends penpal-shaped calls to the card frame: they must change nothing.
    await page.evaluate((foreign) => {
      const spy = document.createElement('iframe');
      spy.src = `${foreign}/return`;
      spy.title = 'foreign';
      document.body.append(spy);
    }, foreignOf(merchantOrigin));
    await expect.poll(() => page.frame({ url: foreignUrl(merchantOrigin, '/return') }) !== null).toBe(true);
    const foreign = page.frame({ url: foreignUrl(merchantOrigin, '/return') })!;
    await foreign.waitForLoadState();
    await foreign.evaluate((cardOrigin) => {
      const card = window.parent.frames[0]!;
      for (const message of [
        { namespace: 'penpal', channel: 'embedded-fields', type: 'CALL', id: 'x', methodPath: ['submit'], args: [{ customer: {} }] },
        { namespace: 'penpal', channel: 'embedded-fields', type: 'SYN', participantId: 'evil' },
      ]) {
        card.postMessage(message, cardOrigin);
      }
    }, gatewayUrl);
    await expect(checkout.field('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(await transactionsOf(gateway, session.reference)).toEqual([]);
  });
});
