/**
 * Hostile pages and hostile input against the card component, in real Chromium: a foreign
 * origin framing a session's card frame, a forged ready report or CHALLENGE_RESPONSE from
 * another window, markup and script in what a merchant passes, and fuzzed pastes into the
 * real card field.
 */
import fc from 'fast-check';
import { luhnCheck } from '@payments/core';
import { completeChallenge } from '@payments/testing/playwright';
import { expect, test as base } from '../fixtures';
import { CheckoutPage } from '../models/checkout-page';
import { foreignOf, foreignUrl } from '../support/foreign-origin';

const test = base.extend<{ checkout: CheckoutPage }>({
  checkout: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new CheckoutPage(page, merchantOrigin, gatewayUrl)),
});

/** Full-width digits, as a Japanese or Chinese IME types them. */
const fullWidth = (digits: string) => [...digits].map((d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)).join('');

// As a 1.0 script asks for the frame (no parent_origin), naming the merchant's origin, and naming its own.
for (const claim of ['none', 'merchant', 'own'] as const) {
  test(`a foreign origin cannot mount a session’s card frame (parent_origin: ${claim})`, async ({ page, createSession, gatewayUrl, merchantOrigin }) => {
    const session = await createSession();
    const blocked = page.waitForEvent('console', (m) => /frame-ancestors|Refused to frame/i.test(m.text()));
    await page.goto(`${foreignOf(merchantOrigin)}/return`);
    const parent = { none: undefined, merchant: merchantOrigin, own: foreignOf(merchantOrigin) }[claim];
    const query = new URLSearchParams({ session_id: session.id, client_key: 'test-client-key', v: '1', ...(parent ? { parent_origin: parent } : {}) });
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = 'stolen';
      document.body.append(frame);
    }, `${gatewayUrl}/frames/card?${query}`);
    await blocked;
    await expect(page.frameLocator('iframe[title="stolen"]').getByLabel('Card number')).toHaveCount(0);
  });
}

test('a ready report forged by any window but the card frame opens nothing', async ({ page, checkout, createSession, gateway, gatewayUrl, merchantOrigin }) => {
  const session = await createSession();
  // The card frame will not load (the gateway answers 500), so only a forgery could open it.
  await gateway.request('POST', '/__mock/faults', { path: '/frames/card', mode: 'error', count: 2 }); // both mounts below
  await checkout.open(session.id, { waitReady: false });
  // The very message the frame posts, from three other windows: a frame of another site, a
  // frame of the gateway's own origin that is not the card frame (a health check's answer:
  // frameable, and opened by nothing else), and the merchant page.
  const forged = { channel: 'embedded-fields', type: 'ready', report: { kind: 'ready', height: 480 } };
  const forgers = [`${foreignOf(merchantOrigin)}/return`, `${gatewayUrl}/health/live`];
  await page.evaluate((sources) => {
    for (const src of sources) {
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = 'forger';
      document.body.append(frame);
    }
  }, forgers);
  await expect.poll(() => forgers.every((url) => page.frames().some((f) => f.url() === url))).toBe(true);
  for (const target of [...forgers.map((url) => page.frames().find((f) => f.url() === url)!), page.mainFrame()]) {
    await target.evaluate(
      ([message, origin]) => setInterval(() => window.parent.postMessage(message, origin), 20),
      [forged, merchantOrigin] as const,
    );
  }
  await expect(checkout.error).toHaveText(/^frame_load_failed: /, { timeout: 10_000 });
  await expect(page.locator('body')).not.toHaveAttribute('data-ready', 'true');

  // The same message from the card frame's own window (here the gateway's error page, which
  // Playwright can script) is taken: what kept the forgeries out is where they came from.
  await checkout.reloadFormButton.click();
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(`${gatewayUrl}/frames/card`))).toBe(true);
  const cardFrame = page.frames().find((f) => f.url().startsWith(`${gatewayUrl}/frames/card`))!;
  await cardFrame.evaluate(([message, origin]) => window.parent.postMessage(message, origin), [forged, merchantOrigin] as const);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTitle('Secure card payment')).toHaveCSS('height', '480px');
  await gateway.request('DELETE', '/__mock/faults');
});

test('a forged CHALLENGE_RESPONSE from a non-ACS origin is ignored', async ({ page, checkout, createSession, merchantOrigin, gateway }) => {
  const session = await createSession({ metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' } });
  await checkout.open(session.id);
  await checkout.fillCard({ number: '4111111111111111' });
  await checkout.pay();
  await expect(checkout.challenge().dialog).toBeVisible();
  // A frame from another origin on the merchant page forges the ACS's answer.
  await page.evaluate((src) => {
    const spy = document.createElement('iframe');
    spy.src = src;
    spy.title = 'forger';
    document.body.append(spy);
  }, `${foreignOf(merchantOrigin)}/return`);
  await expect.poll(() => page.frame({ url: foreignUrl(merchantOrigin, '/return') }) !== null).toBe(true);
  const forger = page.frame({ url: foreignUrl(merchantOrigin, '/return') })!;
  await forger.waitForLoadState();
  await forger.evaluate((target) => {
    for (const data of [JSON.stringify({ type: 'CHALLENGE_RESPONSE', trans_status: 'Y' }), { type: 'CHALLENGE_RESPONSE', trans_status: 'Y' }]) {
      window.parent.postMessage(data, target);
    }
  }, merchantOrigin);
  // Still waiting for the shopper: no callback, the dialog stays, nothing authenticated.
  await expect(checkout.challenge().dialog).toBeVisible();
  expect(await checkout.callbacks()).toEqual([]);
  const [record] = await gateway.request<{ trans_status: string | null; transaction: { status: string } }[]>(
    'GET',
    `/__mock/transactions?reference=${encodeURIComponent(session.reference)}`,
  );
  expect(record).toMatchObject({ trans_status: null, transaction: { status: 'CREATED' } });
  // The real ACS answer still completes it.
  await completeChallenge(page, 'decline');
  await expect(checkout.result).toContainText('Declined');
});

test('markup and script in what the merchant passes never execute', async ({ page, checkout, createSession }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>';
  await checkout.open((await createSession()).id, {
    config: {
      customerConfig: { hasHolderName: true },
      styles: { '--ef-color-text': 'red;background:url(javascript:alert(3))', '--ef-font-family': '</style><script>alert(4)</script>' },
    },
  });
  await checkout.fillCard({ number: '4000000000000002', holderName: hostile });
  await page.getByLabel('First name').fill(hostile);
  await checkout.pay();
  const [callback] = await checkout.callbacks(1);
  // Refused with a clear message per field, before anything is sent.
  expect(callback?.error).toMatchObject({ code: 'invalid_customer' });
  await expect(checkout.error).toContainText('firstName: Remove the characters');
  expect(dialogs).toEqual([]);
  // The holder name field drops markup characters as they are typed.
  await expect(checkout.cardField('holderName')).not.toHaveValue(/[<>]/);
});

test('the card frame is served with Trusted Types enforced and no inline script', async ({ page, createSession, gatewayUrl, merchantOrigin }) => {
  const session = await createSession();
  const response = await page.request.get(`${gatewayUrl}/frames/card?session_id=${session.id}&client_key=test-client-key&v=1`);
  const csp = response.headers()['content-security-policy']!;
  expect(csp).toContain("require-trusted-types-for 'script'");
  expect(csp).toContain(`frame-ancestors ${merchantOrigin}`);
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
});

test('fuzzed pastes never make the number field report a card that is not one', async ({ page, checkout, createSession }) => {
  await checkout.open((await createSession()).id);
  const field = checkout.cardField('number');
  const samples = fc.sample(
    fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.stringMatching(/^[0-9 \-.]{10,30}$/),
      fc.constantFrom(
        '4000 0000 0000 0002',
        '4000-0000-0000-0002',
        '\u200f4000000000000002\u200e',
        fullWidth('4000000000000002'),
        '4000000000000002🎉',
        '٤٠٠٠٠٠٠٠٠٠٠٠٠٠٠٢',
        '4'.repeat(10_000),
        '<script>4000000000000002</script>',
      ),
      fc.array(fc.constantFrom('4', '0', '2', ' ', '-', 'a', '€', '\u202e'), { maxLength: 30 }).map((chars) => chars.join('')),
    ),
    { numRuns: 40, seed: 20261121 },
  );
  for (const text of samples) {
    await field.fill(text);
    const shown = await field.inputValue();
    const state = await page.evaluate(() => (window as unknown as { events: { lastState?: { fields: { number?: { valid: boolean } } } } }).events.lastState);
    const digits = shown.replace(/\D/g, '');
    expect(shown.length, JSON.stringify(text)).toBeLessThanOrEqual(23);
    if (state?.fields.number?.valid) {
      expect(digits.length >= 12 && digits.length <= 19 && luhnCheck(digits), `${JSON.stringify(text)} → ${shown}`).toBe(true);
    }
  }
  // IME: composed full-width digits commit as digits.
  await field.fill('');
  await field.focus();
  await page.keyboard.insertText(fullWidth('4000000000000002'));
  await expect(field).toHaveValue('4000 0000 0000 0002');
});
