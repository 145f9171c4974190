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

/** The transaction processed webhook's payload (spec: Events, Payload). */
export interface TransactionWebhookPayload {
  id: string;
  merchant_id: string;
  terminal_id: string;
  order_id: string;
  payment_link_id: string | null;
  reference: string;
  description: string;
  currency: string;
  amount: number;
  transaction_type: string;
  processing_code: string | null;
  response_message: string | null;
  status: string;
  metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  approval_code: string | null;
  reference_number: string | null;
  parent_id: string | null;
  systan: string | null;
  integration_type: string;
  transaction_initiated_by: string;
  authentication_level: string | null;
  payment_provider_response_code: string | null;
  payment_provider_response_message: string | null;
  normalized_amount: number;
  customer_id: string | null;
  outgoing_amount: number;
  outgoing_currency: string;
  payment_method_method: string | null;
  payment_method_hash: string | null;
  payment_method_type: string | null;
  payment_method_brand: string | null;
  payment_method_masked: string | null;
  payment_method_token: string | null;
  customer_first_name: string | null;
  customer_last_name: string | null;
  customer_address: string | null;
  customer_city: string | null;
  customer_country: string | null;
  customer_postal_code: string | null;
  customer_email: string | null;
  customer_phone_number: string | null;
  authentication_status: string | null;
  payment_method_expiry: string | null;
}

export interface TokenizationWebhookData {
  payment_method_id: string;
  payment_method_type: 'CARD';
  card_brand: string | null;
  card_bin: string;
  card_last_4: string;
  card_masked: string;
  card_exp_month: number;
  card_exp_year: number;
  customer_id: string | null;
  transaction_id: string;
}

export type WebhookBody =
  | { event: TransactionEventName; payload: TransactionWebhookPayload }
  | { event: typeof TOKENIZATION_EVENT; data: TokenizationWebhookData };
