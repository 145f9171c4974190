/**
 * The shop's orders, in its database: one is written when a checkout starts (the gateway
 * accepted the session, so its reference is ours to keep), and the verified transaction
 * webhooks move its status. Every call is asynchronous and small, the way a merchant's
 * order table would be used.
 *
 *   await orders.create({ reference, channel: 'embedded', locale, amount, currency, sessionId });
 *   await orders.list();                       // newest first, each with the webhooks applied
 *   await orders.applyEvent(tx, event);        // inside the webhook inbox's transaction
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { LocaleTag } from '@payments/core';
import type { OrderUpdate, ShopOrder, WebhookEventRecord } from '../shared/api-types';

export interface NewOrder {
  reference: string;
  channel: ShopOrder['channel'];
  locale: LocaleTag;
  amount: number;
  currency: string;
  /** The gateway's session (Embedded Fields or hosted page) the shopper pays in. */
  sessionId: string;
}

interface OrderRow {
  reference: string;
  created_at: Date;
  channel: ShopOrder['channel'];
  locale: LocaleTag;
  amount: number;
  currency: string;
  status: string | null;
  transaction_id: string | null;
  updated_at: Date | null;
}

interface UpdateRow {
  applied_to: string;
  delivery_id: string;
  received_at: Date;
  event: string;
  status: string | null;
}

/** The payment events of a transaction; refunds, voids and captures (management) are kept in the log only. */
const PAYMENT_EVENT = /^transaction-svc:transaction:(?!management:)/;

export class OrderBook {
  constructor(private readonly db: PGlite) {}

  async create(order: NewOrder): Promise<void> {
    await this.db.query(
      'INSERT INTO orders (reference, channel, locale, amount, currency, session_id) VALUES ($1, $2, $3, $4, $5, $6)',
      [order.reference, order.channel, order.locale, order.amount, order.currency, order.sessionId],
    );
  }

  /** The newest orders first, each with the webhooks applied to it (oldest first). */
  async list(limit = 50): Promise<ShopOrder[]> {
    const { rows } = await this.db.query<OrderRow>(
      `SELECT reference, created_at, channel, locale, amount::float8 AS amount, currency, status, transaction_id, updated_at
       FROM orders ORDER BY created_at DESC, reference DESC LIMIT $1`,
      [limit],
    );
    if (rows.length === 0) return [];
    const updates = await this.db.query<UpdateRow>(
      `SELECT applied_to, delivery_id, received_at, event, status FROM webhook_deliveries
       WHERE applied_to = ANY($1) ORDER BY seq`,
      [rows.map((row) => row.reference)],
    );
    const byOrder = new Map<string, OrderUpdate[]>();
    for (const row of updates.rows) {
      const update: OrderUpdate = { webhookId: row.delivery_id, receivedAt: row.received_at.toISOString(), event: row.event, status: row.status };
      byOrder.set(row.applied_to, [...(byOrder.get(row.applied_to) ?? []), update]);
    }
    return rows.map((row) => ({
      reference: row.reference,
      createdAt: row.created_at.toISOString(),
      channel: row.channel,
      locale: row.locale,
      amount: row.amount,
      currency: row.currency,
      status: row.status,
      transactionId: row.transaction_id,
      updatedAt: row.updated_at?.toISOString() ?? null,
      updates: byOrder.get(row.reference) ?? [],
    }));
  }

  /**
   * The change a verified payment event makes to its order (found by reference), inside
   * the caller's transaction, which has just recorded the delivery. A PENDING that arrives
   * after a final status (a late retry of an earlier event) does not undo it. Answers the
   * order's reference, or null when the event changes no order of ours.
   */
  async applyEvent(tx: Transaction, event: WebhookEventRecord): Promise<string | null> {
    if (!PAYMENT_EVENT.test(event.event) || event.reference === null) return null;
    const { rows } = await tx.query<{ reference: string }>(
      `UPDATE orders SET
         status = CASE WHEN $2::text IS NULL OR ($2 = 'PENDING' AND status IS NOT NULL AND status <> 'PENDING') THEN status ELSE $2 END,
         transaction_id = CASE WHEN $2::text IS NULL OR ($2 = 'PENDING' AND status IS NOT NULL AND status <> 'PENDING') THEN transaction_id
                               ELSE coalesce($3, transaction_id) END,
         updated_at = $4
       WHERE reference = $1 RETURNING reference`,
      [event.reference, event.status, event.transactionId, event.receivedAt],
    );
    if (rows.length === 0) return null;
    await tx.query('UPDATE webhook_deliveries SET applied_to = $1 WHERE delivery_id = $2', [event.reference, event.webhookId]);
    return event.reference;
  }
}
