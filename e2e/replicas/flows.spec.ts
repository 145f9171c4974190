/**
 * Through the balancer, with requests spread over both replicas: the QA kit's card flows
 * (frictionless, challenge, redirect), a saved card, the hosted page, refunds, and the
 * webhook inbox receiving each signed event once. Then each replica's access log shows it
 * did both kinds of work (API and ACS).
 */
import { TOKENIZATION_EVENT, type TokenizationWebhookData } from '@payments/core';
import { webhookTransactionId, type GatewayClient } from '@payments/testing';
import { cardFrame, completeChallenge, expect, fillCard, test } from '@payments/testing/playwright';
import { HostedPaymentPage } from '../models/hosted-page';
import { authorizeBody } from './order';
import { replicas } from './sandbox-control';

const approvedWebhook = (id: string) => (event: { event: string; body: unknown }) =>
  webhookTransactionId(event as never) === id && event.event.endsWith(':approved');

async function directPayment(gateway: GatewayClient, paymentMethod: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return gateway.authorize({ ...authorizeBody('replicas', paymentMethod), ...extra });
}

test.describe.configure({ mode: 'serial' });

test('frictionless card in the checkout page, with its signed webhook', async ({ page, createSession, checkoutUrl, webhooks, gateway }) => {
  const session = await createSession();
  await page.goto(checkoutUrl(session));
  await fillCard(cardFrame(page), { number: '4000000000000002' });
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('status')).toContainText('Approved');
  const event = await webhooks.waitFor((e) => JSON.stringify(e.body).includes(session.reference) && e.event.endsWith('purchase:approved'));
  expect((await gateway.status(webhookTransactionId(event)!)).transaction?.status).toBe('APPROVED');
});

test('3-D Secure challenge decided at the issuer, approved', async ({ page, createSession, checkoutUrl, webhooks }) => {
  const session = await createSession({ metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' } });
  await page.goto(checkoutUrl(session));
  await fillCard(cardFrame(page), { number: '4111111111111111' });
  await page.getByRole('button', { name: 'Pay' }).click();
  await completeChallenge(page, 'approve');
  await expect(page.getByRole('status')).toContainText('Approved');
  await webhooks.waitFor((e) => JSON.stringify(e.body).includes(session.reference) && e.event.endsWith('purchase:approved'));
});

test('hosted page: a redirect card at the issuer page, then success_url', async ({ page, createHostedPage, webhooks, merchantOrigin }) => {
  const hpp = new HostedPaymentPage(page);
  const { redirect_url: url } = await createHostedPage();
  await hpp.open(url);
  await hpp.payWithCard({ number: '4000000000000010' });
  await expect(page.getByRole('heading', { name: 'Verify your payment' })).toBeVisible();
  await hpp.answerFullPage('Approve');
  await expect(hpp.heading).toHaveText('Payment successful');
  await expect(page).toHaveURL(new RegExp(`^${merchantOrigin}/success\\?transaction_id=[^&]+&status=APPROVED$`), { timeout: 20_000 });
  const id = new URL(page.url()).searchParams.get('transaction_id')!;
  await webhooks.waitFor(approvedWebhook(id));
});

test('a saved card: saved on a first payment, then paid with on the other replica', async ({ gateway, webhooks }) => {
  const customer = await gateway.createCustomer();
  const first = await directPayment(gateway, { type: 'card', data: await gateway.encryptCard({ number: '4000000000000002' }) }, {
    customer: { id: customer.id },
    tokenization: { save_card_for_future_payments: true },
  });
  const token = first.result!.payment_method.token!;
  expect(token).toMatch(/^pm_/);
  await webhooks.waitFor((e) => e.event === TOKENIZATION_EVENT && (e.body as { data: TokenizationWebhookData }).data.payment_method_id === token);
  // Several payments in a row: round-robin sends them to both replicas.
  for (let i = 0; i < 2; i++) {
    const paid = await directPayment(gateway, { type: 'saved_card', data: { payment_method_id: token, encrypted_cvv: await gateway.encrypt('123') } }, { customer: { id: customer.id } });
    expect(paid.result).toMatchObject({ status: 'APPROVED', payment_method: { type: 'saved_card', token } });
    await webhooks.waitFor(approvedWebhook(paid.result!.id));
  }
});

test('refunds: partial refunds up to what was paid, never more, each with its webhook', async ({ gateway, webhooks }) => {
  const paid = await directPayment(gateway, { type: 'card', data: await gateway.encryptCard({ number: '4000000000000002' }) }, { amount: 3000 });
  const refund = () => gateway.send('POST', '/api/transactions/manage', { terminal_id: 'TERM00001', transaction_type: 'REFUND', reference: paid.result!.reference, amount: 1000, currency: 'EUR' });
  const answers = [await refund(), await refund(), await refund(), await refund()];
  expect(answers.map((a) => (a.body as { status?: string }).status ?? a.status)).toEqual(['APPROVED', 'APPROVED', 'APPROVED', expect.anything()]);
  expect((answers[3]!.body as { status?: string }).status).not.toBe('APPROVED');
  for (const answer of answers.slice(0, 3)) await webhooks.waitFor(approvedWebhook((answer.body as { id: string }).id));
  expect(webhooks.refused()).toBe(0);
});

test('each replica did both kinds of work: API calls and ACS pages', async () => {
  for (const replica of await replicas()) {
    const api = replica.log.filter((line) => / api (POST|GET) \/api\//.test(line));
    const acs = replica.log.filter((line) => / acs (POST|GET) \//.test(line) && !line.includes('/health'));
    expect(api.length, `replica ${replica.name}: API requests`).toBeGreaterThan(3);
    expect(acs.length, `replica ${replica.name}: ACS requests`).toBeGreaterThan(0);
  }
});
