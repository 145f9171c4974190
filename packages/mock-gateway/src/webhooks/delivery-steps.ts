/**
 * The outbox's steps, one function each, in the order an attempt takes them: claim the due
 * deliveries (the queue's lease), send one attempt, decide what comes next (the backoff and
 * the horizon), record the attempt. webhook-outbox.ts strings them together.
 */
import { performance } from 'node:perf_hooks';
import type { GatewayConfig } from '../config';
import type { AttemptRecord, DeliveryQueue, StoredDelivery } from '../store/delivery-queue';
import type { WebhookAttempt } from './outbox';
import { answerExcerpt } from './answer-excerpt';

export const WEBHOOK_ATTEMPT_TIMEOUT_MS = 5_000;
export const WEBHOOK_USER_AGENT = 'mock-gateway-webhooks/1.0';
/**
 * How long a claim holds a delivery: three attempt timeouts. An attempt ends (and its lease
 * with it) within one; a lease older than this belongs to a process that died mid-attempt,
 * and another replica takes the delivery up.
 */
export const WEBHOOK_LEASE_MS = 3 * WEBHOOK_ATTEMPT_TIMEOUT_MS;

/** Step 1: takes up to `limit` due deliveries for this process (`owner`). */
export function claimDue(queue: DeliveryQueue, owner: string, now: number, limit: number): Promise<StoredDelivery[]> {
  return queue.claim({ owner, now, wallNow: Date.now(), leaseMs: WEBHOOK_LEASE_MS, limit });
}

/** What one attempt met: the receiver's status, or why there was none. */
export interface SentAttempt {
  /** Gateway-clock ms when it started and when the answer came. */
  at: number;
  endedAt: number;
  result: WebhookAttempt;
}

/**
 * Step 2: one POST of the delivery's exact bytes with `headers` (freshly signed); never
 * rejects. `redirect: 'manual'`: a redirect is not a 2xx, so it is retried, never followed.
 */
export async function sendAttempt(stored: StoredDelivery, headers: Record<string, string>, now: () => number, signal: AbortSignal): Promise<SentAttempt> {
  const { delivery } = stored;
  const at = now();
  const started = performance.now();
  let status: number | null = null;
  let error: string | null = null;
  let excerpt: string | null = null;
  const attempt = attemptSignal(signal, WEBHOOK_ATTEMPT_TIMEOUT_MS);
  try {
    const response = await fetch(delivery.url, { method: 'POST', headers, body: stored.raw_body, redirect: 'manual', signal: attempt.signal });
    status = response.status;
    excerpt = await answerExcerpt(response);
  } catch (cause) {
    error = describeError(cause);
  } finally {
    attempt.done();
  }
  const result: WebhookAttempt = {
    at: new Date(at).toISOString(),
    status,
    error,
    duration_ms: Math.round(performance.now() - started),
    url: delivery.url,
    response_excerpt: excerpt,
    series: (delivery.resends ?? 0) + 1,
  };
  return { at, endedAt: now(), result };
}

/**
 * One attempt's signal: aborted after `ms` (a TimeoutError) or when `outer` (the outbox's
 * life) aborts, until `done()`. Not `AbortSignal.any([AbortSignal.timeout(ms), outer])`: Node
 * 20 keeps a WeakRef to every signal made that way in the long-lived `outer` for good (its
 * dependants' set), which a soak saw grow by thousands after a reset (issue 48).
 */
export function attemptSignal(outer: AbortSignal, ms: number): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`timed out after ${ms} ms`, 'TimeoutError')), ms);
  const stop = () => controller.abort(outer.reason);
  if (outer.aborted) stop();
  else outer.addEventListener('abort', stop, { once: true });
  return {
    signal: controller.signal,
    done() {
      clearTimeout(timer);
      outer.removeEventListener('abort', stop);
    },
  };
}

/**
 * Step 3: what follows the attempt. 2xx is delivered; otherwise the next attempt is due
 * base × 2^(attempts − 1) after the answer, unless that falls later than the horizon after
 * the series' first attempt: then the delivery has failed.
 */
export function scheduleNext(stored: StoredDelivery, sent: SentAttempt, config: Pick<GatewayConfig, 'webhook_retry_base_ms' | 'webhook_retry_horizon_ms'>): Pick<AttemptRecord, 'state' | 'run_at' | 'first_attempt_at'> {
  const first = stored.first_attempt_at ?? sent.at;
  const status = sent.result.status;
  if (status !== null && status >= 200 && status < 300) return { state: 'delivered', run_at: null, first_attempt_at: first };
  const attempts = stored.delivery.attempts.length + 1;
  const dueAt = sent.endedAt + config.webhook_retry_base_ms * 2 ** (attempts - 1);
  if (dueAt - first > config.webhook_retry_horizon_ms) return { state: 'failed', run_at: null, first_attempt_at: first };
  return { state: 'pending', run_at: dueAt, first_attempt_at: first };
}

/**
 * Step 4: stores the attempt and releases the lease. False when the delivery is no longer
 * this process's with these attempts: forgotten by a reset, or (after a stall longer than the
 * lease) taken up and recorded by another replica.
 */
export function recordAttempt(queue: DeliveryQueue, owner: string, stored: StoredDelivery, sent: SentAttempt, next: ReturnType<typeof scheduleNext>): Promise<boolean> {
  return queue.record(stored.delivery.id, { owner, done: stored.delivery.attempts.length, attempt: sent.result, ...next });
}

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return `timed out after ${WEBHOOK_ATTEMPT_TIMEOUT_MS} ms`;
  // fetch reports "fetch failed" and keeps the reason (e.g. ECONNREFUSED) in `cause`.
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
