// The QA kit README's example, verbatim (packages/testing/README.md), here against the repo's
// test shop (merchantOrigin in playwright.config.ts); scripts/pack-smoke.sh runs it from the
// packed tarballs against the kit's own merchant site.
import { cardFrame, completeChallenge, expect, fillCard, test } from '@payments/testing/playwright';

test('3-D Secure challenge, approved, with its signed webhook', async ({ page, createSession, checkoutUrl, webhooks }) => {
  const session = await createSession({ metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' } });
  await page.goto(checkoutUrl(session));
  await fillCard(cardFrame(page), { number: '4111111111111111' });
  await page.getByRole('button', { name: 'Pay' }).click();
  await completeChallenge(page, 'approve');
  await expect(page.getByRole('status')).toContainText('Approved');
  const event = await webhooks.waitFor((e) => e.event.endsWith('purchase:approved') && JSON.stringify(e.body).includes(session.reference));
  expect(event.body).toMatchObject({ payload: { reference: session.reference, status: 'APPROVED' } });
});
