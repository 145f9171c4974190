/**
 * Which webhook events a transaction's current status announces (spec: Events). Pure: the
 * outbox decides whether the status was already announced; this only names the events.
 * Each event is delivered as its own POST.
 */
import type { ManagementType, TransactionEventName, TransactionStatus } from '@payments/core';
import type { TransactionRecord } from '../store/records';

type Outcome = 'approved' | 'declined' | 'pending';

const E = 'transaction-svc:transaction' as const;

/** The events for `record`'s current status, in the order they are sent; [] when none. */
export function eventsFor(record: TransactionRecord): TransactionEventName[] {
  const { transaction_type: type, status } = record.transaction;
  const outcome = outcomeOf(status);
  if (outcome === null) return []; // CREATED and VOIDED announce nothing (the VOID child does).

  if (type === 'CAPTURE' || type === 'REFUND' || type === 'VOID') return managementEvents(type, outcome);

  switch (type) {
    // Spec: PAYMENT event names "not shown"; we decided PAYMENT announces like PURCHASE.
    case 'PURCHASE':
    case 'PAYMENT':
      if (outcome === 'approved') return [`${E}:purchase:approved`];
      return outcome === 'declined'
        ? [`${E}:purchase:declined`, `${E}:declined`]
        : [`${E}:purchase:pending`, `${E}:pending`];
    case 'AUTHORIZE':
      if (outcome === 'approved') return [`${E}:authorize:authorized`, `${E}:authorized`];
      return outcome === 'declined'
        ? [`${E}:authorize:declined`, `${E}:declined`]
        : [`${E}:authorize:pending`, `${E}:pending`];
    // Spec: payout event names "not shown"; OCT and (card or non-card) PAYOUT use the general events.
    case 'OCT':
    case 'PAYOUT':
      if (outcome === 'approved') return [`${E}:authorized`];
      return outcome === 'declined' ? [`${E}:declined`] : [`${E}:pending`];
  }
}

function managementEvents(type: ManagementType, outcome: Outcome): TransactionEventName[] {
  const kind = type === 'CAPTURE' ? 'capture' : type === 'REFUND' ? 'refund' : 'void';
  if (outcome === 'approved') return [`${E}:management:${kind}:approved`, `${E}:management:approved`];
  if (outcome === 'declined') return [`${E}:management:${kind}:declined`, `${E}:management:declined`];
  return []; // The spec has no management pending event; a pending child announces nothing.
}

/** DECLINED, FAILED, CANCELED and EXPIRED all read as "declined" (spec: terminal states). */
function outcomeOf(status: TransactionStatus): Outcome | null {
  switch (status) {
    case 'APPROVED':
      return 'approved';
    case 'PENDING':
      return 'pending';
    case 'DECLINED':
    case 'FAILED':
    case 'CANCELED':
    case 'EXPIRED':
      return 'declined';
    case 'CREATED':
    case 'VOIDED':
      return null;
  }
}
