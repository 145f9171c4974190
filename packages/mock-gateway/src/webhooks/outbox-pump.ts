/**
 * When the outbox claims: one timer per process, for the earliest due time the queue knows
 * (the memory engine's heap top, the SQL table's `min(run_at)`), never one per delivery.
 * Claiming runs again
 *  - when a delivery is announced or resent here (the process that commits it wakes itself),
 *  - when an attempt of this process has been recorded (it may free a merchant's next delivery),
 *  - when the timer fires, and, on a shared store, at least every POLL_MS: that is how a
 *    replica takes up what another announced and left (it died, or stopped gracefully), and
 *    deliveries whose lease ran out. graphile-worker adds a LISTEN/NOTIFY wake-up to its
 *    poll; here the process that commits a delivery claims it itself, so the poll only
 *    covers takeovers, which wait out a 15 s lease anyway.
 */
import type { StoredDelivery } from '../store/delivery-queue';

/** On a shared store: the longest a replica goes without looking for due deliveries. */
export const POLL_MS = 1_000;
/** The most attempts one process has on the wire at once. */
export const MAX_IN_FLIGHT = 32;
/** setTimeout's longest delay; a later due time is looked at again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface PumpSteps {
  shared: boolean;
  now(): number;
  /** Takes up to `limit` due deliveries for this process. */
  claim(limit: number): Promise<StoredDelivery[]>;
  /** Sends and records one claimed delivery; never rejects. */
  attempt(stored: StoredDelivery): Promise<void>;
  nextDue(): Promise<number | null>;
  /** Whether a due time counts as soon, for idle(). */
  soon(dueAt: number): boolean;
  onError(cause: unknown): void;
}

export class OutboxPump {
  private inFlight = 0;
  private passing = false;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private nextDue: number | null = null;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly steps: PumpSteps) {}

  /** Claims what is due now (again once the current pass ends, if one is running). */
  wake(): void {
    if (this.stopped) return;
    if (this.passing) {
      this.again = true;
      return;
    }
    this.passing = true;
    void this.pass();
  }

  private async pass(): Promise<void> {
    try {
      do {
        this.again = false;
        const room = MAX_IN_FLIGHT - this.inFlight;
        const claimed = room > 0 ? await this.steps.claim(room) : [];
        for (const stored of claimed) this.start(stored);
        this.nextDue = await this.steps.nextDue();
      } while (this.again && !this.stopped);
    } catch (cause) {
      if (!this.stopped) this.steps.onError(cause);
      this.nextDue = this.steps.now() + POLL_MS; // looked at again shortly
    } finally {
      this.passing = false;
      this.arm();
      this.notifyIfIdle();
    }
  }

  private start(stored: StoredDelivery): void {
    this.inFlight++;
    void this.steps.attempt(stored).finally(() => {
      this.inFlight--;
      this.wake();
      this.notifyIfIdle();
    });
  }

  /** The one timer: for the next due time, at least every POLL_MS on a shared store. */
  private arm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped) return;
    let delay: number | null = null;
    if (this.nextDue !== null) {
      const wait = this.nextDue - this.steps.now();
      // Due already but not claimed: held back behind an attempt on the wire (whose end wakes
      // us), or it came due just after the claim (look again at once).
      if (wait > 0) delay = Math.min(wait, LONGEST_TIMER_MS);
      else if (this.inFlight === 0 && !this.steps.shared) delay = 10;
    }
    if (this.steps.shared) delay = Math.min(delay ?? POLL_MS, POLL_MS);
    if (delay === null) return;
    this.timer = setTimeout(() => this.wake(), delay);
    this.timer.unref();
  }

  /** Nothing on the wire, no claim running, nothing due soon (nothing on the wire, once stopped). */
  private isIdle(): boolean {
    if (this.inFlight > 0 || this.passing) return false;
    return this.stopped || this.nextDue === null || !this.steps.soon(this.nextDue);
  }

  private notifyIfIdle(): void {
    if (this.idleWaiters.length === 0 || !this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.notifyIfIdle();
    });
  }

  /** Claims nothing more; attempts on the wire go on (idle() resolves once they are over). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.notifyIfIdle();
  }

  /** After a reset: what was known to be due is gone. */
  forget(): void {
    this.nextDue = null;
    this.notifyIfIdle();
  }
}
