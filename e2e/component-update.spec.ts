/**
 * component.update() (issue 44): theme, styles, translations and customerConfig change in
 * the open frame, the same iframe element, with what the shopper typed kept; the card then
 * pays without re-typing. A field customerConfig now shows appears; one it now hides is
 * cleared and leaves the state. Split fields take an update in every frame alike.
 */
import { TEST_CARDS } from '@payments/testing';
import { readField } from '@payments/testing/playwright';
import { expect, test as base } from './fixtures';
import { CheckoutPage } from './models/checkout-page';
import { SplitCheckoutPage } from './models/split-checkout-page';

const test = base.extend<{ checkout: CheckoutPage; split: SplitCheckoutPage }>({
  checkout: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new CheckoutPage(page, merchantOrigin, gatewayUrl)),
  split: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new SplitCheckoutPage(page, merchantOrigin, gatewayUrl)),
});

const FRICTIONLESS = TEST_CARDS.find((c) => c.scenario === 'frictionless-approved' && c.network === 1)!.number;

interface UpdatingWindow { component: { update(options: unknown): Promise<void> }; events: { lastState: { fields: Record<string, unknown> } }; firstFrame?: Element }

test('a theme and a translations change after a full card keep the same iframe and what was typed, and it pays without re-typing', async ({ checkout, createSession }) => {
  await checkout.open((await createSession()).id);
  await checkout.fillCard({ number: FRICTIONLESS });
  await checkout.page.evaluate(() => {
    (window as unknown as UpdatingWindow).firstFrame = document.querySelector('#card iframe')!;
  });
  await checkout.page.evaluate(() =>
    (window as unknown as UpdatingWindow).component.update({
      theme: { colors: { text: '#aa0000' } },
      translations: { 'en-US': { 'card.number.label': 'Long card number' } },
    }),
  );
  const number = checkout.frame.getByLabel('Long card number', { exact: true });
  await expect(number).toHaveValue(/^4000 0000 0000 0002$/);
  await expect(number).toHaveCSS('color', 'rgb(170, 0, 0)');
  expect(await checkout.page.evaluate(() => document.querySelector('#card iframe') === (window as unknown as UpdatingWindow).firstFrame)).toBe(true);
  await expect(checkout.page.locator('#card iframe')).toHaveCount(1);
  await checkout.pay();
  await expect(checkout.result).toContainText('Approved APPROVED 0000');
});

test('a customerConfig change shows the holder name field in the same frame; hiding it again clears it and takes it out of the state', async ({ checkout, createSession }) => {
  await checkout.open((await createSession()).id);
  await checkout.fillCard({ number: FRICTIONLESS });
  await checkout.page.evaluate(() => (window as unknown as UpdatingWindow).component.update({ customerConfig: { hasHolderName: true } }));
  await expect(checkout.cardField('holderName')).toBeVisible();
  await expect(checkout.cardField('number')).toHaveValue('4000 0000 0000 0002');
  await checkout.cardField('holderName').fill('Ana Kovač');
  await expect.poll(() => checkout.page.evaluate(() => Object.keys((window as unknown as UpdatingWindow).events.lastState.fields))).toContain('holderName');
  await checkout.page.evaluate(() => (window as unknown as UpdatingWindow).component.update({ customerConfig: { hasHolderName: false } }));
  await expect(checkout.cardField('holderName')).toHaveCount(0);
  await expect.poll(() => checkout.page.evaluate(() => Object.keys((window as unknown as UpdatingWindow).events.lastState.fields))).toEqual(['number', 'expiry', 'cvv']);
  await checkout.page.evaluate(() => (window as unknown as UpdatingWindow).component.update({ customerConfig: { hasHolderName: true } }));
  expect((await readField(checkout.frame, 'holderName')).value).toBe('');
  await expect(checkout.page.locator('#card iframe')).toHaveCount(1);
});

test('an update with an unknown option throws naming it; split fields refuse to grow a field without its container', async ({ split, createSession }) => {
  await split.open((await createSession()).id);
  const answers = await split.page.evaluate(() => {
    const { component } = window as unknown as UpdatingWindow;
    const attempt = (options: unknown) => {
      try {
        void component.update(options);
        return 'updated';
      } catch (error) {
        return (error as Error).message;
      }
    };
    return { unknown: attempt({ locale: 'sv-SE' }), grow: attempt({ customerConfig: { hasHolderName: true } }) };
  });
  expect(answers.unknown).toBe('PaymentComponent: update({ locale }) is not an option update() changes (theme, styles, translations, customerConfig, hideLabels); create a new component for it');
  expect(answers.grow).toBe('PaymentComponent: update({ customerConfig }) would show or hide the holderName field of split fields: mount() again with its containers');
});

test('split fields: a theme and a label change reach every frame, the frames and what was typed stay, and it pays', async ({ split, createSession }) => {
  await split.open((await createSession()).id);
  await split.fillCard({ number: FRICTIONLESS });
  const before = await split.page.locator('iframe').evaluateAll((frames) => frames.map((frame) => (frame as HTMLIFrameElement).src));
  await split.page.evaluate(() =>
    (window as unknown as UpdatingWindow).component.update({ theme: { colors: { text: '#0000aa' } }, translations: { 'en-US': { 'card.expiry.label': 'Valid thru' } } }),
  );
  await expect(split.fields.frame('expiry').getByLabel('Valid thru')).toHaveCSS('color', 'rgb(0, 0, 170)');
  await expect(split.cardField('number')).toHaveCSS('color', 'rgb(0, 0, 170)');
  expect(await split.page.locator('iframe').evaluateAll((frames) => frames.map((frame) => (frame as HTMLIFrameElement).src))).toEqual(before);
  await split.pay();
  await expect(split.result).toContainText('Approved APPROVED 0000');
});
