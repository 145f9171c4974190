/**
 * Idempotency per terminal by reference (spec: Errors): the same reference with the same
 * amount and currency returns the existing transaction; with a different amount or
 * currency it is a 422. Nothing is ever charged twice for one reference.
 */
import type { GatewayContext } from '../context';
import { ApiError } from '../api-error';
import type { TransactionRecord } from '../store/records';

export async function findIdempotent(
  ctx: GatewayContext,
  terminalId: string,
  reference: string,
  amount: number,
  currency: string,
): Promise<TransactionRecord | undefined> {
  const existing = await ctx.store.transactionByReference(terminalId, reference);
  if (!existing) return undefined;
  const mismatched: { property: string; message: string; params: string[] }[] = [];
  if (existing.transaction.amount !== amount) {
    mismatched.push({
      property: 'amount',
      message: 'A transaction with this reference exists with a different amount',
      params: [reference, String(existing.transaction.amount)],
    });
  }
  if (existing.transaction.currency !== currency) {
    mismatched.push({
      property: 'currency',
      message: 'A transaction with this reference exists with a different currency',
      params: [reference, existing.transaction.currency],
    });
  }
  if (mismatched.length > 0) throw new ApiError(422, mismatched);
  return existing;
}
