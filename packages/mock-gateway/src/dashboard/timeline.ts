/**
 * A transaction's story for the dashboard, oldest first: the session it was paid in, the
 * authorize request (card masked), each 3-D Secure step and who decided it, the result, the
 * management operations on it (capture, refund, void: children under its reference), and
 * every webhook delivery about it or its operations with every attempt.
 */
import type { GatewayContext } from '../context';
import type { TransactionRecord } from '../store/records';
import type { Timeline } from '../../dashboard/src/api-types';
import { deliveryView } from '../webhooks/delivery-view';
import { maskedCard, sessionView, transactionView } from './views';

/** Operations and deliveries looked at per transaction (one reference's children, each one's events). */
const RELATED_LIMIT = 200;

export async function transactionTimeline(ctx: GatewayContext, record: TransactionRecord): Promise<Timeline> {
  const tx = record.transaction;
  const session = record.session_id ? await ctx.store.session(record.session_id) : undefined;
  const sameReference = await ctx.store.recentTransactions({ reference: tx.reference, limit: RELATED_LIMIT });
  const operations = sameReference
    .filter((r) => r.parent_id === tx.id && r.transaction.merchant_id === tx.merchant_id)
    .reverse()
    .map(transactionView);
  const about = [tx.id, ...operations.map((o) => o.id)];
  const deliveries = (await Promise.all(about.map((id) => ctx.webhooks.deliveries({ transactionId: id, limit: RELATED_LIMIT })))).flat();
  deliveries.sort((a, b) => a.created_at.localeCompare(b.created_at));
  return {
    transaction: transactionView(record),
    session: session && session.merchant_id === tx.merchant_id ? sessionView(session) : null,
    authorize: {
      at: record.created_at,
      integration_type: record.integration_type,
      amount: tx.amount,
      currency: tx.currency,
      card: record.card ? maskedCard(record.card) : null,
      brand: record.card?.brand ?? tx.payment_method.brand,
      expiry: record.card ? `${String(record.card.exp_month).padStart(2, '0')}/${record.card.exp_year}` : null,
      method: tx.payment_method.type,
      originator_url: record.originator_url,
    },
    three_ds: record.three_ds
      ? {
          flow: record.three_ds.flow,
          stage: record.three_ds.stage,
          trans_status: record.three_ds.trans_status,
          steps: (record.three_ds.steps ?? []).map((step) => ({ ...step })),
        }
      : null,
    result: {
      at: record.updated_at,
      status: tx.status,
      approved: tx.approved,
      processing_code: tx.processing_code,
      response_message: tx.response_message,
    },
    operations,
    deliveries: deliveries.map(deliveryView),
  };
}
