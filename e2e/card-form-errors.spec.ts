/**
 * The card form's errors as a shopper meets them, in real Chromium with the card frame on
 * another site than the merchant page: one problem said once, at its field, and gone when
 * fixed (no banner on the page repeating or contradicting it); the holder name asks for
 * the name on the card; the security code's label and placeholder follow the brand; the
 * frame's title follows the locale at mount and after changeLocale().
 */
import type { Page } from '@playwright/test';
import { messages, type LocaleTag } from '@payments/core';
import { cardFieldLabels, cardFrameTitle, readField } from '@payments/testing/playwright';
import { expect, fillShopper, test } from './fixtures/demo';
import { CheckoutPage } from './models/checkout-page';

const shopCard = (page: Page) => page.locator('#card-element iframe').first().contentFrame();

test('demo shop: an empty submit shows each error at its field only; fixing the fields clears them, and no banner stays', async ({ page, demo }) => {
  await page.goto(demo.url);
  const card = shopCard(page);
  const labels = cardFieldLabels('en-US');
  await card.getByLabel(labels.number, { exact: true }).waitFor();
  await fillShopper(page);
  await page.locator('#pay-button').click();

  const text = messages('en-US');
  await expect.poll(async () => (await readField(card, 'number', labels)).error).toBe(text.cardErrors.card_number_required);
  expect((await readField(card, 'expiry', labels)).error).toBe(text.cardErrors.expiry_required);
  expect((await readField(card, 'cvv', labels)).error).toBe(text.cardErrors.cvv_required);
  expect((await readField(card, 'holderName', labels)).error).toBe('Enter the name on the card.');
  // Said once: the page adds no banner of its own about the card.
  const result = page.locator('#result');
  await expect(result).toBeEmpty();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await card.getByLabel(labels.number, { exact: true }).fill('4000000000000002');
  await card.getByLabel(labels.expiry, { exact: true }).fill('12 / 30');
  await card.getByLabel('CVV', { exact: true }).fill('123');
  await card.getByLabel(labels.holderName, { exact: true }).fill('Ana Kovač');
  for (const field of ['number', 'expiry', 'cvv', 'holderName'] as const) {
    await expect.poll(async () => readField(card, field, labels)).toMatchObject({ invalid: false, error: '' });
  }
  await expect(card.getByText(/^Enter /)).toHaveCount(0);
  await expect(result).toBeEmpty();
});

test.describe('the test shop checkout', () => {
  const open = async (checkout: CheckoutPage, sessionId: string, locale: LocaleTag, config?: unknown) => checkout.open(sessionId, { locale, config });

  for (const locale of ['bs-BA', 'ro-RO', 'sv-SE'] as const) {
    test(`${locale}: the required holder name asks for the name on the card; invalid_card says the field's own message`, async ({ page, merchantOrigin, gatewayUrl, createSession }) => {
      const checkout = new CheckoutPage(page, merchantOrigin, gatewayUrl);
      await open(checkout, (await createSession()).id, locale, { customerConfig: { hasHolderName: true, holderNameRequired: true } });
      const labels = cardFieldLabels(locale);
      await checkout.fillCard({ number: '4000000000000002' });
      await checkout.pay();
      const text = messages(locale);
      await expect.poll(async () => (await readField(checkout.frame, 'holderName', labels)).error).toBe(text.cardErrors.holder_name_required);
      expect(text.cardErrors.holder_name_required).not.toBe(text.customerErrors.required);
      await expect(checkout.error).toHaveText(`invalid_card: ${text.cardErrors.holder_name_required}`);
      await checkout.cardField('holderName').fill('Ana Kovač');
      await expect.poll(async () => (await readField(checkout.frame, 'holderName', labels)).error).toBe('');
    });
  }

  test("the security code's label and placeholder follow the brand: CID and 4 digits for American Express", async ({ page, merchantOrigin, gatewayUrl, createSession }) => {
    const checkout = new CheckoutPage(page, merchantOrigin, gatewayUrl);
    await open(checkout, (await createSession()).id, 'en-US');
    const number = checkout.field('Card number');
    const code = () => checkout.frame.getByRole('textbox', { name: /^(CVV|CVC|CID|CVN)$/ });
    await expect(code()).toHaveAccessibleName('CVV');
    await expect(code()).toHaveAttribute('placeholder', '123');
    await number.fill('3782 822463 10005');
    await expect(code()).toHaveAccessibleName('CID');
    await expect(code()).toHaveAttribute('placeholder', '1234');
    await code().fill('1234');
    await expect(code()).toHaveValue('1234');
    await number.fill('5200000000000007');
    await expect(code()).toHaveAccessibleName('CVC');
    await expect(code()).toHaveAttribute('placeholder', '123');
    await number.fill('4000000000000002');
    await expect(code()).toHaveAccessibleName('CVV');
  });

  test("the card frame's title is in the component's locale at mount and follows changeLocale()", async ({ page, merchantOrigin, gatewayUrl, createSession }) => {
    const checkout = new CheckoutPage(page, merchantOrigin, gatewayUrl);
    await open(checkout, (await createSession()).id, 'ro-RO');
    const frame = page.locator('iframe').first();
    await expect(frame).toHaveAttribute('title', 'Plată securizată cu cardul');
    for (const locale of ['sv-SE', 'bs-BA', 'en-US'] as const) {
      await page.getByLabel('Language').selectOption(locale);
      await expect(frame).toHaveAttribute('title', cardFrameTitle(locale));
      await expect(checkout.frame.getByLabel(cardFieldLabels(locale).number, { exact: true })).toBeVisible();
    }
    await expect(frame).toHaveAccessibleName('Secure card payment');
  });
});
