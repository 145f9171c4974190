/**
 * The verified webhooks the shop has processed, in its database, idempotent by delivery id
 * (the signed jti: the gateway retries with the same one, and the spec warns that
 * duplicates happen). A delivery's id is recorded in the same transaction as the change it
 * causes, so a crash can neither apply it without remembering it (applied twice on the
 * retry) nor remember it without applying it (lost). Every id is kept: a retry after a
 * restart, or days later, is still recognised.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { WebhookEventRecord } from '../shared/api-types';

/** What a new delivery changes, in the inbox's transaction (e.g. its order's status). */
export type ApplyDelivery = (tx: Transaction, event: WebhookEventRecord) => Promise<unknown>;

interface DeliveryRow {
  delivery_id: string;
  attempt: number | null;
  received_at: Date;
  event: string;
  transaction_id: string | null;
  reference: string | null;
  status: string | null;
  amount: number | null;
  currency: string | null;
  processing_code: string | null;
  response_message: string | null;
}

export class WebhookInbox {
  constructor(
    private readonly db: PGlite,
    /** How many events the log lists. */
    readonly shown = 200,
  ) {}

  /**
   * Records the delivery and applies it, in one transaction; answers false for a delivery
   * id already processed (then nothing is applied). Throws, recording nothing, when
   * `apply` throws: the gateway gets an error and retries.
   */
  async receive(event: WebhookEventRecord, apply?: ApplyDelivery): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query(
        `INSERT INTO webhook_deliveries
           (delivery_id, received_at, attempt, event, transaction_id, reference, status, amount, currency, processing_code, response_message)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (delivery_id) DO NOTHING RETURNING delivery_id`,
        [
          event.webhookId, event.receivedAt, event.attempt, event.event, event.transactionId, event.reference,
          event.status, event.amount, event.currency, event.processingCode, event.responseMessage,
        ],
      );
      if (rows.length === 0) return false;
      await apply?.(tx, event);
      return true;
    });
  }

  /** Newest first; only one transaction's events when `transactionId` is given. */
  async list(transactionId?: string): Promise<WebhookEventRecord[]> {
    const { rows } = await this.db.query<DeliveryRow>(
      `SELECT delivery_id, attempt, received_at, event, transaction_id, reference, status, amount::float8 AS amount,
              currency, processing_code, response_message
       FROM webhook_deliveries WHERE $1::text IS NULL OR transaction_id = $1
       ORDER BY seq DESC LIMIT $2`,
      [transactionId ?? null, this.shown],
    );
    return rows.map((row) => ({
      webhookId: row.delivery_id,
      attempt: row.attempt,
      receivedAt: row.received_at.toISOString(),
      event: row.event,
      transactionId: row.transaction_id,
      reference: row.reference,
      status: row.status,
      amount: row.amount,
      currency: row.currency,
      processingCode: row.processing_code,
      responseMessage: row.response_message,
    }));
  }
}
