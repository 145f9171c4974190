/**
 * The one 3-D Secure challenge dialog as a shopper meets it on a merchant page (Embedded
 * Fields) and on the hosted page: a real modal named by its title, focus kept inside (30
 * Tabs and 30 Shift+Tabs), Escape cancels with `challenge_canceled` to the merchant, the page
 * behind does not scroll while it is open, and it fits a 375x667 phone screen.
 */
import type { Page } from '@playwright/test';
import { expect, test as base } from './fixtures';
import { CheckoutPage } from './models/checkout-page';
import { HostedPaymentPage } from './models/hosted-page';

const CHALLENGE_FLOW = { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' };
const CHALLENGE_CARD = '4111111111111111';

const test = base.extend<{ checkout: CheckoutPage; hpp: HostedPaymentPage }>({
  checkout: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new CheckoutPage(page, merchantOrigin, gatewayUrl)),
  hpp: async ({ page }, use) => use(new HostedPaymentPage(page)),
});

/** Where focus is, seen from the page: the dialog's close button, its ACS frame, or elsewhere. */
function focusedPart(page: Page): Promise<string> {
  return page.evaluate(() => {
    const holder = document.querySelector('[data-embedded-fields="challenge"]');
    const inner = holder?.shadowRoot?.activeElement;
    if (document.activeElement !== holder || !inner) return `outside: ${document.activeElement?.tagName ?? 'none'}`;
    return inner.tagName === 'IFRAME' ? 'acs' : inner.tagName === 'BUTTON' ? 'close' : `inside: ${inner.tagName}`;
  });
}

test.describe('on the merchant page (Embedded Fields)', () => {
  test('a modal named by its title; Tab and Shift+Tab stay inside; Escape cancels with challenge_canceled', async ({ page, checkout, createSession }) => {
    test.slow(); // 60 key presses, each checked
    await checkout.open((await createSession({ metadata: CHALLENGE_FLOW })).id);
    await expect(page.locator('iframe[title="Secure card payment"]')).toHaveAttribute('allow', 'payment');
    await checkout.fillCard({ number: CHALLENGE_CARD });
    await checkout.pay();
    const dialog = page.getByRole('dialog', { name: 'Bank verification' });
    await expect(dialog.getByTitle('Bank verification').contentFrame().getByRole('button', { name: 'Approve' })).toBeVisible();
    expect(await dialog.evaluate((node) => node.matches(':modal'))).toBe(true);
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 30; i += 1) {
        await page.keyboard.press(key);
        expect(await focusedPart(page), `${key} #${i + 1}`).toMatch(/^(close|acs)$/);
      }
    }

    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(checkout.error).toHaveText(/^challenge_canceled: .+/);
    const [callback] = await checkout.callbacks(1);
    expect(callback?.error?.code).toBe('challenge_canceled');
    expect((await checkout.onErrorCalls(1)).map((e) => (e as { code: string }).code)).toContain('challenge_canceled');
  });

  test('the page behind does not scroll while it is open, and scrolls again after', async ({ page, checkout, createSession }) => {
    await checkout.open((await createSession({ metadata: CHALLENGE_FLOW })).id);
    // A long merchant page.
    await page.evaluate(() => document.body.append(Object.assign(document.createElement('div'), { style: 'height: 4000px' })));
    await checkout.fillCard({ number: CHALLENGE_CARD });
    await checkout.pay();
    const dialog = page.getByRole('dialog', { name: 'Bank verification' });
    await expect(dialog).toBeVisible();
    const before = await page.evaluate(() => scrollY);
    await page.mouse.wheel(0, 1500);
    await page.keyboard.press('End');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    expect(await page.evaluate(() => scrollY)).toBe(before);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('visible');
  });

  test('fits a 375x667 screen, full screen', async ({ page, checkout, createSession }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await checkout.open((await createSession({ metadata: CHALLENGE_FLOW })).id);
    await checkout.fillCard({ number: CHALLENGE_CARD });
    await checkout.pay();
    const dialog = page.getByRole('dialog', { name: 'Bank verification' });
    const approve = dialog.getByTitle('Bank verification').contentFrame().getByRole('button', { name: 'Approve' });
    await expect(approve).toBeVisible();
    expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 667 });
    const frame = (await dialog.getByTitle('Bank verification').boundingBox())!;
    expect(frame.x).toBeGreaterThanOrEqual(0);
    expect(frame.x + frame.width).toBeLessThanOrEqual(375);
    expect(frame.y + frame.height).toBeLessThanOrEqual(667);
    await approve.click();
    await expect(checkout.result).toContainText('Approved APPROVED');
  });
});

test.describe('on the hosted page', () => {
  test('the same modal: named, focus kept inside, fits 375x667, Close cancels', async ({ page, hpp, createHostedPage }) => {
    test.slow(); // 30 key presses, each checked
    await page.setViewportSize({ width: 375, height: 667 });
    await hpp.open((await createHostedPage({ terminal_id: 'TERM00002', metadata: CHALLENGE_FLOW })).redirect_url);
    await hpp.payWithCard({ number: CHALLENGE_CARD });
    const { dialog, acs } = hpp.challenge();
    await expect(acs.getByRole('button', { name: 'Approve' })).toBeVisible();
    expect(await dialog.evaluate((node) => node.matches(':modal'))).toBe(true);
    expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 667 });
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusedPart(page), `Tab #${i + 1}`).toMatch(/^(close|acs)$/);
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(hpp.banner).toContainText('Verification was canceled. You can try again.');
  });
});
