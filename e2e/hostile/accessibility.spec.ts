/**
 * Accessibility of the three components in every locale: axe-core finds no violations in
 * the merchant page with its secure frame (axe follows into the frame) while errors show:
 * the card, the saved card (expired, refused before sending) and the payment-method list (a
 * BLIK code too short). Then errors are announced, and a shopper pays with the keyboard alone.
 */
import { LOCALES, messages } from '@payments/core';
import { cardFrame } from '@payments/testing/playwright';
import { expect, test as base } from '../fixtures';
import { AlternativeMethodsPage } from '../models/alternative-methods-page';
import { CheckoutPage } from '../models/checkout-page';
import { SavedCardPage } from '../models/saved-card-page';
import { expectNoAxeViolations } from '../support/axe';

const test = base.extend<{ checkout: CheckoutPage; savedCard: SavedCardPage; methods: AlternativeMethodsPage }>({
  checkout: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new CheckoutPage(page, merchantOrigin, gatewayUrl)),
  savedCard: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new SavedCardPage(page, merchantOrigin, gatewayUrl)),
  methods: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new AlternativeMethodsPage(page, merchantOrigin, gatewayUrl)),
});

for (const locale of LOCALES) {
  const text = messages(locale);

  test.describe(`axe finds no violations, ${locale}`, () => {
    test('card, with holder name and email, and an error shown', async ({ page, checkout, createSession }) => {
      await checkout.open((await createSession()).id, { locale, config: { customerConfig: { hasHolderName: true, hasHolderEmail: true } } });
      await checkout.cardField('number').fill('4000000000000003');
      await page.keyboard.press('Tab');
      await expect(checkout.frame.getByText(text.cardErrors.card_number_invalid)).toBeVisible();
      await expectNoAxeViolations(page, { include: '#card' });
    });

    test('saved card, expired: refused before sending, the error shown', async ({ page, savedCard, createSession }) => {
      const card = { paymentMethodId: 'pm_axe', maskedPan: '400000******0002', expirationDate: '0120', cardBrand: 'VISA' };
      await savedCard.openSavedCard((await createSession()).id, card, locale);
      await savedCard.cvv(text.labels.cvv).fill('123');
      await savedCard.pay();
      await expect(savedCard.frame.getByText(text.savedCard.expiredError)).toBeVisible();
      await expectNoAxeViolations(page, { include: '#card' });
    });

    test('payment methods: BLIK chosen with its fields, a code too short', async ({ page, methods, createSession }) => {
      await methods.open((await createSession({ currency: 'PLN', amount: 19_900 })).id, { locale, config: { customerConfig: { hasHolderName: true, hasHolderEmail: true } } });
      await methods.method('BLIK').check();
      await methods.field(text.alternativeMethods.blikCode).fill('12');
      await methods.pay();
      await expect(methods.frame.getByText(text.alternativeMethods.blikInvalid)).toBeVisible();
      await expectNoAxeViolations(page, { include: '#methods' });
    });
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
