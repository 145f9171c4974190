/**
 * Accessible names the merchant sets (issue 44): each field's label through `translations`
 * (`card.<field>.label`) is its accessible name, the CVV's too once a brand is typed (the
 * merchant's word wins over the brand's name for its code), and `hideLabels` hides the
 * visible labels while keeping those names; in one frame and in split fields alike.
 */
import { TEST_CARDS } from '@payments/testing';
import { expect, test as base } from './fixtures';
import { CheckoutPage } from './models/checkout-page';
import { SplitCheckoutPage } from './models/split-checkout-page';

const test = base.extend<{ checkout: CheckoutPage; split: SplitCheckoutPage }>({
  checkout: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new CheckoutPage(page, merchantOrigin, gatewayUrl)),
  split: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new SplitCheckoutPage(page, merchantOrigin, gatewayUrl)),
});

const FRICTIONLESS = TEST_CARDS.find((c) => c.scenario === 'frictionless-approved' && c.network === 1)!.number;
const NAMES = {
  translations: {
    'en-US': { 'card.number.label': 'Long number on the front', 'card.expiry.label': 'Valid until', 'card.cvv.label': 'Three digits on the back' },
    'sv-SE': { 'card.number.label': 'Numret på framsidan', 'card.expiry.label': 'Giltigt till', 'card.cvv.label': 'Tre siffror på baksidan' },
  },
};

for (const locale of ['en-US', 'sv-SE'] as const) {
  test(`one frame, ${locale}: the merchant's labels are the fields' names, the CVV's after a brand too; hideLabels hides them and keeps the names`, async ({ checkout, createSession }) => {
    await checkout.open((await createSession()).id, { locale, config: { ...NAMES, hideLabels: true } });
    const names = NAMES.translations[locale];
    await checkout.frame.getByRole('textbox', { name: names['card.number.label'], exact: true }).fill(FRICTIONLESS);
    await checkout.frame.getByRole('textbox', { name: names['card.expiry.label'], exact: true }).fill('12 / 35');
    // A Visa number is typed: the merchant's CVV label stays (not the brand's "CVV").
    await checkout.frame.getByRole('textbox', { name: names['card.cvv.label'], exact: true }).fill('123');
    for (const label of await checkout.frame.locator('label').all()) {
      const box = (await label.boundingBox())!;
      expect(box.width * box.height).toBeLessThanOrEqual(1); // visually hidden, still in the accessibility tree
    }
    await checkout.pay();
    await expect(checkout.result).toContainText('Approved APPROVED 0000');
  });
}

test('split fields: each frame names its field by the merchant\'s label, labels hidden; the frames are lower without them', async ({ split, createSession }) => {
  const session = (await createSession()).id;
  await split.open(session);
  const shown = (await split.page.locator('#card-number iframe').boundingBox())!.height;
  await split.open(session, { config: { ...NAMES, hideLabels: true } });
  const names = NAMES.translations['en-US'];
  await expect(split.fields.frame('number').getByRole('textbox', { name: names['card.number.label'], exact: true })).toBeEditable();
  await expect(split.fields.frame('expiry').getByRole('textbox', { name: names['card.expiry.label'], exact: true })).toBeEditable();
  await expect(split.fields.frame('cvv').getByRole('textbox', { name: names['card.cvv.label'], exact: true })).toBeEditable();
  expect((await split.page.locator('#card-number iframe').boundingBox())!.height).toBeLessThan(shown);
});
