/**
 * The verified webhooks the shop has received, in memory: newest first, at most `capacity`
 * kept, and idempotent by delivery id (the gateway retries with the same x-webhook-id, and
 * the spec warns that duplicates happen). Remembers more ids than events, so a late retry
 * of an event already pushed out of the list is still recognised.
 */
import type { WebhookEventRecord } from '../shared/api-types';

export class WebhookInbox {
  private readonly events: WebhookEventRecord[] = [];
  private readonly seen = new Set<string>();

  constructor(
    readonly capacity = 200,
    readonly rememberedIds = 10_000,
  ) {}

  /** Stores the event unless its id was seen; answers false for a duplicate. */
  add(event: WebhookEventRecord): boolean {
    if (this.seen.has(event.webhookId)) return false;
    this.seen.add(event.webhookId);
    if (this.seen.size > this.rememberedIds) {
      // A Set iterates in insertion order: drop the oldest id.
      this.seen.delete(this.seen.values().next().value!);
    }
    this.events.unshift(event);
    if (this.events.length > this.capacity) this.events.length = this.capacity;
    return true;
  }

  /** Newest first; only one transaction's events when `transactionId` is given. */
  list(transactionId?: string): WebhookEventRecord[] {
    const events = transactionId ? this.events.filter((event) => event.transactionId === transactionId) : this.events;
    return events.map((event) => ({ ...event }));
  }
}
