/**
 * Issue #28, "Done when": with the demo shop in front of the gateway, pay with a challenge,
 * open /dashboard, and the payment's timeline shows the session, the challenge decided at the
 * issuer, the result and its webhook attempts; stop the shop's webhook receiver, pay again,
 * and the failing attempts appear live (no reload); start the receiver, press Resend, and the
 * delivery shows as acknowledged. axe-clean, and usable at 1280 and 390 px wide.
 *
 * The shop's receiver is reached through a relay on a port of its own (the webhook URL), so
 * it can be stopped and started while the shop itself keeps taking payments.
 * At 390 px nothing scrolls sideways. UPDATE_SCREENS=1 also writes docs/screens/dashboard/*.png
 * (the list and the timeline at both widths).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { cardFrame, completeChallenge, fillCard } from '@payments/testing/playwright';
import { expectNoAxeViolations } from './support/axe';
import { expect, fillShopper, test } from './fixtures/demo';

const SCREENS = process.env.UPDATE_SCREENS ? 'docs/screens/dashboard' : null;

/** The shop's webhook endpoint behind a relay that can be stopped (connection refused) and started again. */
class ReceiverRelay {
  private server: Server | null = null;
  port = 0;
  constructor(private readonly target: string) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/webhooks`;
  }

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
        fetch(this.target, { method: 'POST', headers, body: Buffer.concat(chunks) })
          .then(async (answer) => response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' }).end(await answer.text()))
          .catch(() => response.writeHead(502).end());
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function payWithChallenge(page: Page, shopUrl: string): Promise<void> {
  await page.goto(shopUrl);
  await page.getByLabel('Test scenario').selectOption('VERSIONING_FINGERPRINT_Y_CHALLENGE');
  await fillShopper(page);
  await fillCard(cardFrame(page), { number: '4111111111111111', holderName: 'Ana Kovač' });
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await completeChallenge(page, 'approve');
  await expect(page.getByText('Thank you, your payment was approved')).toBeVisible();
}

/** The page at `width`: nothing wider than the window (no sideways scrolling); its screenshot with UPDATE_SCREENS. */
async function screen(page: Page, name: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (!SCREENS) return;
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/${name}-${width}.png`, fullPage: true });
}

test('the dashboard shows a challenged payment’s timeline, failing attempts live, and Resend acknowledged', async ({ page, context, demo, testGateway, gateway }) => {
  test.setTimeout(300_000); // two payments through 3-D Secure and a shop: minutes on a loaded 2-core machine
  const webhooks = testGateway.running.ctx.webhooks;
  const relay = new ReceiverRelay(`${demo.url}/webhooks`);
  await relay.start();
  webhooks.setUrl(relay.url);
  // A delivery gives up within a second while the receiver is down: only Resend can deliver it then.
  const horizon = testGateway.running.ctx.config.webhook_retry_horizon_ms;
  await gateway.request('POST', '/__mock/config', { webhook_retry_horizon_ms: 800 });
  try {
    await payWithChallenge(page, demo.url);

    const board = await context.newPage();
    await board.setViewportSize({ width: 1280, height: 900 });
    await board.goto(`${testGateway.url}/dashboard`);
    await expect(board.getByRole('heading', { level: 1, name: 'Mock gateway dashboard' })).toBeVisible();
    await expect(board.getByText('Live', { exact: true })).toBeVisible();
    const first = board.getByRole('link', { name: /^Timeline of NW-.*, approved$/ });
    await expect(first).toHaveCount(1);
    await expectNoAxeViolations(board, { bestPractice: true });
    await screen(board, 'list', 1280);
    await screen(board, 'list', 390);
    await board.setViewportSize({ width: 1280, height: 900 });

    await first.click();
    const timeline = board.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByRole('heading', { name: 'Session' })).toBeVisible();
    await expect(timeline).toContainText('Embedded Fields session');
    await expect(timeline.getByRole('heading', { name: 'Authorize request' })).toBeVisible();
    await expect(timeline).toContainText('411111******1111');
    await expect(timeline).not.toContainText('4111111111111111');
    const challenge = timeline.getByRole('list', { name: '3-D Secure steps' }).getByRole('listitem').filter({ hasText: 'Challenge decided at the issuer' });
    await expect(challenge).toContainText("decided by the issuer's page");
    await expect(challenge).toContainText('trans_status Y');
    await expect(timeline.getByRole('heading', { name: 'Result' })).toBeVisible();
    await expect(timeline).toContainText('APPROVED');
    const approved = timeline.getByRole('article', { name: /Webhook purchase approved/ });
    await expect(approved).toContainText('Acknowledged');
    const attempts = approved.getByRole('table', { name: 'Attempts of the purchase approved webhook' });
    await expect(attempts.getByRole('row')).toHaveCount(2); // the header and one attempt
    await expect(attempts).toContainText(relay.url);
    await expect(attempts.getByRole('cell', { name: '200' })).toBeVisible();
    await expect(attempts).toContainText(' ms');
    await expectNoAxeViolations(board, { bestPractice: true });
    await screen(board, 'timeline', 1280);
    await screen(board, 'timeline', 390);
    await board.setViewportSize({ width: 1280, height: 900 });

    // The receiver stops; a second payment's attempts fail, and show up without a reload.
    await board.getByRole('link', { name: 'Webhooks' }).click();
    await board.getByLabel('Failing only').check();
    await expect(board.getByText('No webhook deliveries match.')).toBeVisible();
    await board.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await relay.stop();
    await payWithChallenge(page, demo.url);
    const failing = board.getByRole('row').filter({ hasText: 'purchase approved' });
    await expect(failing).toHaveCount(1, { timeout: 15_000 });
    await expect(failing).toContainText('Failed (gave up)', { timeout: 15_000 });
    expect(await board.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    await failing.getByRole('link', { name: /purchase approved/ }).click();
    const resent = board.getByRole('article', { name: /Webhook purchase approved/ });
    await expect(resent).toContainText('ECONNREFUSED');

    // The receiver is back: Resend, confirmed, and the delivery is acknowledged.
    await relay.start();
    // By keyboard: Enter on Resend opens the confirmation with its first button focused; Escape
    // cancels it (nothing sent), and Enter on Resend again, then on the focused confirm, sends it.
    const resend = resent.getByRole('button', { name: 'Resend the purchase approved webhook' });
    await resend.focus();
    await board.keyboard.press('Enter');
    const dialog = board.getByRole('dialog', { name: 'Resend this webhook?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Resend' })).toBeFocused();
    await board.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(resent).toContainText('Failed (gave up)');
    await resend.focus();
    await board.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Resend' })).toBeFocused();
    await board.keyboard.press('Enter');
    await expect(board.getByRole('status')).toHaveText('Resent the purchase approved webhook');
    await expect(resent).toContainText('Acknowledged', { timeout: 15_000 });
    await expect(resent.getByRole('cell', { name: /resend 1/ })).toBeVisible();
    await expect(resent.getByRole('cell', { name: '200' })).toBeVisible();
    // The acknowledgement arrived by a live reload; the Resend's own message still stands.
    await expect(board.getByRole('status')).toHaveText('Resent the purchase approved webhook');
  } finally {
    await gateway.request('POST', '/__mock/config', { webhook_retry_horizon_ms: horizon });
    webhooks.setUrl(`${demo.url}/webhooks`);
    await relay.stop();
  }
});
