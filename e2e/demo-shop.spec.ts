/**
 * The demo shop as a shopper meets it: its own origin and backend, the script loaded from
 * the gateway with Subresource Integrity under the shop's strict CSP (the CSP the README
 * tells merchants to use), a payment approved end to end and its webhook verified.
 */
import { createHash } from 'node:crypto';
import { cardFrame, completeChallenge, fillCard } from '@payments/testing/playwright';
import { expect, fillShopper, test } from './fixtures/demo';

test('loads embedded-fields.js with integrity under the shop CSP, pays, and shows the verified webhook', async ({ page, demo, gatewayUrl }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto(demo.url);
  const csp = response!.headers()['content-security-policy']!;
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(csp).toContain(`script-src 'self' ${gatewayUrl}`);

  const script = page.locator(`script[src="${gatewayUrl}/embedded-fields.js"]`);
  const integrity = await script.getAttribute('integrity');
  const served = Buffer.from(await (await fetch(`${gatewayUrl}/embedded-fields.js`)).arrayBuffer());
  expect(integrity).toBe(`sha384-${createHash('sha384').update(served).digest('base64')}`);
  expect(await (await fetch(`${gatewayUrl}/sri.json`)).json()).toMatchObject({ 'embedded-fields.js': integrity });

  await fillShopper(page);
  await fillCard(cardFrame(page), { number: '4000000000000002', holderName: 'Ana Kovač' });
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page.getByText('Payment approved. Thank you!')).toBeVisible();
  await expect(page.getByText('this payment').first()).toBeVisible({ timeout: 15_000 });
  expect(violations).toEqual([]);
});

test('a redirect card leaves for the bank and the return page shows the status the backend verified', async ({ page, demo }) => {
  await page.goto(demo.url);
  await fillShopper(page);
  await fillCard(cardFrame(page), { number: '4000000000000010', holderName: 'Ana Kovač' });
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await completeChallenge(page, 'approve');
  await expect(page).toHaveURL(/\/return\?transaction_id=.+&status=APPROVED/);
  await expect(page.getByText(/approved/i).first()).toBeVisible();
});

test('a bad day at the gateway: the form that did not load comes back with Try again; a payment the gateway dropped is paid once', async ({ page, demo, gateway }) => {
  await gateway.request('POST', '/__mock/faults', { path: '/frames/card', mode: 'error', count: 5 });
  await page.goto(demo.url);
  await expect(page.getByText(/^Payment form could not load/)).toBeVisible();
  await gateway.request('DELETE', '/__mock/faults');
  await page.getByRole('button', { name: 'Try again' }).click();

  await fillShopper(page);
  await fillCard(cardFrame(page), { number: '4000000000000002', holderName: 'Ana Kovač' });
  await gateway.request('POST', '/__mock/faults', { path: '/api/transactions/authorize', mode: 'down', count: 5 });
  await page.getByRole('button', { name: /^Pay €/ }).click();
  const message = "The payment service didn't answer. Please try again: you won't be charged twice.";
  await expect(page.getByText('Payment not completed')).toBeVisible();
  await expect(page.getByText(message).first()).toBeVisible();
  await expect(page.getByText('Code: network_error')).toBeVisible();
  await gateway.request('DELETE', '/__mock/faults');
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page.getByText('Payment approved. Thank you!')).toBeVisible();
  await expect(page.getByText('Code: network_error')).toHaveCount(0);
  // The order's reference, as the result shows it: one transaction for it, approved.
  const reference = await page.locator('dt', { hasText: 'Order' }).locator('+ dd').textContent();
  const transactions = await gateway.request<{ transaction: { status: string } }[]>('GET', `/__mock/transactions?reference=${encodeURIComponent(reference!)}`);
  expect(transactions.map((t) => t.transaction.status)).toEqual(['APPROVED']);
});
