/**
 * Whether the store's disk is full, for readiness (http/health.ts). A write that failed for
 * want of space marks it full. Where the engine can read the free space of its directory
 * (the embedded store), that is over once the free space has grown by FREED_BYTES since the
 * failure (a small write that still fits in a page passes on a full disk, so it proves
 * nothing; and a balancer that took the gateway out sends it no writes, so readiness must
 * see the space freed by itself). Elsewhere (a Postgres' own disk) a write that succeeds ends it.
 */
import { StoreUnavailableError } from './store-errors';

/** Free space gained since the failed write that counts as "space was freed". */
export const FREED_BYTES = 8 * 1024 * 1024;

export class StorageWatch {
  /** Free bytes when a write last failed for want of space (-1: unknown); null while writes work. */
  private fullAt: number | null = null;

  constructor(private readonly freeBytes?: () => Promise<number>) {}

  wrote(): void {
    if (!this.freeBytes || this.fullAt === -1) this.fullAt = null;
  }

  async failed(): Promise<void> {
    this.fullAt = (await this.free()) ?? -1;
  }

  /** Rejects with the storage-full error while writes cannot succeed. */
  async check(): Promise<void> {
    if (this.fullAt === null) return;
    const free = await this.free();
    if (free !== null && this.fullAt >= 0 && free >= this.fullAt + FREED_BYTES) {
      this.fullAt = null;
      return;
    }
    throw new StoreUnavailableError('full', `free: ${free ?? 'unknown'} bytes`);
  }

  private async free(): Promise<number | null> {
    return this.freeBytes ? this.freeBytes().catch(() => null) : null;
  }
}
