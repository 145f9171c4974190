/**
 * Issue #45, "Done when": /docs, the API reference of the gateway's own document, loads in
 * Chromium from the gateway alone (no other origin is asked for anything) with no console
 * error and no CSP violation, and a "try it" request from it succeeds against the sandbox:
 * the token endpoint, with the test client the document's example fills in. At 390 px wide
 * nothing scrolls sideways. Screenshots of both widths go to test-results (not the repo).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Console errors, CSP violations and requests to anywhere but the gateway, as they happen. */
async function watch(page: Page, gatewayUrl: string): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    if (!request.url().startsWith(`${gatewayUrl}/`)) problems.push(`request elsewhere: ${request.url()}`);
  });
  await page.exposeFunction('reportCspViolation', (line: string) => problems.push(`CSP: ${line}`));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(line: string): void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`);
    }),
  );
  return problems;
}

test('the API reference loads under its strict CSP and tries a request against the sandbox', async ({ page, gatewayUrl }, testInfo) => {
  const problems = await watch(page, gatewayUrl);
  const response = await page.goto(`${gatewayUrl}/docs#tag/authentication/POST/oauth/token`);
  const csp = response!.headers()['content-security-policy']!;
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*|https?:/);
  await expect(page.getByRole('heading', { name: 'Mock payment gateway', level: 1 })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('docs-1280.png') });

  await page.getByRole('button', { name: /test request/i }).filter({ visible: true }).first().click();
  // The example fills in the sandbox's test client; optional fields are sent once included.
  const client = page.getByRole('dialog');
  for (const field of ['client_id', 'client_secret']) await client.getByRole('checkbox', { name: `Include ${field} in request` }).check();
  const sent = page.waitForResponse((answer) => answer.url() === `${gatewayUrl}/oauth/token` && answer.request().method() === 'POST');
  await client.getByRole('button', { name: /^Send post request to/i }).click();
  const answer = await sent;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ token_type: 'Bearer', expires_in: 300 });
  await expect(client.getByText('200 OK')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('docs-try-it-1280.png') });
  expect(problems).toEqual([]);
});

test('the API reference fits a phone', async ({ page, gatewayUrl }, testInfo) => {
  const problems = await watch(page, gatewayUrl);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${gatewayUrl}/docs`);
  await expect(page.getByRole('heading', { name: 'Mock payment gateway', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('docs-390.png') });
  expect(problems).toEqual([]);
});

test('the dashboard links to the API reference', async ({ page, gatewayUrl }) => {
  await page.goto(`${gatewayUrl}/dashboard`);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'API reference' }).click();
  await expect(page).toHaveURL(`${gatewayUrl}/docs`);
  await expect(page.getByRole('heading', { name: 'Mock payment gateway', level: 1 })).toBeVisible();
});
