/**
 * The memory engine's delivery queue (rules: delivery-queue.ts). One process owns it, so a
 * lease here only ever marks this process's own attempt on the wire. What is due is kept in
 * a heap of due times (due-heap.ts): claiming pops what has come due, and the outbox keeps
 * one timer for the heap's top. Reads answer copies, as a database would.
 */
import { DueHeap, type DueEntry } from './due-heap';
import { isFailing, nextAttemptAt, type AttemptRecord, type ClaimRequest, type DeliveryListFilter, type DeliveryQueue, type StoredDelivery } from './delivery-queue';

interface Row {
  seq: number;
  stored: StoredDelivery;
}

const copy = (stored: StoredDelivery): StoredDelivery => structuredClone(stored);

function append(index: Map<string, string[]>, key: string, id: string): void {
  const ids = index.get(key);
  if (ids) ids.push(id);
  else index.set(key, [id]);
}

export class MemoryDeliveryQueue implements DeliveryQueue {
  private readonly rows = new Map<string, Row>();
  /** Ids in insertion order: all, by merchant, by transaction. */
  private all: string[] = [];
  private readonly byMerchant = new Map<string, string[]>();
  private readonly byTransaction = new Map<string, string[]>();
  /**
   * Per merchant: its pending deliveries whose first attempt has not finished, oldest first.
   * Only the oldest is in the heap (the others wait for it), so a merchant's backlog costs a
   * claim nothing until its turn comes.
   */
  private readonly firstPending = new Map<string, Row[]>();
  private readonly due = new DueHeap();
  private nextSeq = 1;

  async insert(stored: StoredDelivery): Promise<void> {
    const row: Row = { seq: this.nextSeq++, stored: copy(stored) };
    this.rows.set(stored.delivery.id, row);
    this.all.push(stored.delivery.id);
    append(this.byMerchant, stored.delivery.merchant_id, stored.delivery.id);
    append(this.byTransaction, stored.delivery.transaction_id, stored.delivery.id);
    this.changed(row);
  }

  async get(id: string): Promise<StoredDelivery | undefined> {
    const row = this.rows.get(id);
    return row && copy(row.stored);
  }

  async list(filter: DeliveryListFilter): Promise<StoredDelivery[]> {
    const ids =
      filter.transactionId !== undefined
        ? (this.byTransaction.get(filter.transactionId) ?? [])
        : filter.merchantId !== undefined
          ? (this.byMerchant.get(filter.merchantId) ?? [])
          : this.all;
    const out: StoredDelivery[] = [];
    for (let i = ids.length - 1; i >= 0 && out.length < filter.limit; i--) {
      const { delivery } = this.rows.get(ids[i]!)!.stored;
      if (filter.merchantId !== undefined && delivery.merchant_id !== filter.merchantId) continue;
      if (filter.failing && !isFailing(delivery)) continue;
      out.push(copy(this.rows.get(ids[i]!)!.stored));
    }
    return out;
  }

  async count(): Promise<number> {
    return this.rows.size;
  }

  async claim(request: ClaimRequest): Promise<StoredDelivery[]> {
    const taken: StoredDelivery[] = [];
    const blocked: DueEntry[] = [];
    while (taken.length < request.limit) {
      const top = this.due.peek();
      if (!top || top.at > request.now) break;
      this.due.pop();
      const row = this.current(top);
      if (!row) continue;
      if (this.heldBack(row)) {
        blocked.push(top);
        continue;
      }
      row.stored.locked_by = request.owner;
      row.stored.locked_at = request.wallNow;
      taken.push(copy(row.stored));
    }
    for (const entry of blocked) this.due.push(entry);
    return taken;
  }

  async record(id: string, outcome: AttemptRecord): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.stored.locked_by !== outcome.owner || row.stored.delivery.attempts.length !== outcome.done) return false;
    const { stored } = row;
    stored.delivery.attempts.push(outcome.attempt);
    stored.delivery.state = outcome.state;
    stored.run_at = outcome.run_at;
    stored.first_attempt_at = outcome.first_attempt_at;
    stored.locked_by = stored.locked_at = null;
    this.changed(row);
    return true;
  }

  async nextDue(): Promise<number | null> {
    for (let top = this.due.peek(); top; top = this.due.peek()) {
      if (this.current(top)) return top.at;
      this.due.pop();
    }
    return null;
  }

  async rearm(id: string, url: string, now: number): Promise<StoredDelivery | undefined> {
    const row = this.rows.get(id);
    if (!row) return undefined;
    const { delivery } = row.stored;
    delivery.resends = (delivery.resends ?? 0) + 1;
    delivery.state = 'pending';
    delivery.url = url;
    row.stored.first_attempt_at = null;
    row.stored.run_at = now;
    this.changed(row);
    return copy(row.stored);
  }

  async release(owner: string | null): Promise<void> {
    for (const row of this.rows.values()) {
      if (row.stored.locked_by === null || (owner !== null && row.stored.locked_by !== owner)) continue;
      row.stored.locked_by = row.stored.locked_at = null;
      this.changed(row);
    }
  }

  async clear(): Promise<void> {
    this.rows.clear();
    this.all = [];
    this.byMerchant.clear();
    this.byTransaction.clear();
    this.firstPending.clear();
    this.due.clear();
  }

  /** After a row changed: its derived field, its place among its merchant's first attempts, its due time. */
  private changed(row: Row): void {
    const { delivery } = row.stored;
    delivery.next_attempt_at = nextAttemptAt(delivery.state, row.stored.run_at, delivery.attempts, delivery.resends ?? 0);
    const before = this.firstPending.get(delivery.merchant_id)?.[0];
    const waiting = this.firstPending.get(delivery.merchant_id) ?? [];
    const at = waiting.indexOf(row);
    const waitsForFirst = delivery.state === 'pending' && delivery.attempts.length === 0;
    if (waitsForFirst && at < 0) {
      waiting.push(row);
      waiting.sort((a, b) => a.seq - b.seq);
      this.firstPending.set(delivery.merchant_id, waiting);
    } else if (!waitsForFirst && at >= 0) waiting.splice(at, 1);
    if (waiting.length === 0) this.firstPending.delete(delivery.merchant_id);
    const head = waiting[0];
    if (!waitsForFirst || head === row) this.schedule(row);
    if (head && head !== before && head !== row) this.schedule(head); // the merchant's next one's turn
  }

  /** Into the heap, when it is pending, free and has a due time. */
  private schedule(row: Row): void {
    const { stored } = row;
    if (stored.delivery.state === 'pending' && stored.run_at !== null && stored.locked_by === null) this.due.push({ at: stored.run_at, seq: row.seq, id: stored.delivery.id });
  }

  /** The row a heap entry stands for, if the entry is still its schedule (pending, free, due then). */
  private current(entry: DueEntry): Row | undefined {
    const row = this.rows.get(entry.id);
    const stored = row?.stored;
    return stored && stored.delivery.state === 'pending' && stored.locked_by === null && stored.run_at === entry.at && row.seq === entry.seq ? row : undefined;
  }

  /** An earlier delivery of the merchant still waits for, or is in, its first attempt. */
  private heldBack(row: Row): boolean {
    const first = this.firstPending.get(row.stored.delivery.merchant_id)?.[0];
    return first !== undefined && first.seq < row.seq;
  }
}
