/**
 * The webhook outbox's contract. Transaction routes call `announceTransaction` whenever a
 * transaction's status changes (inside the unit of work that changes it); the outbox decides the spec event names, signs, delivers
 * and retries. (Implementation: see ./webhook-outbox.ts.)
 */
import type { TokenizationWebhookData } from '@payments/core';
import type { WebhookDelivery } from '../store/delivery-queue';
import type { TransactionRecord } from '../store/records';

// The delivery's record is the store's (store/delivery-queue.ts): store/ imports nothing of the gateway.
export type { WebhookAttempt, WebhookDelivery } from '../store/delivery-queue';

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
