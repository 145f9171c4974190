/**
 * The shopper's steps on the test shop's pages, on any engine driver: the QA kit's helpers
 * (cardFrame, fillCard, challengeDialog, completeChallenge) with the same meaning, found by
 * title and accessible name through in-page.ts, so they find the challenge dialog in its
 * shadow root in every engine. Waiting is polling what the page shows, never a fixed sleep.
 */
import { messages, type LocaleTag } from '@payments/core';
import type { EngineDriver, FramePath } from './driver';
import { CARD_FRAME_TITLE, cardFieldFrameTitle, cardFrameTitle } from '@payments/testing/playwright';
import type { ElementState, Query } from './in-page';

/** The card frame, by its title in the component's locale (it follows changeLocale()). */
export function cardFrame(locale: LocaleTag = 'en-US'): FramePath {
  return [{ title: locale === 'en-US' ? CARD_FRAME_TITLE : cardFrameTitle(locale) }];
}

/** The challenge dialog over the page (in the shadow root of its holder). */
export function challengeDialog(): Query {
  return { role: 'dialog' };
}

/** The issuer's frame in the challenge dialog. */
export const CHALLENGE_FRAME: FramePath = [{ iframeIn: challengeDialog() }];

export interface CardInput {
  number: string;
  expiry?: string;
  cvv?: string;
}

const DEFAULT_TIMEOUT = 20_000;

export class Shopper {
  constructor(
    readonly driver: EngineDriver,
    readonly merchantOrigin: string,
    readonly gatewayUrl: string,
  ) {}

  /** Opens a test shop page (e2e/pages) with the gateway and `query`, and waits for its component. */
  async openShop(path: string, query: Record<string, string | undefined>): Promise<void> {
    const search = new URLSearchParams({ gateway: this.gatewayUrl });
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);
    await this.driver.goto(`${this.merchantOrigin}${path}?${search}`);
    await this.until(() => this.eval<string | null>("document.body.getAttribute('data-ready')"), (ready) => ready === 'true', 'the component to be ready');
  }

  /**
   * Opens a hosted payment page and waits until its script has taken over the checkout the
   * gateway drew in the document (the first view). A shopper's keys and clicks meanwhile are
   * kept by the take-over (e2e/hosted-page-first-view.spec.ts, Chromium); a WebDriver element
   * found in the first view goes stale when it is replaced, so these journeys start after it.
   */
  async openHostedPage(url: string): Promise<void> {
    await this.driver.goto(url);
    await this.until(
      async () => !(await this.state([], { id: 'hpp-first-view' })).found && (await this.state([], { role: 'link', namePattern: '^Cancel and return to ' })).visible,
      Boolean,
      'the hosted page to take over its first view',
    );
  }

  /** Polls `read` until `ok` holds; throws naming `what` and the last value otherwise. */
  async until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, timeout = DEFAULT_TIMEOUT): Promise<T> {
    const deadline = Date.now() + timeout;
    let last: T | undefined;
    let failure: unknown;
    for (;;) {
      try {
        last = await read();
        failure = undefined;
        if (ok(last)) return last;
      } catch (error) {
        failure = error; // a frame between two documents: read again
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${failure ? String(failure) : JSON.stringify(last)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  state(frames: FramePath, query: Query): Promise<ElementState> {
    return this.driver.inPage<ElementState>(frames, 'state', query);
  }

  /** Waits until the element at `query` satisfies `ok`. */
  expect(frames: FramePath, query: Query, ok: (state: ElementState) => boolean, what: string, timeout?: number): Promise<ElementState> {
    return this.until(() => this.state(frames, query), ok, `${what} (${JSON.stringify(query)})`, timeout);
  }

  visible(frames: FramePath, query: Query, timeout?: number): Promise<ElementState> {
    return this.expect(frames, query, (s) => s.visible, 'visible', timeout);
  }

  eval<T>(expression: string, frames: FramePath = []): Promise<T> {
    return this.driver.inPage<T>(frames, 'eval', expression);
  }

  /** Types the card into the frame's fields (by their names in `locale`), as the kit's fillCard. */
  async fillCard(card: CardInput, locale: LocaleTag = 'en-US', frames = cardFrame()): Promise<void> {
    const { labels } = messages(locale);
    await this.type(frames, { label: labels.cardNumber }, card.number);
    await this.type(frames, { label: labels.expiryDate }, card.expiry ?? `12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
    if ((await this.state(frames, { label: labels.cvv })).found) await this.driver.type(frames, { label: labels.cvv }, card.cvv ?? '123');
  }

  /** Types the card into split fields (a frame per field, each by its title, as the kit's splitCardFrames). */
  async fillSplitCard(card: CardInput, locale: LocaleTag = 'en-US'): Promise<void> {
    const { labels } = messages(locale);
    const frame = (field: 'number' | 'expiry' | 'cvv'): FramePath => [{ title: cardFieldFrameTitle(locale, field) }];
    await this.type(frame('number'), { label: labels.cardNumber }, card.number);
    await this.type(frame('expiry'), { label: labels.expiryDate }, card.expiry ?? `12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
    await this.type(frame('cvv'), { label: labels.cvv }, card.cvv ?? '123');
  }

  /**
   * Waits for the element to show and be enabled, then clicks it, as a shopper (and
   * Playwright's click) would: a shop's Pay button stays disabled until the card's state
   * says valid, which reaches the page a moment after the last key on a loaded machine.
   */
  async click(frames: FramePath, query: Query): Promise<void> {
    await this.expect(frames, query, (s) => s.visible && !('disabled' in s.attributes), 'visible and enabled');
    await this.driver.click(frames, query);
  }

  /** Waits for the field to show, then types into it. */
  async type(frames: FramePath, query: Query, text: string): Promise<void> {
    await this.visible(frames, query);
    await this.driver.type(frames, query, text);
  }

  /** The test shop's own Pay button. */
  pay(): Promise<void> {
    return this.click([], { role: 'button', name: 'Pay' });
  }

  /** The test shop's result (status) region, once it contains `text`. */
  result(text: string): Promise<ElementState> {
    return this.expect([], { role: 'status' }, (s) => s.text.includes(text), `the result to say "${text}"`);
  }

  /** The test shop's error (alert) region, once it matches `pattern`. */
  error(pattern: RegExp): Promise<ElementState> {
    return this.expect([], { role: 'alert' }, (s) => pattern.test(s.text), `the error to match ${pattern}`);
  }

  /** Clicks the issuer's Approve or Decline, in the challenge dialog or on the issuer's full page. */
  async completeChallenge(outcome: 'approve' | 'decline'): Promise<void> {
    const name = outcome === 'approve' ? 'Approve' : 'Decline';
    const button: Query = { role: 'button', name };
    const where = await this.until(
      async () => {
        if ((await this.state([], challengeDialog())).visible && (await this.state(CHALLENGE_FRAME, button).catch(() => undefined))?.visible) return CHALLENGE_FRAME;
        if ((await this.state([], button)).visible) return [];
        return undefined;
      },
      (frames) => frames !== undefined,
      `the issuer's ${name} button`,
    );
    await this.driver.click(where!, button);
  }

  /** Waits for the top page's URL to match, and answers it. */
  async url(pattern: RegExp): Promise<URL> {
    return new URL(await this.until(() => this.driver.url(), (url) => pattern.test(url), `the URL to match ${pattern}`));
  }

  /** The page's window.events log (the test shop's callbacks and onError calls). */
  events<T>(): Promise<T> {
    return this.eval<T>('JSON.parse(JSON.stringify(window.events))');
  }
}
