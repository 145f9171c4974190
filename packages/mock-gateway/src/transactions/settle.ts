/**
 * Settling PENDING work the way a provider would: approve or decline a pending payment,
 * payout or redirect payment (POST /__mock/transactions/{id}/settle, and the provider pages).
 * A shopper who abandons at the provider's page (its Abandon: the provider reports it) ends
 * the payment CANCELED; one who simply never comes back leaves it PENDING, as the spec says.
 */
import { PROCESSING_CODES } from '@payments/core';
import type { GatewayContext } from '../context';
import { ApiError } from '../http/api-error';
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

/** The provider reports that the shopper abandoned the payment on its page: CANCELED (1003), announced. */
export function abandonPending(ctx: GatewayContext, record: TransactionRecord): TransactionRecord {
  if (record.transaction.status !== 'PENDING') return record;
  return finalize(ctx, record, { status: 'CANCELED' });
}
