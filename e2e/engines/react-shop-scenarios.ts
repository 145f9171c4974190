/**
 * The React example shop (examples/react-shop: React 19 in StrictMode, @payments/react) in
 * WebKit and Firefox (Chromium runs it in full in e2e/react-shop.spec.ts): a component mounted with the script already loaded (StrictMode mounts it,
 * cleans it up and mounts it again) leaves one frame; a language switch relabels that frame
 * in place; and the card pays. The shop runs in front of the engine file's own gateway.
 *
 * `reactShopScenarios(engine, context)` registers it inside engineSuite (scenarios.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages } from '@payments/core';
import { startReactShop, type ReactShop } from '@payments/example-react-shop/server';
import type { EngineDriver, EngineName } from './driver';
import { cardFrame, type Shopper } from './shopper';

export interface ReactShopContext {
  driver(): EngineDriver;
  shopper(): Shopper;
  gatewayUrl(): string;
}

const FRAMES = "document.querySelectorAll('[data-payment-component] iframe').length";

export function reactShopScenarios(engine: EngineName, context: ReactShopContext): void {
  // Chromium drives the shop in full in e2e/react-shop.spec.ts: here, the other engines.
  describe.skipIf(engine === 'chromium')(`${engine}: the React example shop (StrictMode)`, () => {
    let shop: ReactShop;
    beforeAll(async () => {
      shop = await startReactShop({ gatewayUrl: context.gatewayUrl() });
    });
    afterAll(async () => {
      await shop?.close();
    });

    test('one frame per mounted component, a language switch in place, and the card pays', async () => {
      const shopper = context.shopper();
      await context.driver().reset();
      await context.driver().setViewport(1280, 800);
      await context.driver().goto(shop.url);
      await shopper.visible(cardFrame(), { label: 'Card number' });
      expect(await shopper.eval<number>(FRAMES)).toBe(1);
      // Mounted with the script loaded: StrictMode's mount, cleanup, mount.
      await shopper.click([], { role: 'radio', name: 'Saved card' });
      await shopper.click([], { role: 'radio', name: 'Card' });
      await shopper.visible(cardFrame(), { label: 'Card number' });
      expect(await shopper.eval<number>(FRAMES)).toBe(1);
      // The language: the same frame, relabelled.
      await shopper.eval("document.querySelector('[data-payment-component] iframe').setAttribute('data-first-frame', '')");
      await context.driver().select([], { label: 'Language' }, 'sv-SE');
      await shopper.visible(cardFrame('sv-SE'), { label: messages('sv-SE').labels.cardNumber });
      expect(await shopper.eval<number>("document.querySelectorAll('[data-payment-component] iframe[data-first-frame]').length")).toBe(1);
      await shopper.visible([], { role: 'button', name: 'Betala' });
      // And back: the same frame again, in English, and it pays.
      await context.driver().select([], { label: 'Språk' }, 'en-US');
      await shopper.visible(cardFrame(), { label: 'Card number' });
      expect(await shopper.eval<number>("document.querySelectorAll('[data-payment-component] iframe[data-first-frame]').length")).toBe(1);
      await shopper.fillCard({ number: '4000000000000002' });
      await shopper.pay();
      await shopper.result('Thank you: your payment is approved.');
      expect(await shopper.eval<number>(FRAMES)).toBe(1);
    });
  });
}
