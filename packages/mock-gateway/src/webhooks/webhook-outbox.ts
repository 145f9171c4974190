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
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { TOKENIZATION_EVENT, type TokenizationWebhookData, type WebhookBody } from '@payments/core';
import type { GatewayContext } from '../context';
import type { TransactionRecord } from '../store/records';
import { eventsFor } from './events';
import type { WebhookDelivery, WebhookOutbox } from './outbox';
import { newSystan, transactionPayload } from './payload';
import { createWebhookSigner } from './signing';

export const WEBHOOK_ATTEMPT_TIMEOUT_MS = 5_000;
export const WEBHOOK_USER_AGENT = 'mock-gateway-webhooks/1.0';

interface Entry {
  delivery: WebhookDelivery;
  rawBody: string;
  /** Gateway-clock ms of the first attempt's start. */
  firstAttemptAt: number | null;
  retry: { timer: NodeJS.Timeout; dueAt: number } | null;
  /** Forgotten by clear(): never attempted again. */
  dropped: boolean;
}

export function createWebhookOutbox(ctx: GatewayContext): WebhookOutbox {
  const signer = createWebhookSigner(() => ctx.urls.gateway);
  const shutdown = new AbortController();
  /** Per merchant: the tail of its chain of first attempts. */
  const queues = new Map<string, Promise<void>>();
  let entries: Entry[] = [];
  /** First attempts queued or running, plus retries running. */
  let busy = 0;
  let stopped = false;
  let idleWaiters: (() => void)[] = [];

  function enqueue(merchantId: string, transactionId: string, body: WebhookBody): void {
    const url = ctx.config.webhook_url;
    const entry: Entry = {
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
      },
      rawBody: JSON.stringify(body),
      firstAttemptAt: null,
      retry: null,
      dropped: false,
    };
    entries.push(entry);
    if (!url || stopped) return;
    busy++;
    const tail = (queues.get(merchantId) ?? Promise.resolve()).then(() => attempt(entry));
    queues.set(merchantId, tail);
    void tail.then(() => {
      if (queues.get(merchantId) === tail) queues.delete(merchantId);
    });
  }

  /** One attempt of one delivery; never rejects. The caller has counted it in `busy`. */
  async function attempt(entry: Entry): Promise<void> {
    try {
      if (stopped || entry.dropped) return;
      const { delivery } = entry;
      const number = delivery.attempts.length + 1;
      const at = ctx.clock.now();
      entry.firstAttemptAt ??= at;
      const started = performance.now();
      let status: number | null = null;
      let error: string | null = null;
      try {
        const jwt = await signer.signWebhook(entry.rawBody, delivery.id, delivery.merchant_id);
        const response = await fetch(delivery.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${jwt}`,
            'user-agent': WEBHOOK_USER_AGENT,
            'x-webhook-id': delivery.id,
            'x-webhook-attempt': String(number),
          },
          body: entry.rawBody,
          redirect: 'manual', // A redirect is not a 2xx: retried, never followed.
          signal: AbortSignal.any([AbortSignal.timeout(WEBHOOK_ATTEMPT_TIMEOUT_MS), shutdown.signal]),
        });
        status = response.status;
        await response.body?.cancel().catch(() => undefined);
      } catch (cause) {
        error = describeError(cause);
      }
      delivery.attempts.push({
        at: new Date(at).toISOString(),
        status,
        error,
        duration_ms: Math.round(performance.now() - started),
      });
      delivery.next_attempt_at = null;
      if (status !== null && status >= 200 && status < 300) {
        delivery.state = 'delivered';
        return;
      }
      if (stopped) return; // Stopped mid-attempt: stays 'pending' with nothing scheduled.
      const delay = ctx.config.webhook_retry_base_ms * 2 ** (number - 1);
      const dueAt = ctx.clock.now() + delay;
      if (dueAt - entry.firstAttemptAt > ctx.config.webhook_retry_horizon_ms) {
        delivery.state = 'failed';
        return;
      }
      delivery.next_attempt_at = new Date(dueAt).toISOString();
      const timer = setTimeout(() => {
        entry.retry = null;
        busy++;
        void attempt(entry);
      }, delay);
      timer.unref();
      entry.retry = { timer, dueAt };
    } finally {
      busy--;
      notifyIfIdle();
    }
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
    return !entries.some((entry) => entry.retry !== null && entry.retry.dueAt <= soon);
  }

  function notifyIfIdle(): void {
    if (idleWaiters.length === 0 || !isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function cancelRetry(entry: Entry): void {
    if (!entry.retry) return;
    clearTimeout(entry.retry.timer);
    entry.retry = null;
    entry.delivery.next_attempt_at = null;
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

    deliveries(): WebhookDelivery[] {
      return entries.map((entry) => structuredClone(entry.delivery));
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

    clear(): void {
      // Forgotten deliveries are not retried; an attempt already on the wire still finishes.
      for (const entry of entries) {
        entry.dropped = true;
        cancelRetry(entry);
      }
      entries = [];
      notifyIfIdle();
    },

    stop(): void {
      stopped = true;
      for (const entry of entries) cancelRetry(entry);
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
