/**
 * Refreshes a panel from the backend while the page is visible: at once, then after
 * `delay()` ms each time, and at once again when the page becomes visible. A failed
 * refresh is retried on the next tick (the panels are a convenience).
 */
export class Poller {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly refresh: () => Promise<void>,
    private readonly delay: () => number,
  ) {}

  start(): void {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.now();
    });
    this.now();
  }

  /** Refreshes now (e.g. right after a payment). */
  now(): void {
    this.after(0);
  }

  private after(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
  }

  private async tick(): Promise<void> {
    try {
      await this.refresh();
    } catch {
      // Retried on the next tick.
    }
    if (document.visibilityState === 'visible') this.after(this.delay());
  }
}
