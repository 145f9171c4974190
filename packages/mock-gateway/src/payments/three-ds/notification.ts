/**
 * The 3-D Secure steps the gateway itself takes part in: finding a caller's authentication,
 * and recording a CRes
 * posted to a notification URL (a full-page challenge finishes there).
 */
import { tryDecodeBase64Json, type ExecutionResponse, type TransStatus } from '@payments/core';
import type { GatewayContext } from '../../context';
import { invalid } from '../../api-error';
import { withTransaction } from '../../store/locks';
import type { TransactionRecord } from '../../store/records';
import { completeChallenge } from './engine';

/** The record for a 3-D Secure id, if the caller's merchant owns it (else a 422, no leak). */
export async function ownedThreeDsTransaction(ctx: GatewayContext, merchantId: string, serverTransId: string, property: string): Promise<TransactionRecord> {
  const record = await ctx.store.transactionByThreeDsServerId(serverTransId);
  if (!record || record.transaction.merchant_id !== merchantId) {
    throw invalid(property, 'Unknown 3-D Secure transaction', [serverTransId]);
  }
  return record;
}

export type NotificationStep =
  | { kind: 'unknown'; record: TransactionRecord | undefined }
  | { kind: 'recorded' | 'not-completed'; record: TransactionRecord }
  | { kind: 'completed'; record: TransactionRecord; response: ExecutionResponse };

/**
 * A CRes posted to a notification URL (`framed`: inside the page's iframe). Decided and stored
 * in one unit of work; the browser is answered once it is committed.
 */
export function recordChallengeNotification(ctx: GatewayContext, id: string, cresBody: string | undefined, framed: boolean): Promise<NotificationStep> {
  const cres = tryDecodeBase64Json<{ threeDSServerTransID: string; transStatus: string }>(cresBody) ?? {};
  return withTransaction(ctx, id, (record): NotificationStep => {
    if (!record?.three_ds || cres.threeDSServerTransID !== record.three_ds.server_trans_id) return { kind: 'unknown', record };
    if (framed || record.three_ds.stage !== 'CHALLENGE') return { kind: 'recorded', record };
    // Full-page challenge: finish here with the ACS's record (the CRes's transStatus is not
    // believed); a CRes for a challenge the ACS never completed decides nothing.
    const status: TransStatus | null = record.three_ds.acs_result;
    if (status === null) return { kind: 'not-completed', record };
    return { kind: 'completed', record, response: completeChallenge(ctx, record, { trans_status: status }) };
  });
}
