/**
 * What the dashboard shows of each record: explicit lists of fields, never a record passed
 * through, so no full card number (a record keeps it for the simulator), no CVV (never kept)
 * and no key or secret can reach the page. Cards appear as the masked 6 + 4 only.
 */
import type { StoredDelivery } from '../store/delivery-queue';
import type { SavedPaymentMethod, SessionRecord, StoredCustomer, TransactionRecord } from '../store/records';
import type { WebhookAttempt, WebhookDelivery } from '../webhooks/outbox';
import type { AttemptView, CustomerView, DeliveryView, SessionView, TransactionView } from '../../dashboard/src/api-types';

export type { AttemptView, DeliveryView, TransactionView };

/** 400000******0002: the first six and the last four, as receipts show them. */
export function maskedCard(card: { bin: string; last4: string }): string {
  return `${card.bin.slice(0, 6)}******${card.last4}`;
}

export function transactionView(record: TransactionRecord): TransactionView {
  const tx = record.transaction;
  return {
    id: tx.id,
    parent_id: record.parent_id,
    created_at: record.created_at,
    updated_at: record.updated_at,
    status: tx.status,
    type: tx.transaction_type,
    amount: tx.amount,
    currency: tx.currency,
    reference: tx.reference,
    description: tx.description,
    terminal_id: tx.terminal_id,
    integration_type: record.integration_type,
    card: record.card ? maskedCard(record.card) : null,
    brand: record.card?.brand ?? tx.payment_method.brand ?? null,
    method: tx.payment_method.type,
    processing_code: tx.processing_code,
    response_message: tx.response_message,
    three_ds_stage: record.three_ds?.stage ?? null,
  };
}

export function sessionView(record: SessionRecord): SessionView {
  const s = record.session;
  return {
    id: s.id,
    kind: record.kind,
    status: s.status,
    reference: s.reference,
    description: s.description,
    amount: s.amount,
    currency: s.currency,
    type: s.transaction_type,
    terminal_id: s.terminal_id,
    created_at: new Date(record.created_at_ms).toISOString(),
    expires_at: new Date(record.expires_at_ms).toISOString(),
    customer_id: record.hpp?.customer_id ?? s.customer?.id ?? null,
    transaction_ids: [...record.transaction_ids],
  };
}

export function savedCardView(method: SavedPaymentMethod): CustomerView['saved_cards'][number] {
  return {
    id: method.id,
    status: method.status,
    brand: method.card.brand,
    card: `${method.card.bin.slice(0, 6)}******${method.card.last_4}`,
    exp_month: method.card.exp_month,
    exp_year: method.card.exp_year,
    created_at: method.created_at,
  };
}

export function customerView(customer: StoredCustomer, cards: SavedPaymentMethod[]): CustomerView {
  const name = [customer.first_name, customer.last_name].filter(Boolean).join(' ');
  return { id: customer.id, name: name || null, email: customer.email, country: customer.country, saved_cards: cards.map(savedCardView) };
}

export function attemptView(attempt: WebhookAttempt, delivery: WebhookDelivery): AttemptView {
  return {
    at: attempt.at,
    url: attempt.url ?? delivery.url,
    status: attempt.status,
    error: attempt.error,
    duration_ms: attempt.duration_ms,
    response_excerpt: attempt.response_excerpt ?? null,
    series: attempt.series ?? 1,
  };
}

export function deliveryView(stored: StoredDelivery | WebhookDelivery): DeliveryView {
  const delivery = 'delivery' in stored ? stored.delivery : stored;
  return {
    id: delivery.id,
    event: delivery.event,
    transaction_id: delivery.transaction_id,
    state: delivery.state,
    url: delivery.url,
    created_at: delivery.created_at,
    next_attempt_at: delivery.next_attempt_at,
    resends: delivery.resends ?? 0,
    attempts: delivery.attempts.map((attempt) => attemptView(attempt, delivery)),
  };
}
