/**
 * Settling PENDING work the way a provider would: approve or decline a pending payment,
 * payout or redirect payment (POST /__mock/transactions/{id}/settle, and the provider pages).
 *
 * A shopper who leaves the provider's page (its Abandon): a bank redirect stays PENDING, as
 * the spec's state table says ("never cancelled automatically; stays until provider
 * reports"): the shopper may yet approve it at the bank, and only the bank's report (settle)
 * ends it. A wallet, local-scheme or Provider Y payment, where the spec is silent, is ended
 * by its provider's report that the shopper canceled: CANCELED (1003), with its webhook.
 */
import { PROCESSING_CODES, isBankPayment } from '@payments/core';
import type { GatewayContext } from '../context';
import { ApiError } from '../api-error';
import type { TransactionRecord } from '../store/records';
import { finalize } from './build';

export type Settlement = 'approve' | 'decline';

export function settlePending(ctx: GatewayContext, record: TransactionRecord, settlement: Settlement): TransactionRecord {
  if (record.transaction.status !== 'PENDING') {
    throw new ApiError(422, [
      { property: 'status', message: 'Only a PENDING transaction can be settled', params: [record.transaction.status] },
    ]);
  }
  return settlement === 'approve'
    ? finalize(ctx, record, { status: 'APPROVED' })
    : finalize(ctx, record, { status: 'DECLINED', code: PROCESSING_CODES.DECLINED, message: 'TRX_STATUS_DECLINED' });
}

/**
 * The shopper left the provider's page. A bank redirect is left PENDING and nothing is
 * announced (its pending webhook went out when it started); any other redirect payment is
 * ended CANCELED (1003) and announced.
 */
export function abandonPending(ctx: GatewayContext, record: TransactionRecord): TransactionRecord {
  if (record.transaction.status !== 'PENDING' || isBankPayment(record.transaction.payment_method.type)) return record;
  return finalize(ctx, record, { status: 'CANCELED' });
}
