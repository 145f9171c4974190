/**
 * The test shop's single-page checkout (e2e/pages/mount-cycles.html): components created,
 * mounted and unmounted as a router or a framework does, through the page's `window.lab`.
 * The page logs each component's events (by index) and how each mount() settled, and counts
 * the window's `message` listeners from before the script loaded.
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { cardFrame } from '@payments/testing/playwright';

/** What the page shows of its components. */
export interface LabState {
  /** Iframes in #slot and #other. */
  frames: { slot: number; other: number };
  /** The frames of split fields mounted into lab.split. */
  splitFrames: number;
  /** The window's `message` listeners beyond those it had before any mount. */
  listeners: number;
  /** Each component's events (on() handlers, onChange, `onError <code>`), by index. */
  log: string[][];
  /** Each component's events since its last unmount(). */
  after: string[][];
  /** Each component's mount() outcomes: `resolved` or `rejected <name> <code>`. */
  outcomes: string[][];
  /** Whether each component's mount had resolved when it was unmounted. */
  readyAtUnmount: boolean[];
  /** Unhandled promise rejections the page saw (their reason's name). */
  unhandled: string[];
  cyclesDone: boolean;
}

/** Split fields' containers, as the card's mount() takes them. */
export interface SplitTarget {
  number: string;
  expiry: string;
  cvv: string;
}

/** The page's `window.lab` (see the page). */
export interface Lab {
  /** The components create() made, by index. */
  components: { mount(target: string | null): Promise<void>; destroy(): void }[];
  create(): number;
  mount(i: number, where?: string | SplitTarget): void;
  mountUnawaited(i: number, where?: string): void;
  unmount(i: number): void;
  destroy(): void;
  cycles(n: number, where?: string | SplitTarget): void;
  /** The split layout's containers: `lab.mount(i, lab.split)` mounts split fields. */
  split: SplitTarget;
  frames(where?: string): number;
  snapshot(): LabState;
  walletA(): { isAvailable(): Promise<boolean>; destroy(): void };
  hiddenFrames(): number;
  listeners(): number;
}

export const ABORTED = 'rejected AbortError mount_aborted';

export class MountCyclesPage {
  readonly frame: FrameLocator;
  readonly payButton: Locator;
  readonly result: Locator;

  constructor(
    readonly page: Page,
    readonly merchantOrigin: string,
    readonly gatewayUrl: string,
  ) {
    this.frame = cardFrame(page);
    this.payButton = page.getByRole('button', { name: 'Pay', exact: true });
    this.result = page.getByRole('status');
  }

  /** Opens the page for `component` (card by default) and waits for embedded-fields.js. */
  async open(sessionId: string, options: { component?: string; config?: unknown } = {}): Promise<void> {
    const query = new URLSearchParams({ gateway: this.gatewayUrl, session: sessionId });
    if (options.component) query.set('component', options.component);
    if (options.config) query.set('config', JSON.stringify(options.config));
    await this.page.goto(`${this.merchantOrigin}/mount-cycles?${query}`);
    await expect(this.page.locator('body')).toHaveAttribute('data-ready', 'true');
  }

  /** Runs `script` with the page's lab, in one task (nothing the page awaits runs in between). */
  async run<T>(script: (lab: Lab) => T): Promise<T> {
    const lab = await this.page.evaluateHandle(() => (window as unknown as { lab: Lab }).lab);
    try {
      return await lab.evaluate(script);
    } finally {
      await lab.dispose();
    }
  }

  state(): Promise<LabState> {
    return this.run((lab) => lab.snapshot());
  }

  /** The page's state once `done(state)` holds (polled). */
  async until(done: (state: LabState) => boolean): Promise<LabState> {
    await expect.poll(async () => done(await this.state())).toBe(true);
    return this.state();
  }

  /** Pays with the component mounted last, from the keyboard (as TestShopPage.pay). */
  async pay(): Promise<void> {
    await this.payButton.press('Enter');
  }
}
