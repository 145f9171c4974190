/**
 * The webhook outbox (spec: Events, Delivery; Authentication, 6). One delivery is one event
 * and one POST: its body is serialized once at announcement, so every attempt sends the same
 * bytes under the same x-webhook-id, each with a fresh signed JWT.
 *
 * Rules:
 *  - 2xx is delivered; any other status or a network error (5 s timeout per attempt) is
 *    retried after base * 2^(attempt-1), until the next attempt would fall later than the
 *    horizon after the first attempt; then the delivery is 'failed' (delivery-steps.ts).
 *  - A merchant's deliveries go out in announcement order: a delivery's first attempt starts
 *    only after the previous one's first attempt finished. Retries do not hold later
 *    deliveries back (the queue's claim: store/delivery-queue.ts).
 *  - The URL is read at announcement; with none the delivery is recorded as 'no_url'.
 *  - Timestamps, due times and the horizon use the gateway clock; leases the wall clock.
 *
 * Durability: a delivery is stored in the unit of work of the state change that announces it
 * (never sent if that change rolls back, never lost once it committed); each attempt's result
 * is stored before the next is due. A delivery's id (its `x-webhook-id` and JWT `jti`) and
 * body never change across retries, restarts or replicas.
 *
 * On graphile-worker's model: every gateway process (replica) claims due deliveries from the
 * shared queue with a lease (`locked_by`, `locked_at`), sends, records the attempt (which
 * releases the lease) and schedules the next by its `run_at`. Two replicas never claim the
 * same attempt (`FOR UPDATE SKIP LOCKED`); a replica that dies mid-attempt leaves its lease,
 * and once it has run out (WEBHOOK_LEASE_MS) another replica takes the delivery up. A graceful
 * stop releases its leases at once. A process alone on its store clears every lease at start
 * (whoever held them is gone). When claiming runs: outbox-pump.ts.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { TOKENIZATION_EVENT, type TokenizationWebhookData, type WebhookBody } from '@payments/core';
import type { GatewayContext } from '../context';
import type { StoredDelivery } from '../store/delivery-queue';
import type { TransactionRecord } from '../store/records';
import { claimDue, describeError, recordAttempt, scheduleNext, sendAttempt, WEBHOOK_USER_AGENT } from './delivery-steps';
import { eventsFor } from './events';
import { releaseLeases } from './leases';
import { OutboxPump } from './outbox-pump';
import type { DeliveryFilter, WebhookDelivery, WebhookOutbox } from './outbox';
import { newSystan, transactionPayload } from './payload';
import { createWebhookSigner } from './signing';
import { storeWait } from './store-wait';

export { WEBHOOK_ATTEMPT_TIMEOUT_MS, WEBHOOK_LEASE_MS, WEBHOOK_USER_AGENT } from './delivery-steps';

export function createWebhookOutbox(ctx: GatewayContext): WebhookOutbox {
  return new Outbox(ctx);
}

class Outbox implements WebhookOutbox {
  private readonly signer: ReturnType<typeof createWebhookSigner>;
  /**
   * This outbox, as the holder of leases: the host and process first, so an operator reading
   * `locked_by` knows which replica holds a delivery (several gateways may share one process).
   */
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly shutdown = new AbortController();
  /** Bumped by clear(): attempts claimed before it are not recorded. */
  private generation = 0;
  private stopped = false;
  /** A claim or a record, tried again while the database fails (store-wait.ts). */
  private readonly whenStoreAnswers = storeWait({ signal: this.shutdown.signal, dropped: (of) => this.stopped || of !== this.generation });
  private readonly pump: OutboxPump;

  constructor(private readonly ctx: GatewayContext) {
    this.signer = createWebhookSigner(() => ctx.urls.gateway, ctx.store);
    this.pump = new OutboxPump({
      shared: ctx.store.shared,
      now: () => ctx.clock.now(),
      claim: (limit) => this.whenStoreAnswers(this.generation, () => claimDue(ctx.store.deliveries, this.owner, ctx.clock.now(), limit)),
      attempt: (stored) => this.attempt(stored),
      nextDue: () => ctx.store.deliveries.nextDue(),
      soon: (dueAt) => dueAt <= ctx.clock.now() + ctx.config.webhook_retry_base_ms * 4,
      onError: (cause) => console.error(`webhook outbox: claiming due deliveries: ${describeError(cause)}`),
    });
  }

  private async attemptHeaders(delivery: WebhookDelivery, rawBody: string, number: number): Promise<Record<string, string>> {
    const jwt = await this.signer.signWebhook(rawBody, delivery.id, delivery.merchant_id);
    return {
      'content-type': 'application/json',
      authorization: `Bearer ${jwt}`,
      'user-agent': WEBHOOK_USER_AGENT,
      'x-webhook-id': delivery.id,
      'x-webhook-attempt': String(number),
    };
  }

  /** One claimed delivery: send, decide what follows, record. Never rejects. */
  private async attempt(stored: StoredDelivery): Promise<void> {
    const of = this.generation;
    try {
      const headers = await this.attemptHeaders(stored.delivery, stored.raw_body, stored.delivery.attempts.length + 1);
      const sent = await sendAttempt(stored, headers, () => this.ctx.clock.now(), this.shutdown.signal);
      // Stopped mid-attempt: left as claimed; a graceful stop releases it, a crash's lease runs out.
      if (this.stopped && sent.result.status === null) return;
      const next = scheduleNext(stored, sent, this.ctx.config);
      await this.whenStoreAnswers(of, () => recordAttempt(this.ctx.store.deliveries, this.owner, stored, sent, next));
    } catch (cause) {
      // Stopped while the database was away, or it failed otherwise: the lease runs out and the delivery is taken up again.
      if (!this.stopped) console.error(`webhook delivery ${stored.delivery.id}: ${describeError(cause)}`);
    }
  }

  private enqueue(merchantId: string, transactionId: string, body: WebhookBody): void {
    const url = this.ctx.config.webhook_url;
    const now = this.ctx.clock.now();
    this.ctx.store.putDelivery({
      delivery: {
        id: randomUUID(),
        merchant_id: merchantId,
        transaction_id: transactionId,
        event: body.event,
        url,
        body,
        attempts: [],
        state: url ? 'pending' : 'no_url',
        next_attempt_at: null,
        created_at: new Date(now).toISOString(),
      },
      raw_body: JSON.stringify(body),
      first_attempt_at: null,
      run_at: url ? now : null,
      locked_by: null,
      locked_at: null,
    });
    if (url) this.ctx.store.afterCommit(() => this.pump.wake());
  }

  announceTransaction(record: TransactionRecord): void {
    const tx = record.transaction;
    if (record.announced_statuses.includes(tx.status)) return;
    record.announced_statuses.push(tx.status);
    const systan = newSystan(); // Spec silent: the events of one status change share a systan.
    for (const event of eventsFor(record)) this.enqueue(tx.merchant_id, tx.id, { event, payload: transactionPayload(record, event, systan) });
  }

  announceTokenization(merchantId: string, data: TokenizationWebhookData): void {
    this.enqueue(merchantId, data.transaction_id, { event: TOKENIZATION_EVENT, data: { ...data } });
  }

  async deliveries(filter: DeliveryFilter = {}): Promise<WebhookDelivery[]> {
    const stored = await this.ctx.store.deliveries.list({ limit: filter.limit ?? 10_000, ...(filter.transactionId !== undefined ? { transactionId: filter.transactionId } : {}) });
    return stored
      .map((s) => s.delivery)
      .filter((d) => filter.event === undefined || d.event === filter.event)
      .reverse();
  }

  wake(): void {
    this.pump.wake();
  }

  async signedRequest(delivery: WebhookDelivery, rawBody: string) {
    return { headers: await this.attemptHeaders(delivery, rawBody, delivery.attempts.length + 1), body: rawBody };
  }

  async resume(): Promise<void> {
    if (!this.ctx.store.shared) await this.ctx.store.deliveries.release(null);
    this.pump.wake();
  }

  setUrl(url: string): void {
    this.ctx.config.webhook_url = url;
  }

  jwks(): Promise<{ keys: Record<string, unknown>[] }> {
    return this.signer.jwks();
  }

  idle(): Promise<void> {
    return this.pump.idle();
  }

  async clear(): Promise<void> {
    // Forgotten deliveries are not retried; an attempt already on the wire still finishes, unrecorded.
    this.generation++;
    await this.ctx.store.deliveries.clear();
    this.pump.forget();
  }

  async release(deadline: number): Promise<void> {
    this.stopped = true;
    this.pump.stop();
    const late = new AbortController();
    await Promise.race([this.pump.idle(), sleep(Math.max(0, deadline - Date.now()), undefined, { signal: late.signal }).catch(() => undefined)]);
    late.abort();
    this.shutdown.abort(); // an attempt still on the wire: released below, sent again by whoever takes it up
    await releaseLeases(this.ctx, this.owner);
  }

  stop(): void {
    this.stopped = true;
    this.pump.stop();
    this.shutdown.abort();
  }
}
