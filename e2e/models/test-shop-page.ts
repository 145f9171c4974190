/**
 * What the test shop's pages (e2e/pages/*.html) have in common: the page's own Pay button,
 * result (status) and error (alert) regions, and the `window.events` log each page keeps of
 * the component's callbacks and onError calls.
 *
 * Reading the log waits for the calls a test expects (`callbacks(2)`), because the page
 * updates its regions and the log in the same task, but the frame's own messages can be
 * visible before either: asserting on the log right after a frame-side expectation raced.
 */
import { expect, type Locator, type Page } from '@playwright/test';

interface EventsLog {
  callbacks: unknown[];
  errors: unknown[];
}

export abstract class TestShopPage<Callback, OnError = { code: string; message: string }> {
  readonly payButton: Locator;
  readonly result: Locator;
  readonly error: Locator;

  constructor(
    readonly page: Page,
    readonly merchantOrigin: string,
    readonly gatewayUrl: string,
  ) {
    this.payButton = page.getByRole('button', { name: 'Pay', exact: true });
    this.result = page.getByRole('status').filter({ hasNot: page.locator('iframe') });
    this.error = page.getByRole('alert').filter({ hasNot: page.locator('iframe') });
  }

  /** Opens `path` with `query` (plus the gateway) and, unless told not to, waits for the component to be ready. */
  protected async goto(path: string, query: Record<string, string | undefined>, waitReady = true): Promise<void> {
    const search = new URLSearchParams({ gateway: this.gatewayUrl });
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);
    await this.page.goto(`${this.merchantOrigin}${path}?${search}`);
    if (waitReady) await this.expectReady();
  }

  async expectReady(): Promise<void> {
    await expect(this.page.locator('body')).toHaveAttribute('data-ready', 'true');
  }

  /**
   * Presses the page's Pay button from the keyboard. Leaving a frame's field can show that
   * field's error and make the frame taller; the new height reaches the page a message later,
   * and on a busy machine it moved the button between the pointer's press and release (the
   * click is then lost, for a shopper as for a test). Enter on the focused button does not
   * depend on where the button is.
   */
  async pay(): Promise<void> {
    await this.payButton.press('Enter');
  }

  /** The submitPayment callbacks so far, once there are at least `atLeast` of them. */
  callbacks(atLeast = 0): Promise<Callback[]> {
    return this.events('callbacks', atLeast) as Promise<Callback[]>;
  }

  /** The onError calls so far, once there are at least `atLeast` of them. */
  onErrorCalls(atLeast = 0): Promise<OnError[]> {
    return this.events('errors', atLeast) as Promise<OnError[]>;
  }

  private async events(kind: keyof EventsLog, atLeast: number): Promise<unknown[]> {
    const handle = await this.page.waitForFunction(
      ([key, count]) => {
        const list = (window as unknown as { events: EventsLog }).events[key];
        return list.length >= count && list;
      },
      [kind, atLeast] as const,
    );
    return (await handle.jsonValue()) as unknown[];
  }
}
