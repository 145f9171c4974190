/**
 * The mock gateway's ACS simulator in real Chromium, framed by a merchant page on another
 * origin: the challenge posts CHALLENGE_RESPONSE to the framing page only, the CRes goes on
 * to the gateway, frame-ancestors keeps foreign pages out, and the full-page redirect comes
 * back to return_url. The merchant page is e2e/pages/frame-challenge.html on its own origin.
 */
import { uniqueReference, type GatewayClient } from '@payments/testing';
import { completeChallenge } from '@payments/testing/playwright';
import { TEST_BROWSER_INFO, decodeBase64Json, encodeBase64Json, type ExecutionResponse, type ThreeDsActionToken } from '@payments/core';
import { expect, test } from './fixtures';
import { foreignOf } from './support/foreign-origin';


async function challengeAction(gateway: GatewayClient, merchantOrigin: string, flow = 'VERSIONING_FINGERPRINT_Y_CHALLENGE'): Promise<ExecutionResponse> {
  const start = await gateway.authorize({
    reference: uniqueReference('acs'),
    terminal_id: 'TERM00001',
    description: 'ACS e2e',
    currency: 'EUR',
    amount: 2500,
    transaction_type: 'PURCHASE',
    payment_method: { type: 'card', data: await gateway.encryptCard({ number: '4111111111111111' }) },
    browser_info: TEST_BROWSER_INFO,
    return_url: `${merchantOrigin}/return`,
    originator_url: merchantOrigin,
    metadata: { simulated_flow: flow },
  });
  return gateway.requestAuthentication(start.action!.session_id, {
    fingerprint_result: btoa('Y'),
    payment_data: start.action!.payment_data,
  });
}

/** The merchant page that frames the challenge (and records the window messages it gets). */
function challengePage(origin: string, challenge: ExecutionResponse): string {
  const token = decodeBase64Json<ThreeDsActionToken>(challenge.action!.token);
  const creq = encodeBase64Json({
    threeDSServerTransID: token.three_ds_server_trans_id,
    acsTransID: token.acs_trans_id,
    messageVersion: token.message_version,
    messageType: 'CReq',
    challengeWindowSize: token.challenge_window_size,
  });
  return `${origin}/frame-challenge?${new URLSearchParams({ acs_url: token.acs_url, creq })}`;
}

test('the challenge answers the framing merchant page from the ACS origin, then authentication completes', async ({ page, gateway, merchantOrigin, acsUrl }) => {
  const challenge = await challengeAction(gateway, merchantOrigin);
  await page.goto(challengePage(merchantOrigin, challenge));

  const frame = page.frameLocator('iframe[title="3-D Secure challenge"]');
  await expect(frame.getByRole('heading', { name: 'Verify your payment' })).toBeVisible();
  await frame.getByRole('button', { name: 'Approve' }).click();

  await expect.poll(() => page.evaluate(() => (window as unknown as { messages: unknown[] }).messages)).toEqual([
    { origin: acsUrl, data: JSON.stringify({ type: 'CHALLENGE_RESPONSE', trans_status: 'Y' }) },
  ]);
  // The CRes continued to the gateway's default EF/Direct notification page inside the frame.
  await expect(frame.getByText('Verification complete.')).toBeVisible();

  const done = await gateway.authenticationCompleted({
    payment_data: challenge.action!.payment_data,
    session_id: challenge.action!.session_id,
    trans_status: 'Y',
  });
  expect(done.result).toMatchObject({ status: 'APPROVED', approved: true });
});

test('a declined challenge reports N to the page and declines', async ({ page, gateway, merchantOrigin }) => {
  const challenge = await challengeAction(gateway, merchantOrigin);
  await page.goto(challengePage(merchantOrigin, challenge));
  await page.frameLocator('iframe[title="3-D Secure challenge"]').getByRole('button', { name: 'Decline' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { messages: { data: string }[] }).messages.map((m) => m.data)))
    .toEqual([JSON.stringify({ type: 'CHALLENGE_RESPONSE', trans_status: 'N' })]);
  const done = await gateway.authenticationCompleted({
    payment_data: challenge.action!.payment_data,
    session_id: challenge.action!.session_id,
    trans_status: 'Y',
  });
  expect(done.result?.status).toBe('DECLINED');
});

test('a page on a foreign origin cannot frame the challenge', async ({ page, gateway, merchantOrigin }) => {
  const challenge = await challengeAction(gateway, merchantOrigin);
  const blocked = page.waitForEvent('console', (m) => /frame-ancestors|Refused to frame/i.test(m.text()));
  await page.goto(challengePage(foreignOf(merchantOrigin), challenge));
  await blocked;
  await expect(page.frameLocator('iframe[title="3-D Secure challenge"]').getByRole('button', { name: 'Approve' })).toHaveCount(0);
});

test('the full-page redirect step returns to return_url with transaction_id and status', async ({ page, gateway, merchantOrigin }) => {
  const start = await gateway.authorize({
    reference: uniqueReference('redirect'),
    terminal_id: 'TERM00001',
    description: 'Redirect e2e',
    currency: 'EUR',
    amount: 2500,
    transaction_type: 'PURCHASE',
    payment_method: { type: 'card', data: await gateway.encryptCard({ number: '4000000000000010' }) },
    browser_info: TEST_BROWSER_INFO,
    return_url: `${merchantOrigin}/return`,
  });
  await page.goto(start.redirect!.url);
  await expect(page.getByRole('heading', { name: 'Verify your payment' })).toBeVisible();
  await completeChallenge(page, 'approve');
  await expect(page).toHaveURL(`${merchantOrigin}/return?transaction_id=${start.redirect!.transaction_id}&status=APPROVED`);
  expect((await gateway.status(start.redirect!.transaction_id)).transaction?.status).toBe('APPROVED');
});

test('ACS pages run under a strict CSP with no inline script outside the nonce', async ({ page, gateway, merchantOrigin }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const start = await gateway.authorize({
    reference: uniqueReference('csp'),
    terminal_id: 'TERM00001',
    description: 'CSP e2e',
    currency: 'EUR',
    amount: 2500,
    transaction_type: 'PURCHASE',
    payment_method: { type: 'card', data: await gateway.encryptCard({ number: '4000000000000010' }) },
    browser_info: TEST_BROWSER_INFO,
    return_url: `${merchantOrigin}/return`,
  });
  const response = await page.goto(start.redirect!.url);
  const csp = response!.headers()['content-security-policy']!;
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("require-trusted-types-for 'script'");
  await expect(page.getByRole('button', { name: 'Decline' })).toBeVisible();
  expect(violations).toEqual([]);
});
