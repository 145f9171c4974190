/**
 * A hostile merchant page against 3-D Secure in Embedded Fields (issue #11): the challenge
 * iframe lives on the merchant page, so the ACS's CHALLENGE_RESPONSE reaches the secure frame
 * through a page we do not trust. The page here forges the ACS's "Y" (a synthetic
 * MessageEvent with the ACS frame as source and the ACS origin, which a page can dispatch to
 * itself). The frame takes it as a signal that the challenge ended and reports what the
 * gateway decided from its ACS record: never an approval the shopper did not give.
 */
import { completeChallenge } from '@payments/testing/playwright';
import type { Page } from '@playwright/test';
import { expect, test as base } from '../fixtures';
import { CheckoutPage } from '../models/checkout-page';

const test = base.extend<{ checkout: CheckoutPage }>({
  checkout: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new CheckoutPage(page, merchantOrigin, gatewayUrl)),
});

/** The hostile merchant script: answers "Y" in the ACS's name to the challenge dialog's listener. */
function forgeApproval(page: Page, acsOrigin: string): Promise<void> {
  return page.evaluate((origin) => {
    const iframe = document.querySelector('[data-embedded-fields="challenge"]')!.shadowRoot!.querySelector('iframe')!;
    const data = JSON.stringify({ type: 'CHALLENGE_RESPONSE', trans_status: 'Y' });
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: iframe.contentWindow }));
  }, acsOrigin);
}

test('the page answers "Y" before the shopper answers: refused, never approved', async ({ page, checkout, createSession, acsUrl, gateway }) => {
  const session = await createSession({ metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' } });
  await checkout.open(session.id);
  await checkout.fillCard({ number: '4111111111111111' });
  await checkout.pay();
  await expect(checkout.challenge().acs.getByRole('button', { name: 'Decline' })).toBeVisible();
  await forgeApproval(page, new URL(acsUrl).origin);
  const [callback] = await checkout.callbacks(1);
  // The old frame forwarded the page's "Y" and the gateway, with no ACS record yet, approved.
  // Now the gateway has no answer from the ACS to decide on: it refuses (422), approves nothing.
  expect(callback?.response).toBeNull();
  expect(callback?.error?.code).toBe('payment_refused');
  const [record] = await gateway.request<{ transaction: { status: string } }[]>(
    'GET',
    `/__mock/transactions?reference=${encodeURIComponent(session.reference)}`,
  );
  expect(record?.transaction.status).not.toBe('APPROVED');
});

test('the shopper declines and the page relays "Y" instead: declined', async ({ page, checkout, createSession, acsUrl }) => {
  const session = await createSession({ metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' } });
  // The hostile page swallows the ACS's real answer and forges "Y" in its place.
  await page.addInitScript((origin) => {
    window.addEventListener(
      'message',
      (event) => {
        if (event.origin !== origin || !event.isTrusted) return;
        event.stopImmediatePropagation();
        const data = JSON.stringify({ type: 'CHALLENGE_RESPONSE', trans_status: 'Y' });
        window.dispatchEvent(new MessageEvent('message', { data, origin, source: event.source }));
      },
      true,
    );
  }, new URL(acsUrl).origin);
  await checkout.open(session.id);
  await checkout.fillCard({ number: '4111111111111111' });
  await checkout.pay();
  await completeChallenge(page, 'decline');
  await expect(checkout.result).toContainText('Declined DECLINED');
  const [callback] = await checkout.callbacks(1);
  expect(callback?.response?.approved).toBe(false);
});
