/**
 * The script by its exact-version URL with Subresource Integrity, in a real browser: a
 * merchant page on its own site (the QA kit's merchant site serving e2e/esm-loader/ and the
 * built ESM loader) loads embedded-fields.js through loadPaymentComponent(), which asks for
 * /v{version}/embedded-fields.js with the release's sha384; the card mounts and pays. A wrong
 * hash is refused by the browser.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardFrame, expect, fillCard, startMerchantSite, test, type MerchantSite } from '@payments/testing/playwright';

interface Sri {
  version: string;
  script: { url: string; integrity: string; major_url: string };
}

const EF_DIST = join(import.meta.dirname, '../packages/embedded-fields/dist');
let site: MerchantSite;
let root: string;

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'esm-loader-'));
  copyFileSync(join(import.meta.dirname, 'esm-loader/index.html'), join(root, 'index.html'));
  copyFileSync(join(EF_DIST, 'index.js'), join(root, 'loader.js'));
  site = await startMerchantSite({ root });
});
test.afterAll(async () => {
  await site.close();
  rmSync(root, { recursive: true, force: true });
});

test('loadPaymentComponent loads the exact version with its SRI hash; the card mounts and pays', async ({ page, gatewayUrl, createSession }) => {
  const sri = (await (await page.request.get(`${gatewayUrl}/sri.json`)).json()) as Sri;
  const script = await page.request.get(`${gatewayUrl}${sri.script.url}`);
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const session = await createSession({ originator_url: site.origin, return_url: `${site.origin}/return` });
  await page.goto(`${site.origin}/index.html?gateway=${encodeURIComponent(gatewayUrl)}&session=${session.id}`);
  await expect(page.locator('script[src$="/embedded-fields.js"]')).toHaveAttribute('src', `${gatewayUrl}${sri.script.url}`);
  await expect(page.locator('script[src$="/embedded-fields.js"]')).toHaveAttribute('integrity', sri.script.integrity);
  await fillCard(cardFrame(page), { number: '4000000000000002' });
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('status')).toHaveText('Approved APPROVED');
});

test('the 3-D Secure dialog comes from the same version with its own hash: a challenge opens; altered bytes are refused and no dialog opens', async ({ page, gatewayUrl, createSession }) => {
  const sri = (await (await page.request.get(`${gatewayUrl}/sri.json`)).json()) as Sri & { 'embedded-fields-actions.js': string };
  const actionsUrl = `${gatewayUrl}/v${sri.version}/embedded-fields-actions.js`;
  const open = async (): Promise<void> => {
    const session = await createSession({ originator_url: site.origin, return_url: `${site.origin}/return`, metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' } });
    await page.goto(`${site.origin}/index.html?gateway=${encodeURIComponent(gatewayUrl)}&session=${session.id}`);
    await fillCard(cardFrame(page), { number: '4111111111111111' });
    await page.getByRole('button', { name: 'Pay' }).click();
  };

  const served = await page.request.get(actionsUrl);
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await open();
  await expect(page.getByRole('dialog')).toBeVisible();

  // Served altered (a compromised CDN): the browser refuses it, no dialog; the shopper is told to try again.
  const original = await served.text();
  await page.route(actionsUrl, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', headers: { 'access-control-allow-origin': '*' }, body: `${original};alert(1)` }));
  await open();
  await expect(page.getByRole('status')).toHaveText('network_error');
  await expect(cardFrame(page).getByText("The payment service didn't answer. Please try again: you won't be charged twice.")).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a script that does not match its integrity hash is not run', async ({ page, gatewayUrl, createSession }) => {
  const session = await createSession({ originator_url: site.origin, return_url: `${site.origin}/return` });
  const wrong = `sha384-${Buffer.alloc(48).toString('base64')}`;
  await page.goto(`${site.origin}/index.html?gateway=${encodeURIComponent(gatewayUrl)}&session=${session.id}&integrity=${encodeURIComponent(wrong)}`);
  await expect(page.getByRole('alert')).toContainText('could not load');
  await expect(page.locator('iframe')).toHaveCount(0);
});
