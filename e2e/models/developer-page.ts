/**
 * The test shop's developer page (e2e/pages/developer.html): a card component driven through
 * the merchant developer's API (on/off, state classes, submitPayment's promise, theme,
 * translations, environment/gatewayUrl). The page logs every event and both answers of
 * each payment (callback and promise) in `window.events`.
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { cardFieldLabels, cardFrame, fillCard, type CardInput } from '@payments/testing/playwright';
import type { LocaleTag } from '@payments/core';

export interface LoggedEvent {
  name: string;
  payload: unknown;
}

interface DeveloperLog {
  log: LoggedEvent[];
  callbacks: { response: { approved: boolean; status: string; transaction: { id: string } } | null; error: { code: string; message: string } | null }[];
  promises: ({ resolved: { approved: boolean; status: string; transaction: { id: string } } } | { rejected: { isError: boolean; name: string; code: string; message: string } })[];
}

export class DeveloperPage {
  readonly frame: FrameLocator;
  readonly container: Locator;
  readonly error: Locator;
  locale: LocaleTag = 'en-US';

  constructor(
    readonly page: Page,
    readonly merchantOrigin: string,
    readonly gatewayUrl: string,
  ) {
    this.frame = cardFrame(page);
    this.container = page.locator('#card');
    this.error = page.getByRole('alert');
  }

  async open(sessionId: string, options: { locale?: LocaleTag; config?: unknown; environment?: string; gatewayUrl?: string; waitReady?: boolean; changeLocaleDuringMount?: LocaleTag; waitUntil?: 'load' | 'commit' } = {}): Promise<void> {
    this.locale = options.locale ?? 'en-US';
    const query = new URLSearchParams({ gateway: this.gatewayUrl, session: sessionId });
    if (options.locale) query.set('locale', options.locale);
    if (options.config) query.set('config', JSON.stringify(options.config));
    if (options.environment) query.set('environment', options.environment);
    if (options.gatewayUrl) query.set('gatewayUrl', options.gatewayUrl);
    if (options.changeLocaleDuringMount) {
      query.set('changeLocaleDuringMount', options.changeLocaleDuringMount);
      this.locale = options.changeLocaleDuringMount;
    }
    await this.page.goto(`${this.merchantOrigin}/developer?${query}`, { waitUntil: options.waitUntil ?? 'load' });
    if (options.waitReady !== false) await expect(this.page.locator('body')).toHaveAttribute('data-ready', 'true');
  }

  field(name: 'number' | 'expiry' | 'cvv'): Locator {
    return this.frame.getByLabel(cardFieldLabels(this.locale)[name], { exact: true });
  }

  fillCard(card: CardInput): Promise<void> {
    return fillCard(this.frame, card, cardFieldLabels(this.locale));
  }

  /** Moves the focus out of the frame, onto the merchant page. */
  async leaveFrame(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Test shop' }).click();
  }

  pay(): Promise<void> {
    return this.page.getByRole('button', { name: 'Pay', exact: true }).click();
  }

  /** The page's log once `done(log)` holds (polled: the frame's messages arrive when they do). */
  async events(done: (log: DeveloperLog) => boolean = () => true): Promise<DeveloperLog> {
    const read = () => this.page.evaluate(() => (window as unknown as { events: DeveloperLog }).events);
    await expect.poll(async () => done(await read())).toBe(true);
    return read();
  }
}

/** Event names with repeats in a row collapsed (several `change`s in a row read as one). */
export function sequence(log: LoggedEvent[]): string[] {
  return log.map((e) => e.name).filter((name, i, all) => name !== all[i - 1]);
}

/** A `change` event's payload, as the developer page logs it. */
export interface LoggedCardState {
  valid: boolean;
  brand: string | null;
  fields: Record<string, { empty: boolean; complete: boolean; valid: boolean; error: string | null }>;
}

/** The last `change` the page heard, if any. */
export function lastChange(log: LoggedEvent[]): LoggedCardState | undefined {
  return log.filter((e) => e.name === 'change').map((e) => e.payload as LoggedCardState).at(-1);
}
