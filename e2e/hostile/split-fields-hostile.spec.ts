/**
 * Split fields against a hostile merchant page (issue 44): the page knows each field frame's
 * URL, group id included, and can open gateway frames of its own with it, or post messages
 * into the field frames. It must neither read a value nor put one into a payment: a frame
 * too many in a card's group makes the group refuse to pay (fields_conflict, nothing sent);
 * a frame of another session on the same group id is not in the group at all; messages
 * posted by the page are not the group's channel.
 */
import { TEST_CARDS, type GatewayClient } from '@payments/testing';
import { expect, test as base } from '../fixtures';
import { SplitCheckoutPage } from '../models/split-checkout-page';

const test = base.extend<{ checkout: SplitCheckoutPage }>({
  checkout: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new SplitCheckoutPage(page, merchantOrigin, gatewayUrl)),
});

const FRICTIONLESS = TEST_CARDS.find((c) => c.scenario === 'frictionless-approved' && c.network === 1)!.number;
const YEAR = (ahead: number) => String((new Date().getFullYear() + ahead) % 100).padStart(2, '0');

async function transactionsOf(gateway: GatewayClient, reference: string) {
  return gateway.request<{ transaction: { id: string; status: string } }[]>('GET', `/__mock/transactions?reference=${encodeURIComponent(reference)}`);
}

/** The page opens a gateway frame of its own from a field frame's URL (the group id in it), optionally for another session. */
async function replay(checkout: SplitCheckoutPage, field: 'number' | 'expiry', otherSession?: string): Promise<void> {
  await checkout.page.evaluate(
    ([container, session]) => {
      const genuine = document.querySelector<HTMLIFrameElement>(`${container} iframe`)!;
      const url = new URL(genuine.src);
      if (session) url.searchParams.set('session_id', session);
      const frame = document.createElement('iframe');
      frame.src = url.toString();
      frame.title = 'replayed';
      frame.style.height = '120px';
      document.body.append(frame);
    },
    [field === 'number' ? '#card-number' : '#card-expiry', otherSession] as const,
  );
}

for (const field of ['expiry', 'number'] as const) {
  test(`a page that replays the ${field} frame's group id (a member too many) gets no payment made: fields_conflict, nothing sent`, async ({ checkout, createSession, gateway }) => {
    const session = await createSession();
    await checkout.open(session.id);
    await replay(checkout, field);
    const replayed = checkout.page.frameLocator('iframe[title="replayed"]');
    // The replayed frame draws the same field; what is typed into it must reach no payment.
    if (field === 'expiry') await replayed.getByLabel('Expiry date').fill(`11 / ${YEAR(4)}`);
    else await replayed.getByLabel('Card number').fill('5555555555554444');
    await checkout.fillCard({ number: FRICTIONLESS });
    await checkout.pay();
    await expect(checkout.error).toHaveText(/^fields_conflict: /);
    await expect(checkout.fields.frame('number').getByRole('alert')).toHaveText(/could not be read together/);
    expect(await transactionsOf(gateway, session.reference)).toEqual([]);
  });
}

test("a frame of another session on the same group id is not in the card's group: the card pays with its own fields", async ({ checkout, createSession, gateway }) => {
  const session = await createSession();
  const other = await createSession();
  await checkout.open(session.id);
  await replay(checkout, 'expiry', other.id);
  await checkout.page.frameLocator('iframe[title="replayed"]').getByLabel('Expiry date').fill(`11 / ${YEAR(4)}`);
  await checkout.fillCard({ number: FRICTIONLESS });
  await checkout.pay();
  await expect(checkout.result).toContainText('Approved APPROVED 0000');
  expect(await transactionsOf(gateway, other.reference)).toEqual([]);
});

test("messages the page posts into the field frames are not the group's: no conflict, no value taken, the card pays", async ({ checkout, createSession }) => {
  await checkout.open((await createSession()).id);
  await checkout.fillCard({ number: FRICTIONLESS });
  await checkout.page.evaluate((gateway) => {
    for (const frame of document.querySelectorAll('iframe')) {
      for (const message of [
        { kind: 'hello', from: 'page', field: 'number' },
        { kind: 'collect', from: 'page', request: 'r1' },
        { kind: 'value', from: 'page', field: 'cvv', request: 'r1', value: '999' },
      ]) frame.contentWindow!.postMessage(message, gateway);
    }
  }, new URL(checkout.gatewayUrl).origin);
  await checkout.pay();
  await expect(checkout.result).toContainText('Approved APPROVED 0000');
});
