/**
 * The locks units of work take (store.atomic), named for what they protect. Everything
 * that changes a payment takes its reference's lock: authorize (the idempotent reference,
 * one payment per session), 3-D Secure steps, provider pages, settle, and capture, refund and
 * void (their children share the reference, so refund and capture totals are summed under it).
 */
import type { TransactionRecord } from './records';
import type { Store } from './store';

/** What a unit of work on a transaction needs: the store (a GatewayContext is one). */
interface WithStore {
  store: Store;
}

export const referenceLock = (terminalId: string, reference: string): string => `reference:${terminalId}:${reference}`;
export const sessionLock = (sessionId: string): string => `session:${sessionId}`;
export const sessionReferenceLock = (terminalId: string, reference: string): string => `session-reference:${terminalId}:${reference}`;
export const paymentMethodLock = (id: string): string => `payment-method:${id}`;
export const tokenLock = (token: string): string => `token:${token}`;
export const settingLock = (key: string): string => `setting:${key}`;

/**
 * Runs `work` on transaction `id` as one unit of work under its reference's lock, with the
 * record as it is once the lock is held; `work(undefined)` when there is no such transaction.
 */
export async function withTransaction<T>(
  ctx: WithStore,
  id: string,
  work: (record: TransactionRecord | undefined) => Promise<T> | T,
): Promise<T> {
  const first = await ctx.store.transaction(id);
  if (!first) return work(undefined);
  const lock = referenceLock(first.transaction.terminal_id, first.transaction.reference);
  return ctx.store.atomic([lock], async () => work(await ctx.store.transaction(id)));
}

/** `withTransaction` for the transaction whose 3-D Secure authentication has this server transaction id. */
export async function withThreeDsTransaction<T>(
  ctx: WithStore,
  serverTransId: string,
  work: (record: TransactionRecord | undefined) => Promise<T> | T,
): Promise<T> {
  const found = serverTransId ? await ctx.store.transactionByThreeDsServerId(serverTransId) : undefined;
  if (!found) return work(undefined);
  return withTransaction(ctx, found.transaction.id, (record) => work(record?.three_ds?.server_trans_id === serverTransId ? record : undefined));
}
