/**
 * The webhook outbox's contract. Transaction routes call `announceTransaction` whenever a
 * transaction's status changes (inside the unit of work that changes it); the outbox decides the spec event names, signs, delivers
 * and retries. (Implementation: see ./webhook-outbox.ts.)
 */
import type { TokenizationWebhookData, WebhookBody } from '@payments/core';
import type { TransactionRecord } from '../store/records';

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

export interface DeliveryFilter {
  transactionId?: string;
  event?: string;
  /** The newest this many (default 10,000). */
  limit?: number;
}

export interface WebhookOutbox {
  /** Announces the record's current status unless already announced (events per the spec). */
  announceTransaction(record: TransactionRecord): void;
  announceTokenization(merchantId: string, data: TokenizationWebhookData): void;
  /** Deliveries with every attempt, oldest first (the newest `limit` of them). */
  deliveries(filter?: DeliveryFilter): Promise<WebhookDelivery[]>;
  /** Claims what is due now: a delivery webhooks/resend.ts has just re-armed (its new series starts, in the merchant's order). */
  wake(): void;
  /** The request an attempt of this delivery sends, freshly signed: `listen --forward-to`, the dashboard's copy. */
  signedRequest(delivery: WebhookDelivery, rawBody: string): Promise<{ headers: Record<string, string>; body: string }>;
  /** Starts claiming: takes up the deliveries a previous run of the gateway left open (at start). */
  resume(): Promise<void>;
  /** Where deliveries go from now on ('' turns delivery off; deliveries are still recorded). */
  setUrl(url: string): void;
  /** The public keys that verify webhook JWTs, as a JWKS. */
  jwks(): Promise<{ keys: Record<string, unknown>[] }>;
  /** Resolves when no delivery is due (tests await it). */
  idle(): Promise<void>;
  /** Forgets deliveries (POST /__mock/reset, DELETE /__mock/webhooks). */
  clear(): Promise<void>;
  /** Claims nothing more (a crash, as far as the queue can tell: this process's leases stay until they run out). */
  stop(): void;
  /**
   * For a graceful stop (SIGTERM): claims nothing more, lets the attempts on the wire finish
   * and records their answers (until `deadline`, epoch ms), then releases this process's
   * leases, so other replicas take its deliveries up at once, not when the leases run out.
   */
  release(deadline: number): Promise<void>;
}
