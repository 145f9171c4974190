/**
 * The 3-D Secure steps of a transaction as the dashboard's timeline shows them: what happened,
 * when (gateway clock), and who decided the outcome where one was decided — the issuer's page
 * (the shopper pressed Approve or Decline at the ACS), or the simulator (the test card or
 * simulated flow decided, no shopper involved). Kept on the transaction's 3-D Secure state.
 */
import type { TransStatus } from '@payments/core';
import type { GatewayContext } from '../../context';
import type { ThreeDsStep, TransactionRecord } from '../../store/records';

/** At most this many steps per transaction (a replayed step cannot grow a record without end). */
const MAX_STEPS = 32;

export function noteThreeDsStep(
  ctx: GatewayContext,
  record: TransactionRecord,
  step: ThreeDsStep['step'],
  decidedBy: ThreeDsStep['decided_by'] = null,
  transStatus: TransStatus | null = null,
): void {
  const state = record.three_ds;
  if (!state) return;
  const steps = (state.steps ??= []);
  if (steps.length >= MAX_STEPS) return;
  steps.push({ at: ctx.clock.iso(), step, decided_by: decidedBy, trans_status: transStatus });
}
