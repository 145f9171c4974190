/**
 * What a shopper's browser asks the gateway for until the form is ready (#30), counted, not
 * timed: a card mounted as embedded-fields.js loads needs one frame request, its document
 * bringing its script; a card mounted later finds the script cached by the preload frame;
 * the hosted page's card field is usable from its document alone (the gateway's first view),
 * and in all it loads its document, one script and the logo. Nothing the
 * shopper has not asked for yet (the payment code, the encryption key, another locale's
 * catalog, the phone rules, the 3-D Secure dialog) is fetched before ready, nor until the
 * shopper is in a field.
 */
import type { Page } from '@playwright/test';
import { holdRequests } from './support/hold-requests';
import { expect, test } from './fixtures';
import { CheckoutPage } from './models/checkout-page';
import { HOSTED_PAGE_SCRIPT } from './models/hosted-page';

/** Every request to the gateway, in order: path (a hashed chunk by its name: `card` for /frames/assets/card-<hash>.js) and query. */
function recordGatewayRequests(page: Page, gatewayUrl: string): { name: string; search: URLSearchParams }[] {
  const requests: { name: string; search: URLSearchParams }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== new URL(gatewayUrl).origin) return;
    const chunk = /^\/(?:frames|hpp)\/assets\/(.+?)-[\w-]{8}\.(?:js|css)$/.exec(url.pathname);
    requests.push({ name: chunk ? `${chunk[1]}${url.pathname.endsWith('.css') ? '.css' : ''}` : url.pathname.replace(/^\/v[\d.]+\//, '/v{version}/'), search: url.searchParams });
  });
  return requests;
}

/**
 * Started as the frame's ready report leaves, or as the page hears it: penpal and the card
 * form's rules (`card-rules`) in the frame, embedded-fields-connect.js (penpal, on the page).
 * They may or may not have started by the time a test sees ready; nothing else may. That
 * they start only after the report is held by the test of the rules below.
 */
const AFTER_READY = new Set(['penpal', 'card-rules', '/v{version}/embedded-fields-connect.js']);
const RULES_CHUNK = /\/frames\/assets\/card-rules-[\w-]{8}\.js$/;

/** Holds every request for the card form's rules until `release()`. */
const holdCardRules = (page: Page) => holdRequests(page, RULES_CHUNK);

/** In the card frame: when its ready report left, and when its request for the rules started (performance timeline). */
async function reportAndRulesTimes(page: Page, gatewayUrl: string): Promise<{ report: number | undefined; rules: number | undefined }> {
  const frame = page.frames().find((f) => f.url().startsWith(`${gatewayUrl}/frames/card`));
  if (!frame) throw new Error('no card frame');
  return frame.evaluate(() => ({
    report: performance.getEntriesByName('ef-ready-report')[0]?.startTime,
    rules: performance.getEntriesByType('resource').find((entry) => /\/card-rules-[\w-]{8}\.js$/.test(entry.name))?.startTime,
  }));
}

const untilReady = (requests: { name: string }[]) => requests.map((r) => r.name).filter((name) => !AFTER_READY.has(name));

/** What only the shopper's first focus, a payment or changeLocale may load. */
const NOT_BEFORE_ASKED = /^(payment|payment-flow|brand-marks|customer-checks|lib|en-us|bs-ba|ro-ro|sv-se|\/api\/encryption-key|\/v\{version\}\/embedded-fields-actions\.js)$/;

test('a card mounted as the script loads: two requests until ready, the frame document bringing its script; no preload frame', async ({ page, merchantOrigin, gatewayUrl, createSession }) => {
  const requests = recordGatewayRequests(page, gatewayUrl);
  const checkout = new CheckoutPage(page, merchantOrigin, gatewayUrl);
  await checkout.open((await createSession()).id); // mounts in the script's load event
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');

  expect(untilReady(requests)).toEqual(['/embedded-fields.js', '/frames/card']);
  expect(requests.find((r) => r.name === '/frames/card')!.search.get('script')).toBe('inline');
  // Its configuration in the query: the gateway draws the form into the document (e2e/card-first-view.spec.ts).
  expect(requests.find((r) => r.name === '/frames/card')!.search.get('config')).toMatch(/^[\w-]+$/);
  await expect(checkout.cardField('number')).toBeVisible();
  // The merchant hears ready first: the page adds penpal's script in a task of its own after it.
  expect(await page.evaluate(() => (window as unknown as { events: { connectScriptAtReady: boolean } }).events.connectScriptAtReady)).toBe(false);

  // Then penpal on both sides, and nothing more until the shopper is in a field.
  await expect.poll(() => requests.map((r) => r.name)).toEqual(expect.arrayContaining([...AFTER_READY]));
  await page.waitForLoadState('networkidle');
  expect(requests.map((r) => r.name).filter((name) => NOT_BEFORE_ASKED.test(name))).toEqual([]);
  expect(requests.map((r) => r.name)).not.toContain('/frames/preload');
  expect(requests.map((r) => r.name)).not.toContain('card'); // its script came in its document

  // The shopper in a field: the payment code, the key and the page's 3-D Secure dialog; still no other catalog, no phone rules.
  await checkout.cardField('number').click();
  await expect.poll(() => requests.map((r) => r.name)).toEqual(expect.arrayContaining(['payment', '/api/encryption-key', '/v{version}/embedded-fields-actions.js']));
  expect(requests.map((r) => r.name).filter((name) => /^(customer-checks|en-us|bs-ba|ro-ro|sv-se|card)$/.test(name))).toEqual([]);
});

test('a card mounted after the page has loaded: the frame document alone, its script from the preload frame’s cache', async ({ page, merchantOrigin, gatewayUrl, createSession }) => {
  const requests = recordGatewayRequests(page, gatewayUrl);
  await page.goto(`${merchantOrigin}/later-mount?${new URLSearchParams({ gateway: gatewayUrl, session: (await createSession()).id })}`);
  await expect(page.locator('iframe[data-ef-preload]')).toHaveAttribute('data-ef-preload', 'loaded');
  expect(untilReady(requests)).toEqual(['/embedded-fields.js', '/frames/preload', 'card']);

  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  // The card document (no script inline) and its script, which the browser's cache answers (e2e/preload-frame.spec.ts).
  expect(untilReady(requests)).toEqual(['/embedded-fields.js', '/frames/preload', 'card', '/frames/card', 'card']);
  expect(requests.find((r) => r.name === '/frames/card')!.search.get('script')).toBeNull();
  await page.waitForLoadState('networkidle');
  expect(requests.map((r) => r.name).filter((name) => NOT_BEFORE_ASKED.test(name))).toEqual([]);
});

for (const mounted of ['as the script loads', 'after the page has loaded'] as const) {
  test(`the card form's rules, mounted ${mounted}: ready while they are held, asked for only once the ready report has left`, async ({ page, merchantOrigin, gatewayUrl, createSession }) => {
    const requests = recordGatewayRequests(page, gatewayUrl);
    const rules = await holdCardRules(page);
    const session = (await createSession()).id;
    if (mounted === 'as the script loads') await new CheckoutPage(page, merchantOrigin, gatewayUrl).open(session);
    else {
      await page.goto(`${merchantOrigin}/later-mount?${new URLSearchParams({ gateway: gatewayUrl, session })}`);
      await expect(page.locator('iframe[data-ef-preload]')).toHaveAttribute('data-ef-preload', 'loaded');
      // The preload frame's rehearsal draws an empty form: it needs no rules, and must not fetch them (the mount's bytes).
      expect(requests.map((r) => r.name)).not.toContain('card-rules');
      await page.getByRole('button', { name: 'Pay by card' }).click();
    }
    // Ready, drawn and focusable, while the rules are still held.
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    await expect(new CheckoutPage(page, merchantOrigin, gatewayUrl).cardField('number')).toBeVisible();
    await expect.poll(rules.asked).toBe(1);
    expect(requests.filter((r) => r.name === 'card-rules')).toHaveLength(1);

    rules.release();
    await expect.poll(async () => (await reportAndRulesTimes(page, gatewayUrl)).rules).toBeDefined();
    const { report, rules: rulesAsked } = await reportAndRulesTimes(page, gatewayUrl);
    expect(report).toBeDefined();
    expect(rulesAsked!).toBeGreaterThanOrEqual(report!);
  });
}

test('the hosted page: its card field usable from the document alone; three requests in all (no stylesheet, no texts or catalog), the page’s script once the first view is drawn; the paying code and the key only once asked for', async ({ page, gatewayUrl, createHostedPage }) => {
  const requests = recordGatewayRequests(page, gatewayUrl);
  const pageScript = await holdRequests(page, HOSTED_PAGE_SCRIPT);
  const { redirect_url: url } = await createHostedPage();
  await page.goto(url, { waitUntil: 'commit' }); // the page's script is held: wait for nothing it does
  const cardNumber = page.getByLabel('Card number', { exact: true });
  // The page's script is held back: the document alone (its first view, its inline stylesheet) makes the field usable.
  await expect(cardNumber).toBeEditable();
  await expect(cardNumber).toHaveCSS('font-size', '16px'); // styled by the inline stylesheet, not a browser default
  pageScript.release();
  await expect(page.locator('#hpp-first-view')).toHaveCount(0); // taken over by the page's script
  await page.waitForLoadState('networkidle');
  const [document, ...rest] = requests.map((r) => r.name);
  expect(document).toBe(new URL(url).pathname);
  expect(rest.sort()).toEqual(['/assets/merchant-logo.svg', 'index']);
  // The page's script is asked for once the first view has been drawn, not as the head is parsed.
  // The first paint's `paintTime` is the page's rendering of it; its `startTime` is when the
  // compositor showed it, which on a busy machine came after the page's next task (CI,
  // 2026-11-27: the script asked for at 457 ms, the paint shown at 520 ms).
  const { script, firstPaint } = await page.evaluate((source) => {
    const paint = performance.getEntriesByName('first-paint')[0] as (PerformanceEntry & { paintTime?: number }) | undefined;
    return {
      script: performance.getEntriesByType('resource').find((e) => new RegExp(source).test(e.name))?.startTime,
      firstPaint: paint ? (paint.paintTime ?? paint.startTime) : undefined,
    };
  }, HOSTED_PAGE_SCRIPT.source);
  expect(firstPaint).toBeDefined();
  expect(script).toBeGreaterThan(firstPaint!);

  expect(requests.map((r) => r.name).filter((name) => NOT_BEFORE_ASKED.test(name) || PAGE_TEXTS.test(name))).toEqual([]);
  await cardNumber.click();
  await expect.poll(() => requests.map((r) => r.name)).toEqual(expect.arrayContaining(['payment-flow', '/api/encryption-key']));
  expect(requests.map((r) => r.name).filter((name) => /^(customer-checks|en-us|bs-ba|ro-ro|sv-se)$/.test(name) || PAGE_TEXTS.test(name))).toEqual([]);
});

/** The hosted page's own texts of a language, a chunk each (the document brings the page's). */
const PAGE_TEXTS = /^(en-US|bs-BA|ro-RO|sv-SE)$/;
