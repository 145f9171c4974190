/**
 * mount / unmount / destroy as a single-page app and a framework use them (issue #25): React's
 * StrictMode mounts, unmounts and mounts again at once; a router leaves a page while its
 * form is still loading. A mount that unmount() (or destroy(), or a mount() elsewhere)
 * cancels leaves nothing behind: no frame, no `message` listener, no event, no unhandled
 * rejection; its promise rejects with an AbortError (`mount_aborted`). In real Chromium
 * with the frames on another site and the worker's mock gateway; the page counts the
 * window's `message` listeners by identity from before the script loaded.
 */
import { TEST_CARDS } from '@payments/testing';
import { fillCard } from '@payments/testing/playwright';
import { expect, test as base } from './fixtures';
import { ABORTED, MountCyclesPage } from './models/mount-cycles-page';

const test = base.extend<{ shop: MountCyclesPage }>({
  shop: async ({ page, merchantOrigin, gatewayUrl }, use) => use(new MountCyclesPage(page, merchantOrigin, gatewayUrl)),
});

const SAVED_CARD = { componentConfig: { data: { paymentMethodId: 'pm_mount_cycles', maskedPan: '400000******0002', expirationDate: '1230', cardBrand: 'VISA' } } };
const COMPONENTS = [
  { component: 'card', config: {} },
  { component: 'saved-card', config: SAVED_CARD },
  { component: 'alternative-payment-method', config: {} },
] as const;

for (const { component, config } of COMPONENTS) {
  test(`${component}: mount, unmount before ready, a new component's mount: one frame; the first says nothing and leaves no listener`, async ({ shop, createSession }) => {
    await shop.open((await createSession()).id, { component, config });
    // In one task, as StrictMode does: nothing of the first mount may outlive unmount().
    const cancelled = await shop.run((lab) => {
      const first = lab.create();
      lab.mount(first);
      lab.unmount(first);
      return { frames: lab.frames(), listeners: lab.listeners() };
    });
    expect(cancelled).toEqual({ frames: 0, listeners: 0 });
    await shop.run((lab) => lab.mount(lab.create()));
    const ready = await shop.until((s) => s.outcomes[1]!.length > 0);
    expect(ready.outcomes).toEqual([[ABORTED], ['resolved']]);
    expect(ready.frames.slot).toBe(1);
    expect(ready.log[0]).toEqual([]);
    expect(ready.log[1]!.filter((name) => name === 'ready')).toHaveLength(1);
    await shop.run((lab) => lab.unmount(1));
    const after = await shop.state();
    expect(after.frames.slot).toBe(0);
    expect(after.listeners).toBe(0);
    expect(after.log[0]).toEqual([]);
    expect(after.unhandled).toEqual([]);
  });
}

test('ten quick mount / unmount cycles leave one frame, and it pays; the ten say nothing and leave no listener', async ({ shop, createSession }) => {
  test.slow(); // eleven frames started and a payment: on a loaded 2-core runner, past the default 30 s
  await shop.open((await createSession()).id);
  await shop.run((lab) => lab.cycles(10));
  const cycled = await shop.until((s) => s.cyclesDone && s.outcomes.every((outcome) => outcome.length > 0));
  // A mount cancelled in flight rejects; one that a late timer unmounted after it was ready had resolved.
  expect(cycled.outcomes).toEqual(cycled.readyAtUnmount.map((ready) => [ready ? 'resolved' : ABORTED]));
  expect(cycled.readyAtUnmount[0]).toBe(false); // unmounted in the task that mounted it
  expect(cycled.after).toEqual(Array.from({ length: 10 }, () => []));
  expect(cycled.frames.slot).toBe(0);
  expect(cycled.listeners).toBe(0);
  await shop.run((lab) => lab.mount(lab.create()));
  await shop.until((s) => s.outcomes[10]!.length > 0);
  await expect(shop.page.locator('#slot iframe')).toHaveCount(1);
  await fillCard(shop.frame, { number: TEST_CARDS.find((c) => c.scenario === 'frictionless-approved')!.number });
  await shop.pay();
  await expect(shop.result).toHaveText('Approved APPROVED');
  const paid = await shop.state();
  expect(paid.after.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => []));
  expect(paid.outcomes[10]).toEqual(['resolved']);
  await shop.run((lab) => lab.unmount(10));
  expect((await shop.state()).listeners).toBe(0);
  expect(paid.unhandled).toEqual([]);
});

test.describe('one component', () => {
  test('mount() twice while one is in flight: one frame, one ready, both promises resolve', async ({ shop, createSession }) => {
    await shop.open((await createSession()).id);
    await shop.run((lab) => {
      const card = lab.create();
      lab.mount(card);
      lab.mount(card);
    });
    const ready = await shop.until((s) => s.outcomes[0]!.length === 2);
    expect(ready.outcomes[0]).toEqual(['resolved', 'resolved']);
    expect(ready.frames.slot).toBe(1);
    expect(ready.log[0]!.filter((name) => name === 'ready')).toHaveLength(1);
  });

  test('mount(), unmount(), mount() again: the first rejects, one frame, one ready', async ({ shop, createSession }) => {
    await shop.open((await createSession()).id);
    await shop.run((lab) => {
      const card = lab.create();
      lab.mount(card);
      lab.unmount(card);
      lab.mount(card);
    });
    const ready = await shop.until((s) => s.outcomes[0]!.length === 2);
    expect(ready.outcomes[0]).toEqual([ABORTED, 'resolved']);
    expect(ready.frames.slot).toBe(1);
    expect(ready.log[0]!.filter((name) => name === 'ready')).toHaveLength(1);
  });

  test('mount() into another element while in flight: the first rejects, the frame is only in the second', async ({ shop, createSession }) => {
    await shop.open((await createSession()).id);
    await shop.run((lab) => {
      const card = lab.create();
      lab.mount(card, '#slot');
      lab.mount(card, '#other');
    });
    const ready = await shop.until((s) => s.outcomes[0]!.length === 2);
    expect(ready.outcomes[0]).toEqual([ABORTED, 'resolved']);
    expect(ready.frames).toEqual({ slot: 0, other: 1 });
  });

  test('unmount() twice, mount() after unmount(), then destroy(): the remounted frame goes too', async ({ shop, createSession }) => {
    await shop.open((await createSession()).id);
    await shop.run((lab) => lab.mount(lab.create()));
    await shop.until((s) => s.outcomes[0]!.length === 1);
    await shop.run((lab) => {
      lab.unmount(0);
      lab.unmount(0);
      lab.mount(0);
    });
    const again = await shop.until((s) => s.outcomes[0]!.length === 2);
    expect(again.outcomes[0]).toEqual(['resolved', 'resolved']);
    expect(again.frames.slot).toBe(1);
    await shop.run((lab) => lab.destroy());
    const destroyed = await shop.state();
    expect(destroyed.frames.slot).toBe(0);
    expect(destroyed.listeners).toBe(0);
  });
});

test('destroy() cancels a mount in flight; destroy() again and unmount() after it are harmless', async ({ shop, createSession }) => {
  await shop.open((await createSession()).id);
  const cancelled = await shop.run((lab) => {
    const card = lab.create();
    lab.mount(card);
    lab.destroy();
    lab.destroy();
    lab.unmount(card);
    return { frames: lab.frames(), listeners: lab.listeners() };
  });
  expect(cancelled).toEqual({ frames: 0, listeners: 0 });
  const settled = await shop.until((s) => s.outcomes[0]!.length > 0);
  expect(settled.outcomes[0]).toEqual([ABORTED]);
  expect(settled.log[0]).toEqual([]);
});

test('a cancelled mount nobody awaits (an effect cleanup) is no unhandled rejection', async ({ shop, createSession }) => {
  await shop.open((await createSession()).id);
  await shop.run((lab) => {
    const first = lab.create();
    lab.mountUnawaited(first);
    lab.unmount(first);
    lab.mount(lab.create());
  });
  // By the time the second frame is ready, the first mount's rejection is long settled.
  const ready = await shop.until((s) => s.outcomes[1]!.length > 0);
  expect(ready.outcomes[1]).toEqual(['resolved']);
  expect(ready.unhandled).toEqual([]);
  expect(ready.log[0]).toEqual([]);
});

test('a redirect stub destroyed while its hidden frame opens leaves nothing; opened again at once, it answers and goes at destroy()', async ({ shop, createSession }) => {
  await shop.open((await createSession()).id);
  const answers = await shop.run(async (lab) => {
    const wallet = lab.walletA();
    const first = wallet.isAvailable();
    wallet.destroy();
    const left = { frames: lab.hiddenFrames(), listeners: lab.listeners() };
    const second = wallet.isAvailable(); // in the same task: the first opening's end must not touch it
    const answered = { first: await first, second: await second, frames: lab.hiddenFrames() };
    wallet.destroy();
    return { left, answered, after: { frames: lab.hiddenFrames(), listeners: lab.listeners() } };
  });
  expect(answers).toEqual({
    left: { frames: 0, listeners: 0 },
    answered: { first: false, second: true, frames: 1 },
    after: { frames: 0, listeners: 0 },
  });
});

test('a component\'s destroy() removes its frame and listeners; mount(null) and a mount after destroy() are refused in plain words', async ({ shop, createSession }) => {
  await shop.open((await createSession()).id);
  await shop.run((lab) => lab.mount(lab.create()));
  expect((await shop.until((s) => s.outcomes[0]!.length > 0)).outcomes[0]).toEqual(['resolved']);
  const answers = await shop.run((lab) => {
    const refused = (call: () => unknown) => {
      try {
        call();
        return 'accepted';
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`;
      }
    };
    const card = lab.components[0]!;
    // A framework's ref read before its element exists.
    const nullTarget = refused(() => card.mount(null));
    const framesBefore = lab.frames();
    card.destroy();
    const gone = { frames: lab.frames(), listeners: lab.listeners() };
    card.destroy(); // again: nothing more
    return { nullTarget, framesBefore, gone, again: refused(() => card.mount('#slot')), framesAfter: lab.frames() };
  });
  expect(answers.nullTarget).toBe('PaymentComponentError: PaymentComponent: mount() needs an element or a selector, got null (a ref read before its element was rendered?)');
  expect(answers.framesBefore).toBe(1);
  expect(answers.gone).toEqual({ frames: 0, listeners: 0 });
  expect(answers.again).toBe('PaymentComponentError: PaymentComponent: this component was destroyed; create a new one to mount');
  expect(answers.framesAfter).toBe(0);
  expect((await shop.state()).unhandled).toEqual([]);
});
