/**
 * The gateway's notion of now. Tests move it with POST /__mock/clock to expire tokens and
 * sessions without waiting. The offset is kept in the store, so a restarted gateway keeps
 * the time it had been moved to, and replicas on one store share it (sandbox/revision.ts
 * reloads it); `now()` stays synchronous (the offset is held in memory).
 */
import { changeSandboxSetting } from './revision';
import type { Store } from '../store/store';

const OFFSET = 'clock-offset-ms';

export class Clock {
  private offsetMs = 0;

  constructor(private readonly store?: Store) {}

  /** Reads the stored offset (at start, and when another replica moved it). */
  async load(): Promise<void> {
    if (this.store) this.offsetMs = (await this.store.setting<number>(OFFSET)) ?? 0;
  }

  now(): number {
    return Date.now() + this.offsetMs;
  }

  async advance(ms: number): Promise<void> {
    await this.save((offset) => offset + ms);
  }

  async reset(): Promise<void> {
    await this.save(() => 0);
  }

  iso(): string {
    return new Date(this.now()).toISOString();
  }

  private async save(next: (offset: number) => number): Promise<void> {
    if (!this.store) {
      this.offsetMs = next(this.offsetMs);
      return;
    }
    this.offsetMs = await changeSandboxSetting(this.store, OFFSET, 0, next);
  }
}
