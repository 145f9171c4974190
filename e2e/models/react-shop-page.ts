/**
 * The React example shop (examples/react-shop: Vite, React 19 in StrictMode, @payments/react)
 * as a shopper and a merchant developer see it: the method choice, the payment forms in their
 * secure frames, the language switch, "New order", and what the page logged. An init script
 * records the page's console errors and warnings, its unhandled rejections, and counts the
 * window's `message` listeners (each frame's connection adds one).
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { cardFrame } from '@payments/testing/playwright';

export interface ShopOrder {
  reference: string;
  sessionId: string;
}

declare global {
  interface Window {
    reactShopLab: { unhandled: string[]; listeners: () => number };
  }
}

export class ReactShopPage {
  readonly card: FrameLocator;
  readonly status: Locator;
  readonly payButton: Locator;
  /** Console errors and warnings, and uncaught errors, of the shop's page and its frames. */
  readonly problems: string[] = [];

  constructor(
    readonly page: Page,
    readonly url: string,
  ) {
    this.card = cardFrame(page);
    this.status = page.getByRole('status');
    this.payButton = page.getByRole('button', { name: 'Pay', exact: true });
    // While the shop is shown (not the wallet provider's page, which is the gateway's mock).
    const onShop = () => new URL(page.url()).origin === url;
    page.on('console', (message) => {
      if ((message.type() === 'error' || message.type() === 'warning') && onShop()) {
        this.problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
      }
    });
    page.on('pageerror', (error) => onShop() && this.problems.push(`pageerror: ${error.message}`));
  }

  /** Opens the shop and answers its first order (the session the card form is for). */
  async open(): Promise<ShopOrder> {
    await this.page.addInitScript(() => {
      // The window's `message` listeners by identity and capture flag, also those a signal removes.
      const live = new Map<unknown, Set<boolean>>();
      const captureOf = (options: unknown) => (typeof options === 'boolean' ? options : Boolean((options as { capture?: boolean } | undefined)?.capture));
      const forget = (listener: unknown, capture: boolean) => {
        live.get(listener)?.delete(capture);
        if (live.get(listener)?.size === 0) live.delete(listener);
      };
      const { addEventListener: add, removeEventListener: remove } = EventTarget.prototype;
      EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
        const signal = options && typeof options === 'object' ? (options as { signal?: AbortSignal }).signal : undefined;
        if (this === window && type === 'message' && listener && !signal?.aborted) {
          const capture = captureOf(options);
          if (!live.has(listener)) live.set(listener, new Set());
          live.get(listener)!.add(capture);
          signal?.addEventListener('abort', () => forget(listener, capture));
        }
        return add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
      };
      EventTarget.prototype.removeEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
        if (this === window && type === 'message' && listener) forget(listener, captureOf(options));
        return remove.call(this, type, listener as EventListener, options as EventListenerOptions);
      };
      const lab = { unhandled: [] as string[], listeners: () => [...live.values()].reduce((sum, flags) => sum + flags.size, 0) };
      window.reactShopLab = lab;
      window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => lab.unhandled.push(String(event.reason)));
    });
    const order = this.nextOrder();
    await this.page.goto(this.url);
    return order;
  }

  /** The next order the page asks the shop's backend for. */
  async nextOrder(): Promise<ShopOrder> {
    const response = await this.page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
    return (await response.json()) as ShopOrder;
  }

  method(name: 'Card' | 'Card, separate fields' | 'Saved card' | 'Wallet'): Locator {
    return this.page.getByRole('radio', { name, exact: true });
  }

  /** Every secure frame the components mounted (one placeholder per component). */
  frames(): Locator {
    return this.page.locator('[data-payment-component] iframe');
  }

  /** Waits until the card form is ready to type into. */
  async cardReady(): Promise<void> {
    await expect(this.card.getByLabel('Card number')).toBeEditable();
  }

  async unhandled(): Promise<string[]> {
    return this.page.evaluate(() => window.reactShopLab.unhandled);
  }

  async listeners(): Promise<number> {
    return this.page.evaluate(() => window.reactShopLab.listeners());
  }
}
