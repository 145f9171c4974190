/**
 * The transaction processed webhook's payload (spec: Events, Payload), built from a record.
 * Pure apart from a default `systan` (6 random digits, as a trace number). The result is a snapshot:
 * later changes to the record do not reach an already built payload.
 */
import { randomInt } from 'node:crypto';
import type { TransactionEventName, TransactionWebhookPayload } from '@payments/core';
import type { CardFacts, TransactionRecord } from '../store/records';

const PURCHASE_APPROVED: TransactionEventName = 'transaction-svc:transaction:purchase:approved';

/**
 * The payload for `record` as it is now. `event` only matters for payment_method_token,
 * which the spec leaves null on the purchase approved event. The events of one status
 * change share one `systan`.
 */
export function transactionPayload(
  record: TransactionRecord,
  event?: TransactionEventName,
  systan: string = newSystan(),
): TransactionWebhookPayload {
  const tx = record.transaction;
  const pm = tx.payment_method;
  const customer = tx.customer;
  return {
    id: tx.id,
    merchant_id: tx.merchant_id,
    terminal_id: tx.terminal_id,
    order_id: tx.order_id,
    payment_link_id: null, // The mock has no payment links.
    reference: tx.reference,
    description: tx.description,
    currency: tx.currency,
    amount: tx.amount,
    transaction_type: tx.transaction_type,
    processing_code: tx.processing_code,
    response_message: tx.response_message,
    status: tx.status,
    metadata: structuredClone(record.metadata),
    created_at: record.created_at,
    updated_at: record.updated_at,
    approval_code: tx.processing_result.approval_code,
    reference_number: tx.processing_result.reference_number,
    parent_id: record.parent_id,
    systan,
    integration_type: record.integration_type,
    // Spec silent on values: MERCHANT only for a card saved for merchant-initiated use.
    transaction_initiated_by: record.tokenize?.tokenize_for === 'MERCHANT_INITIATED_TRANSACTION' ? 'MERCHANT' : 'CUSTOMER',
    // Spec silent on values: THREE_DS_2 whenever 3-D Secure ran, else null.
    authentication_level: record.three_ds ? 'THREE_DS_2' : null,
    payment_provider_response_code: tx.processing_code,
    payment_provider_response_message: tx.response_message,
    normalized_amount: tx.normalized_amount,
    customer_id: customer.id,
    // Spec silent: the mock does no currency conversion, so outgoing equals the request.
    outgoing_amount: tx.amount,
    outgoing_currency: tx.currency,
    payment_method_method: pm.method,
    payment_method_hash: pm.hash,
    payment_method_type: pm.type,
    payment_method_brand: pm.brand,
    payment_method_masked: pm.masked,
    payment_method_token: event === PURCHASE_APPROVED ? null : pm.token,
    customer_first_name: customer.first_name,
    customer_last_name: customer.last_name,
    customer_address: customer.address,
    customer_city: customer.city,
    customer_country: customer.country,
    customer_postal_code: customer.postal_code,
    customer_email: customer.email,
    customer_phone_number: customer.phone,
    authentication_status: record.three_ds?.trans_status ?? null,
    payment_method_expiry: record.card ? expiryDate(record.card) : null,
  };
}

/** ISO date (YYYY-MM-DD) of the last day of the card's expiry month. */
export function expiryDate(card: Pick<CardFacts, 'exp_month' | 'exp_year'>): string {
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year; // tolerate "28" for 2028
  // Day 0 of the next month is the last day of this one (months are 0-based in Date.UTC).
  return new Date(Date.UTC(year, card.exp_month, 0)).toISOString().slice(0, 10);
}

/** A system trace audit number: 6 random digits. */
export function newSystan(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}
