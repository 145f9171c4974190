/**
 * The webhook outbox (spec: Events, Delivery; Authentication, 6). One delivery is one event
 * and one POST: its body is serialized once at announcement, so every attempt sends the same
 * bytes under the same x-webhook-id, each with a fresh signed JWT.
 *
 * Rules:
 *  - 2xx is delivered; any other status or a network error (5 s timeout per attempt) is
 *    retried after base * 2^(attempt-1), until the next attempt would fall later than the
 *    horizon after the first attempt; then the delivery is 'failed'.
 *  - A merchant's deliveries go out in announcement order: a delivery's first attempt starts
 *    only after the previous one's first attempt finished. Retries run on their own timers,
 *    so a retrying delivery never holds back later ones.
 *  - The URL is read at announcement; with none the delivery is recorded as 'no_url'.
 *  - Timestamps and the horizon use the gateway clock; the timers themselves run in real time.
 *
 * Durability: a delivery is stored in the unit of work of the state change that announces it
 * (never sent if that change rolls back, never lost once it committed); each attempt's result
 * is stored before the next is scheduled. A gateway started on a store with open deliveries
 * (a restart, a crash) takes them up again: first attempts in order, retries when due, an
 * attempt cut off mid-flight again now. A delivery's id (its `x-webhook-id` and JWT `jti`)
 * and body never change across retries or restarts.
 *
 * Replicas (a shared store): each attempt is first claimed in a unit of work under the
 * delivery's lock: it must still be the attempt due (attempts counted), and no other live
 * process may hold the delivery's lease. The claimer holds the lease for the attempt, and the
 * process that schedules a retry holds it until shortly after the retry is due. Every
 * replica sweeps the open deliveries each second and takes up those whose lease ran out:
 * what a dead replica had announced, was sending or was to retry. So two replicas never send
 * the same attempt, and nothing waits for the dead one to come back. A process alone on its
 * store ignores leases (whoever held them before it is gone).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { TOKENIZATION_EVENT, type TokenizationWebhookData, type WebhookBody } from '@payments/core';
import type { GatewayContext } from '../context';
import { deliveryLock } from '../store/locks';
import { indexKey, type StoredDelivery } from '../store/record-kinds';
import type { TransactionRecord } from '../store/records';
import { answerExcerpt } from './answer-excerpt';
import { eventsFor } from './events';
import { releaseLeases } from './leases';
import { storeWait } from './store-wait';
import type { DeliveryFilter, WebhookDelivery, WebhookOutbox } from './outbox';
import { newSystan, transactionPayload } from './payload';
import { createWebhookSigner } from './signing';

export const WEBHOOK_ATTEMPT_TIMEOUT_MS = 5_000;
export const WEBHOOK_USER_AGENT = 'mock-gateway-webhooks/1.0';

/** At most this many open deliveries are taken up again at start (newest first). */
const RESUME_LIMIT = 100_000;
/** How long a claim outlives its attempt or the retry it schedules: three attempt timeouts. */
export const WEBHOOK_LEASE_MS = 3 * WEBHOOK_ATTEMPT_TIMEOUT_MS;
/** On a shared store: how often each replica looks for deliveries whose lease ran out, and how many. */
const SWEEP_EVERY_MS = 1_000;
const SWEEP_LIMIT = 500;

export function createWebhookOutbox(ctx: GatewayContext): WebhookOutbox {
  const signer = createWebhookSigner(() => ctx.urls.gateway, ctx.store);
  /** This process, as the holder of leases. */
  const owner = randomUUID();
  const shutdown = new AbortController();
  let sweeper: NodeJS.Timeout | undefined;
  /** Per merchant: the tail of its chain of first attempts. */
  const queues = new Map<string, Promise<void>>();
  /** Retries scheduled in this process, by delivery id. */
  const retries = new Map<string, { timer: NodeJS.Timeout; dueAt: number }>();
  /** Bumped by clear(): work scheduled before it is dropped. */
  let generation = 0;
  /** First attempts queued or running, plus retries running. */
  let busy = 0;
  let stopped = false;
  let idleWaiters: (() => void)[] = [];
  /** A claim or a record, tried again while the database fails (store-wait.ts). */
  const whenStoreAnswers = storeWait({ signal: shutdown.signal, dropped: (of) => stopped || of !== generation });

  function enqueue(merchantId: string, transactionId: string, body: WebhookBody): void {
    const url = ctx.config.webhook_url;
    const stored: StoredDelivery = {
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
        created_at: ctx.clock.iso(),
      },
      raw_body: JSON.stringify(body),
      first_attempt_at: null,
      due_at: null,
      lease: url ? { owner, until: Date.now() + WEBHOOK_LEASE_MS } : null,
    };
    ctx.store.put('delivery', stored);
    if (url) ctx.store.afterCommit(() => queueFirstAttempt(merchantId, stored.delivery.id));
  }

  /** The first attempt of a delivery's series (`done` attempts before it: a resend's), in the merchant's order. */
  function queueFirstAttempt(merchantId: string, id: string, done = 0): void {
    if (stopped) return;
    busy++;
    const tail = (queues.get(merchantId) ?? Promise.resolve()).then(() => attempt(id, done, generation));
    queues.set(merchantId, tail);
    void tail.then(() => {
      if (queues.get(merchantId) === tail) queues.delete(merchantId);
    });
  }

  async function attemptHeaders(delivery: WebhookDelivery, rawBody: string, number: number): Promise<Record<string, string>> {
    const jwt = await signer.signWebhook(rawBody, delivery.id, delivery.merchant_id);
    return {
      'content-type': 'application/json',
      authorization: `Bearer ${jwt}`,
      'user-agent': WEBHOOK_USER_AGENT,
      'x-webhook-id': delivery.id,
      'x-webhook-attempt': String(number),
    };
  }

  /** Attempt number `done + 1` of delivery `id`, when it is due. */
  function scheduleRetry(id: string, done: number, dueAt: number, of: number): void {
    if (stopped || of !== generation || retries.has(id)) return;
    const timer = setTimeout(() => {
      retries.delete(id);
      busy++;
      void attempt(id, done, of);
    }, Math.max(0, dueAt - ctx.clock.now()));
    timer.unref();
    retries.set(id, { timer, dueAt });
  }

  /** Whether another live process holds the delivery (only ever on a shared store). */
  function heldElsewhere(stored: StoredDelivery): boolean {
    const lease = stored.lease;
    return ctx.store.shared && !!lease && lease.owner !== owner && lease.until > Date.now();
  }

  /**
   * Takes attempt `done + 1` for this process: the delivery is still open, that attempt is
   * still the next one, and no other live replica holds it. Null when it is not ours to send.
   */
  function claim(id: string, done: number): Promise<StoredDelivery | null> {
    return ctx.store.atomic([deliveryLock(id)], async () => {
      const current = await ctx.store.get('delivery', id);
      if (!current || current.delivery.state !== 'pending' || current.delivery.attempts.length !== done || heldElsewhere(current)) return null;
      current.lease = { owner, until: Date.now() + WEBHOOK_LEASE_MS };
      ctx.store.put('delivery', current);
      return current;
    });
  }

  /** Attempt `done + 1` of one delivery, if still due and ours; never rejects. The caller has counted it in `busy`. */
  async function attempt(id: string, done: number, of: number): Promise<void> {
    try {
      if (stopped || of !== generation) return;
      const stored = await whenStoreAnswers(of, () => claim(id, done));
      if (!stored) return;
      const { delivery } = stored;
      const number = done + 1;
      const at = ctx.clock.now();
      const started = performance.now();
      let status: number | null = null;
      let error: string | null = null;
      let excerpt: string | null = null;
      try {
        const response = await fetch(delivery.url, {
          method: 'POST',
          headers: await attemptHeaders(delivery, stored.raw_body, number),
          body: stored.raw_body,
          redirect: 'manual', // A redirect is not a 2xx: retried, never followed.
          signal: AbortSignal.any([AbortSignal.timeout(WEBHOOK_ATTEMPT_TIMEOUT_MS), shutdown.signal]),
        });
        status = response.status;
        excerpt = await answerExcerpt(response);
      } catch (cause) {
        error = describeError(cause);
      }
      if (stopped && status === null) return; // Stopped mid-attempt: stays open, taken up at the next start.
      const result = {
        at: new Date(at).toISOString(),
        status,
        error,
        duration_ms: Math.round(performance.now() - started),
        url: delivery.url,
        response_excerpt: excerpt,
        series: (delivery.resends ?? 0) + 1,
      };
      const endedAt = ctx.clock.now(); // the backoff runs from the answer, not from when it is stored
      const next = await whenStoreAnswers(of, () => storeResult(id, done, of, result, at, endedAt));
      if (next !== null) scheduleRetry(id, number, next, of);
    } catch (cause) {
      // Stopped while waiting, or the store failed otherwise: the delivery stays open and is taken up at the next start.
      if (!stopped) console.error(`webhook delivery ${id}: ${describeError(cause)}`);
    } finally {
      busy--;
      notifyIfIdle();
    }
  }

  /**
   * Stores attempt `done + 1`'s result: when the next attempt is due, or null when none
   * follows (or the delivery is no longer ours to record: reset, or recorded by another replica).
   */
  function storeResult(id: string, done: number, of: number, result: WebhookDelivery['attempts'][number], at: number, endedAt: number): Promise<number | null> {
    return ctx.store.atomic([deliveryLock(id)], async () => {
      const current = await ctx.store.get('delivery', id);
      // Forgotten by a reset meanwhile, or (after a stall longer than the lease) recorded by another replica.
      if (!current || of !== generation || current.delivery.attempts.length !== done) return null;
      recordAttempt(current, result, at, endedAt);
      current.lease = current.due_at === null ? null : { owner, until: Date.now() + (current.due_at - endedAt) + WEBHOOK_LEASE_MS };
      ctx.store.put('delivery', current);
      return current.due_at;
    });
  }

  /** Notes an attempt's result and decides what comes next: delivered, a retry, or failed. */
  function recordAttempt(stored: StoredDelivery, result: WebhookDelivery['attempts'][number], at: number, endedAt: number): void {
    const { delivery } = stored;
    delivery.attempts.push(result);
    stored.first_attempt_at ??= at;
    delivery.next_attempt_at = null;
    stored.due_at = null;
    if (result.status !== null && result.status >= 200 && result.status < 300) {
      delivery.state = 'delivered';
      return;
    }
    const dueAt = endedAt + ctx.config.webhook_retry_base_ms * 2 ** (delivery.attempts.length - 1);
    if (dueAt - stored.first_attempt_at > ctx.config.webhook_retry_horizon_ms) {
      delivery.state = 'failed';
      return;
    }
    delivery.next_attempt_at = new Date(dueAt).toISOString();
    stored.due_at = dueAt;
  }

  /**
   * Idle means: no attempt queued or running, and no retry due within 4 × the retry base.
   * A retry further away does not count, so idle() neither waits out long backoffs nor
   * hangs on a dead URL with a long horizon; with a tiny base it does wait for the next
   * retries (base, 2 × base, 4 × base), which is what tests of a retry rely on.
   */
  function isIdle(): boolean {
    if (busy > 0) return false;
    const soon = ctx.clock.now() + ctx.config.webhook_retry_base_ms * 4;
    return ![...retries.values()].some((retry) => retry.dueAt <= soon);
  }

  function notifyIfIdle(): void {
    if (idleWaiters.length === 0 || !isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /**
   * Schedules the open deliveries that no live process holds (oldest first): at start, every
   * open one on a store of its own; on a shared store, also each second, those whose lease ran out.
   */
  async function takeUp(limit: number): Promise<void> {
    const open = (await ctx.store.find('delivery', 'open', indexKey('pending'), limit)).reverse();
    for (const stored of open) {
      const { delivery } = stored;
      if (heldElsewhere(stored) || retries.has(delivery.id) || (stored.lease?.owner === owner && ctx.store.shared)) continue;
      if (delivery.attempts.length === 0) queueFirstAttempt(delivery.merchant_id, delivery.id);
      else scheduleRetry(delivery.id, delivery.attempts.length, stored.due_at ?? ctx.clock.now(), generation);
    }
  }

  function cancelRetries(): void {
    for (const retry of retries.values()) clearTimeout(retry.timer);
    retries.clear();
  }

  return {
    announceTransaction(record: TransactionRecord): void {
      const tx = record.transaction;
      if (record.announced_statuses.includes(tx.status)) return;
      record.announced_statuses.push(tx.status);
      const events = eventsFor(record);
      const systan = newSystan(); // Spec silent: the events of one status change share a systan.
      for (const event of events) {
        enqueue(tx.merchant_id, tx.id, { event, payload: transactionPayload(record, event, systan) });
      }
    },

    announceTokenization(merchantId: string, data: TokenizationWebhookData): void {
      enqueue(merchantId, data.transaction_id, { event: TOKENIZATION_EVENT, data: { ...data } });
    },

    async deliveries(filter: DeliveryFilter = {}): Promise<WebhookDelivery[]> {
      const limit = filter.limit ?? 10_000;
      const stored =
        filter.transactionId !== undefined
          ? await ctx.store.find('delivery', 'transaction', indexKey(filter.transactionId), limit)
          : await ctx.store.list('delivery', limit);
      return stored
        .map((s) => s.delivery)
        .filter((d) => filter.event === undefined || d.event === filter.event)
        .reverse();
    },

    sendAgain(merchantId: string, id: string, done: number): void {
      const retry = retries.get(id);
      if (retry) clearTimeout(retry.timer);
      retries.delete(id);
      queueFirstAttempt(merchantId, id, done);
    },

    async signedRequest(delivery: WebhookDelivery, rawBody: string) {
      return { headers: await attemptHeaders(delivery, rawBody, delivery.attempts.length + 1), body: rawBody };
    },

    async resume(): Promise<void> {
      await takeUp(RESUME_LIMIT);
      if (ctx.store.shared && !stopped) {
        sweeper = setInterval(() => {
          void takeUp(SWEEP_LIMIT).catch((cause: unknown) => {
            if (!stopped) console.error(`webhook outbox: sweeping open deliveries: ${describeError(cause)}`);
          });
        }, SWEEP_EVERY_MS);
        sweeper.unref();
      }
    },

    setUrl(url: string): void {
      ctx.config.webhook_url = url;
    },

    jwks: () => signer.jwks(),

    idle(): Promise<void> {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        notifyIfIdle();
      });
    },

    async clear(): Promise<void> {
      // Forgotten deliveries are not retried; an attempt already on the wire still finishes.
      generation++;
      cancelRetries();
      await ctx.store.forget(['delivery']);
      notifyIfIdle();
    },

    async release(deadline: number): Promise<void> {
      stopped = true;
      clearInterval(sweeper);
      cancelRetries();
      const late = new AbortController();
      await Promise.race([this.idle(), sleep(Math.max(0, deadline - Date.now()), undefined, { signal: late.signal }).catch(() => undefined)]);
      late.abort();
      shutdown.abort(); // an attempt still on the wire: left open, sent again by whoever takes it up
      await releaseLeases(ctx, owner, RESUME_LIMIT).catch((cause: unknown) => console.error(`webhook outbox: releasing leases: ${describeError(cause)}`));
    },

    stop(): void {
      stopped = true;
      clearInterval(sweeper);
      cancelRetries();
      shutdown.abort();
      notifyIfIdle();
    },
  };
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return `timed out after ${WEBHOOK_ATTEMPT_TIMEOUT_MS} ms`;
  // fetch reports "fetch failed" and keeps the reason (e.g. ECONNREFUSED) in `cause`.
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
