/**
 * Split fields (issue 44): the card mounted as `mount({ number, expiry, cvv })`, a secure
 * frame per field in the merchant's layout, on another site than the gateway, against the
 * worker's mock gateway. It pays (frictionless and through a challenge), shows each field's
 * errors in that field's frame, takes a keyboard-only shopper from frame to frame (Tab puts
 * the caret in the next field's input), says focus and blur in order, refuses a wrong
 * object of containers before drawing anything, and leaves nothing behind after quick
 * mount / unmount cycles.
 */
import { TEST_CARDS, type GatewayClient } from '@payments/testing';
import { readField } from '@payments/testing/playwright';
import { expect, test as base } from './fixtures';
import { SplitCheckoutPage } from './models/split-checkout-page';
import { MountCyclesPage } from './models/mount-cycles-page';

const test = base.extend<{ checkout: SplitCheckoutPage; cycles: MountCyclesPage }>({
  checkout: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new SplitCheckoutPage(page, merchantOrigin, gatewayUrl)),
  cycles: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new MountCyclesPage(page, merchantOrigin, gatewayUrl)),
});

const FRICTIONLESS = TEST_CARDS.find((c) => c.scenario === 'frictionless-approved' && c.network === 1)!.number;
const NEXT_YEAR = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

async function transactionsOf(gateway: GatewayClient, reference: string) {
  return gateway.request<{ transaction: { id: string; status: string } }[]>('GET', `/__mock/transactions?reference=${encodeURIComponent(reference)}`);
}

test('a frame per field, each titled after its field and sized to it, pays frictionless', async ({ checkout, createSession }) => {
  await checkout.open((await createSession()).id);
  await expect(checkout.iframes).toHaveCount(3);
  for (const [container, title] of [
    ['#card-number', 'Secure card payment: Card number'],
    ['#card-expiry', 'Secure card payment: Expiry date'],
    ['#card-cvv', 'Secure card payment: CVV'],
  ] as const) {
    const iframe = checkout.page.locator(`${container} iframe`);
    await expect(iframe).toHaveAttribute('title', title);
    // Its height is its one field's (a label, an input, room for an error), with no scrollbar.
    const box = (await iframe.boundingBox())!;
    expect(box.height).toBeGreaterThan(40);
    expect(box.height).toBeLessThan(140);
    const frame = iframe.contentFrame();
    expect(await frame.locator('body').evaluate((body) => body.scrollHeight <= innerHeight)).toBe(true);
    await expect(frame.getByRole('textbox')).toHaveCount(1);
  }
  await checkout.fillCard({ number: FRICTIONLESS });
  await expect(checkout.page.getByTestId('state')).toHaveText('valid');
  const state = await checkout.page.evaluate(() => (window as unknown as { events: { lastState: { fields: Record<string, unknown>; brand: string } } }).events.lastState);
  expect(Object.keys(state.fields)).toEqual(['number', 'expiry', 'cvv']);
  expect(state.brand).toBe('visa');
  await checkout.pay();
  await expect(checkout.result).toContainText('Approved APPROVED 0000');
});

test('pays through a 3-D Secure challenge', async ({ checkout, createSession }) => {
  await checkout.open((await createSession({ metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' } })).id);
  await checkout.fillCard({ number: '4111111111111111' });
  await checkout.pay();
  const { dialog } = checkout.challenge();
  await expect(dialog).toBeVisible();
  await dialog.locator('iframe').contentFrame().getByRole('button', { name: 'Approve' }).click();
  await expect(checkout.result).toContainText('Approved APPROVED');
  await expect(dialog).toBeHidden();
});

test("validation errors show in the right field's frame, and nothing is sent", async ({ checkout, createSession, gateway }) => {
  const session = await createSession();
  await checkout.open(session.id);
  await checkout.cardField('number').fill(FRICTIONLESS);
  await checkout.cardField('expiry').fill('01 / 20');
  await checkout.pay();
  await expect(checkout.error).toHaveText(/^invalid_card: /);
  await expect.poll(async () => (await readField(checkout.fields, 'expiry')).invalid).toBe(true);
  await expect.poll(async () => (await readField(checkout.fields, 'cvv')).error).not.toBe('');
  expect((await readField(checkout.fields, 'number')).invalid).toBe(false);
  // Each error is in its own field's frame: the number's frame shows none.
  await expect(checkout.fields.frame('number').locator('[aria-invalid="true"]')).toHaveCount(0);
  expect(await transactionsOf(gateway, session.reference)).toEqual([]);
});

test('keyboard only: Tab takes the caret from field to field across the frames, a completed field moves it on, Enter in a field pays; focus and blur in order', async ({ checkout, createSession }) => {
  await checkout.open((await createSession()).id);
  await checkout.page.getByLabel('First name').focus();
  await checkout.page.keyboard.press('Tab');
  await expect(checkout.cardField('number')).toBeFocused();
  await checkout.page.keyboard.type(FRICTIONLESS);
  // The number typed complete and valid: the caret is in the expiry's frame without a Tab.
  await expect(checkout.cardField('expiry')).toBeFocused();
  await checkout.page.keyboard.press('Shift+Tab');
  await expect(checkout.cardField('number')).toBeFocused();
  await checkout.page.keyboard.press('Tab');
  await expect(checkout.cardField('expiry')).toBeFocused();
  await checkout.page.keyboard.type(`12${NEXT_YEAR}`);
  await expect(checkout.cardField('cvv')).toBeFocused();
  await checkout.page.keyboard.press('Shift+Tab');
  await expect(checkout.cardField('expiry')).toBeFocused();
  await checkout.page.keyboard.press('Tab');
  await expect(checkout.cardField('cvv')).toBeFocused();
  await checkout.page.keyboard.type('123');
  await expect(checkout.page.getByTestId('state')).toHaveText('valid');
  // A complete CVV stays where it is: the caret never leaves the card on its own.
  await expect(checkout.cardField('cvv')).toBeFocused();
  await checkout.page.keyboard.press('Enter');
  await expect(checkout.result).toContainText('Approved APPROVED 0000');
  // (Paying disables the inputs, which may blur the CVV after.)
  await expect
    .poll(async () => (await checkout.focusEvents()).slice(0, 13))
    .toEqual([
      'focus:number', 'blur:number', 'focus:expiry', 'blur:expiry', 'focus:number', 'blur:number', 'focus:expiry',
      'blur:expiry', 'focus:cvv', 'blur:cvv', 'focus:expiry', 'blur:expiry', 'focus:cvv',
    ]);
  expect(await checkout.page.evaluate(() => (window as unknown as { events: { submits: number } }).events.submits)).toBe(1);
});

test('a completed field moves the caret on only when it is valid: a number that fails its check digit, a past expiry stay', async ({ checkout, createSession }) => {
  await checkout.open((await createSession()).id);
  await checkout.page.getByLabel('First name').focus();
  await checkout.page.keyboard.press('Tab');
  await expect(checkout.cardField('number')).toBeFocused();
  await checkout.page.keyboard.type('4111111111111112'); // 16 digits, Luhn fails
  await expect(checkout.cardField('number')).toHaveValue('4111 1111 1111 1112');
  await expect(checkout.cardField('number')).toBeFocused();
  await checkout.page.keyboard.press('Backspace');
  await checkout.page.keyboard.type('1');
  await expect(checkout.cardField('expiry')).toBeFocused();
  await checkout.page.keyboard.type('0120'); // complete, in the past
  await expect(checkout.cardField('expiry')).toHaveValue('01 / 20');
  await expect(checkout.cardField('expiry')).toBeFocused();
  expect(await checkout.focusEvents()).toEqual(['focus:number', 'blur:number', 'focus:expiry']);
});

test('a wrong object of containers rejects naming the field, and draws nothing', async ({ checkout, createSession }) => {
  await checkout.open((await createSession()).id);
  const answers = await checkout.page.evaluate(async () => {
    const component = (window as unknown as { component: { unmount(): void; mount(target: unknown): Promise<void> } }).component;
    component.unmount();
    const attempt = (target: unknown) =>
      component.mount(target).then(
        () => 'mounted',
        (error: Error) => `${error.name}: ${error.message} (${document.querySelectorAll('iframe:not([src*="/frames/preload"])').length} frames)`,
      );
    return {
      noCvv: await attempt({ number: '#card-number', expiry: '#card-expiry' }),
      holder: await attempt({ number: '#card-number', expiry: '#card-expiry', cvv: '#card-cvv', holderName: '#card-holder' }),
      missing: await attempt({ number: '#card-number', expiry: '#nowhere', cvv: '#card-cvv' }),
      twice: await attempt({ number: '#card-number', expiry: '#card-number', cvv: '#card-cvv' }),
      unknown: await attempt({ number: '#card-number', expiry: '#card-expiry', cvv: '#card-cvv', cvc: '#card-cvv' }),
    };
  });
  expect(answers.noCvv).toBe('PaymentComponentError: PaymentComponent: mount({ cvv }) is missing: customerConfig shows the cvv field, so it needs a container (0 frames)');
  expect(answers.holder).toMatch(/^PaymentComponentError: PaymentComponent: mount\(\{ holderName \}\) was given a container, but customerConfig does not show .*hasHolderName\) \(0 frames\)$/);
  expect(answers.missing).toBe('PaymentComponentError: PaymentComponent: mount({ expiry }) found no element for #nowhere (0 frames)');
  expect(answers.twice).toMatch(/^PaymentComponentError: PaymentComponent: mount\(\{ expiry \}\) and mount\(\{ number \}\) are the same element/);
  expect(answers.unknown).toMatch(/^PaymentComponentError: PaymentComponent: mount\(\{ cvc \}\) is not a card field/);
});

test('customerConfig with the holder name: its own frame, and the name reaches getCustomer()', async ({ checkout, createSession }) => {
  await checkout.open((await createSession()).id, { holderName: true, config: { customerConfig: { hasHolderName: true, holderNameRequired: true } } });
  await expect(checkout.iframes).toHaveCount(4);
  await checkout.fillCard({ number: FRICTIONLESS, holderName: 'Ana Kovač' });
  await expect(checkout.page.getByTestId('state')).toHaveText('valid');
  expect(await checkout.page.evaluate(() => (window as unknown as { component: { getCustomer(): Promise<unknown> } }).component.getCustomer())).toEqual({ holderName: 'Ana Kovač' });
  await checkout.pay();
  await expect(checkout.result).toContainText('Approved APPROVED 0000');
});

test('ten quick split mount / unmount cycles leave no frame and no message listener', async ({ cycles, createSession }) => {
  test.slow(); // thirty frames started on a loaded 2-core runner
  await cycles.open((await createSession()).id);
  await cycles.run((lab) => lab.cycles(10, lab.split));
  const cycled = await cycles.until((s) => s.cyclesDone && s.outcomes.every((outcome) => outcome.length > 0));
  expect(cycled.after).toEqual(Array.from({ length: 10 }, () => []));
  expect(cycled.splitFrames).toBe(0);
  expect(cycled.listeners).toBe(0);
  expect(cycled.unhandled).toEqual([]);
});
