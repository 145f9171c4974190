/**
 * Accessibility of the card component in every locale: axe-core finds no violations in the
 * merchant page with its secure frame (axe follows into the frame), errors are announced,
 * and a shopper pays with the keyboard alone.
 */
import AxeBuilder from '@axe-core/playwright';
import { cardFrame } from '@payments/testing/playwright';
import { expect, test as base } from '../fixtures';
import { CheckoutPage } from '../models/checkout-page';

const test = base.extend<{ checkout: CheckoutPage }>({
  checkout: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new CheckoutPage(page, merchantOrigin, gatewayUrl)),
});

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

const NUMBER_LABEL: Record<string, string> = { 'en-US': 'Card number', 'bs-BA': 'Broj kartice', 'ro-RO': 'Numărul cardului', 'sv-SE': 'Kortnummer' };

for (const locale of Object.keys(NUMBER_LABEL)) {
  test(`axe finds no violations in the card frame, ${locale}, with errors shown`, async ({ page, checkout, createSession }) => {
    await checkout.open((await createSession()).id, { locale, config: { customerConfig: { hasHolderName: true, hasHolderEmail: true } } });
    await checkout.field(NUMBER_LABEL[locale]!).fill('4000000000000003');
    await page.keyboard.press('Tab');
    // WCAG 2.2 A and AA. (axe's best-practice page rules, one main landmark and an h1, are
    // for whole pages: a card widget inside the merchant's page must not add a landmark.)
    const results = await new AxeBuilder({ page }).include('#card').withTags(WCAG_TAGS).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
}

test('a shopper pays with the keyboard alone, and the error is announced', async ({ page, checkout, createSession }) => {
  await checkout.open((await createSession()).id);
  // From the last field before the card, Tab walks into the frame and through its fields.
  await page.getByLabel('Email').focus();
  await page.keyboard.press('Tab');
  const frame = cardFrame(page);
  await expect(frame.getByLabel('Card number')).toBeFocused();
  await page.keyboard.type('4000000000000003');
  await page.keyboard.press('Tab');
  const error = frame.getByText(/card number is invalid/i);
  await expect(error).toBeVisible();
  // The error is in a live region (announced) and describes the field.
  await expect(frame.getByLabel('Card number')).toHaveAccessibleDescription(/invalid/i);
  await frame.getByLabel('Card number').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('4000000000000002');
  // Focus moves on by itself when a field is complete.
  await expect(frame.getByLabel('Expiry date')).toBeFocused();
  await page.keyboard.type('1234');
  await expect(frame.getByLabel('CVV')).toBeFocused();
  await page.keyboard.type('123');
  // Tab leaves the frame to the merchant's Pay button, and Enter pays.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Pay' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(checkout.result).toContainText('Approved');
});
