import type { components } from './generated/gateway-api';

/** Webhook event names of the spec's Events table, plus the tokenization event. */
export const WEBHOOK_EVENTS = [
  'transaction-svc:transaction:authorized',
  'transaction-svc:transaction:authorize:authorized',
  'transaction-svc:transaction:authorize:declined',
  'transaction-svc:transaction:authorize:pending',
  'transaction-svc:transaction:purchase:approved',
  'transaction-svc:transaction:purchase:declined',
  'transaction-svc:transaction:purchase:pending',
  'transaction-svc:transaction:pending',
  'transaction-svc:transaction:declined',
  'transaction-svc:transaction:management:approved',
  'transaction-svc:transaction:management:declined',
  'transaction-svc:transaction:management:refund:approved',
  'transaction-svc:transaction:management:refund:declined',
  'transaction-svc:transaction:management:void:approved',
  'transaction-svc:transaction:management:void:declined',
  'transaction-svc:transaction:management:capture:approved',
  'transaction-svc:transaction:management:capture:declined',
] as const;

export type TransactionEventName = (typeof WEBHOOK_EVENTS)[number];

export const TOKENIZATION_EVENT = 'tokenization-webhook:payment-method:tokenized';

export type WebhookEventName = TransactionEventName | typeof TOKENIZATION_EVENT;

/** The transaction processed webhook's payload (spec: Events, Payload), as the gateway's document describes it. */
export type TransactionWebhookPayload = components['schemas']['TransactionWebhookPayload'];

export type TokenizationWebhookData = components['schemas']['TokenizationWebhookData'];

export type WebhookBody =
  | { event: TransactionEventName; payload: TransactionWebhookPayload }
  | { event: typeof TOKENIZATION_EVENT; data: TokenizationWebhookData };
