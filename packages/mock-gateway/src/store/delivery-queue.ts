/**
 * The webhook deliveries' own storage, on graphile-worker's model: a queue of rows with typed
 * columns (state, attempt_count, run_at, locked_by, locked_at), claimed by the outbox of any
 * gateway process. Two engines answer the same named queries: memory-delivery-queue.ts (a
 * due-time heap) and sql-delivery-queue.ts (`FOR UPDATE SKIP LOCKED`, on PGlite and Postgres).
 *
 * Claiming (the rules every engine keeps):
 *  - a delivery is due when it is pending and its `run_at` (gateway clock) has come;
 *  - it is free when no process holds its lease, or the lease ran out (`locked_at` older than
 *    the lease, wall clock): the holder died mid-attempt;
 *  - a merchant's deliveries go out in announcement order: while an earlier delivery of the
 *    merchant still waits for (or is in) its first attempt, a later one is not claimed.
 *    Retries do not hold later deliveries back (a retrying delivery's first attempt is over);
 *  - claiming sets `locked_by` and `locked_at`; recording the attempt clears them.
 */
import type { WebhookBody } from '@payments/core';

/** One attempt to deliver a webhook: when, what the receiver answered, how long it took. */
export interface WebhookAttempt {
  at: string;
  /** HTTP status of the receiver, or null when the request failed. */
  status: number | null;
  error: string | null;
  duration_ms: number;
  /** Where it was posted (absent on attempts recorded before the dashboard). */
  url?: string;
  /** The first bytes of the receiver's answer (answer-excerpt.ts); null when there was none. */
  response_excerpt?: string | null;
  /** 1 for the first series of attempts, 2 after the first resend, … */
  series?: number;
}

/** One webhook event for one merchant, as the dashboard, the CLI and `/__mock/webhooks` show it: its body, its state and its attempts. */
export interface WebhookDelivery {
  /** Also sent as x-webhook-id on every attempt, so receivers can drop duplicates. */
  id: string;
  merchant_id: string;
  /** The transaction the event is about (the tokenization event's transaction_id). */
  transaction_id: string;
  event: string;
  /** Where it is posted: the webhook URL when it was announced ('' for state no_url). */
  url: string;
  body: WebhookBody;
  attempts: WebhookAttempt[];
  /** How many times it was sent again on request (POST /__mock/webhooks/{id}/resend, the dashboard). */
  resends?: number;
  /** no_url: announced while no webhook URL was set; recorded, never sent. */
  state: 'pending' | 'delivered' | 'failed' | 'no_url';
  next_attempt_at: string | null;
  /** When it was announced (gateway clock). */
  created_at: string;
}


/** A delivery as the queue keeps it: the delivery, the exact bytes it sends, and its schedule. */
export interface StoredDelivery {
  /** `next_attempt_at` and `attempts.length` (attempt_count) are derived from the columns. */
  delivery: WebhookDelivery;
  raw_body: string;
  /** Gateway-clock ms of the current series' first attempt (its horizon runs from it). */
  first_attempt_at: number | null;
  /** Gateway-clock ms when the next attempt is due; null when none is (delivered, failed, no_url). */
  run_at: number | null;
  /** The process whose attempt is on the wire (its lease), and since when (wall-clock ms). */
  locked_by: string | null;
  locked_at: number | null;
}

export interface DeliveryListFilter {
  merchantId?: string;
  transactionId?: string;
  /** Only those given up, or retrying after a failed attempt (the dashboard's "failing"). */
  failing?: boolean;
  limit: number;
}

export interface ClaimRequest {
  /** The claiming process. */
  owner: string;
  /** Gateway-clock ms: what `run_at` is compared with. */
  now: number;
  /** Wall-clock ms, and how long a lease lasts: a lease taken before `wallNow - leaseMs` ran out. */
  wallNow: number;
  leaseMs: number;
  limit: number;
}

/** An attempt's outcome as the outbox decided it (webhooks/delivery-steps.ts). */
export interface AttemptRecord {
  owner: string;
  /** Attempts recorded before this one: the row must still have exactly these. */
  done: number;
  attempt: WebhookAttempt;
  state: WebhookDelivery['state'];
  run_at: number | null;
  first_attempt_at: number;
}

export interface DeliveryWriter {
  /** Stores a new delivery (inside the unit of work of the change that announces it). */
  insert(stored: StoredDelivery): Promise<void>;
}

export interface DeliveryQueue extends DeliveryWriter {
  get(id: string): Promise<StoredDelivery | undefined>;
  /** Newest first. */
  list(filter: DeliveryListFilter): Promise<StoredDelivery[]>;
  count(): Promise<number>;
  /** Takes up to `limit` due, free deliveries for `owner` (see the rules above), earliest due first. */
  claim(request: ClaimRequest): Promise<StoredDelivery[]>;
  /** Stores an attempt and releases the lease; false when the row is no longer `owner`'s with `done` attempts. */
  record(id: string, outcome: AttemptRecord): Promise<boolean>;
  /** The earliest `run_at` of a pending delivery no process holds (gateway-clock ms), or null. */
  nextDue(): Promise<number | null>;
  /** A new series of attempts, due at `now`, to `url` (a resend); undefined when there is no such delivery. */
  rearm(id: string, url: string, now: number): Promise<StoredDelivery | undefined>;
  /** Clears the leases `owner` holds (a graceful stop), or every lease (owner null: a process alone on its store). */
  release(owner: string | null): Promise<void>;
  clear(): Promise<void>;
}

/** A delivery that failed: given up, or waiting for a retry after a failed attempt. */
export function isFailing(delivery: WebhookDelivery): boolean {
  return delivery.state === 'failed' || (delivery.state === 'pending' && delivery.attempts.length > 0);
}

/**
 * When the next attempt is shown as due: a retry of the current series (a fresh delivery's or
 * a resend's first attempt is not a retry: null, as before the queue had columns).
 */
export function nextAttemptAt(state: WebhookDelivery['state'], runAt: number | null, attempts: readonly WebhookAttempt[], resends: number): string | null {
  if (state !== 'pending' || runAt === null) return null;
  const last = attempts.at(-1);
  return last && (last.series ?? 1) === resends + 1 ? new Date(runAt).toISOString() : null;
}
