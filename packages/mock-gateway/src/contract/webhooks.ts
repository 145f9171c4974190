/**
 * The `webhooks` section of the document (OpenAPI 3.1): one entry per event of the spec's
 * Events section and the tokenization event, each the signed POST the merchant receives and
 * its body. The payload components are added to `components.schemas` by document.ts.
 */
import { TOKENIZATION_EVENT, WEBHOOK_EVENTS } from '@payments/core';

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const object = (properties: Record<string, unknown>, description: string) => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  description,
});

const PAYLOAD_TEXT = [
  'id', 'merchant_id', 'terminal_id', 'order_id', 'reference', 'description', 'currency', 'transaction_type', 'status',
  'created_at', 'updated_at', 'integration_type', 'transaction_initiated_by', 'outgoing_currency',
];
const PAYLOAD_NULLABLE = [
  'payment_link_id', 'processing_code', 'response_message', 'approval_code', 'reference_number', 'parent_id', 'systan',
  'authentication_level', 'payment_provider_response_code', 'payment_provider_response_message', 'customer_id',
  'payment_method_method', 'payment_method_hash', 'payment_method_type', 'payment_method_brand', 'payment_method_masked',
  'payment_method_token', 'customer_first_name', 'customer_last_name', 'customer_address', 'customer_city',
  'customer_country', 'customer_postal_code', 'customer_email', 'customer_phone_number', 'authentication_status',
  'payment_method_expiry',
];

export const WEBHOOK_COMPONENTS = {
  TransactionWebhookPayload: object(
    {
      ...Object.fromEntries(PAYLOAD_TEXT.map((name) => [name, text])),
      ...Object.fromEntries(PAYLOAD_NULLABLE.map((name) => [name, nullableText])),
      amount: { type: 'integer', description: 'Minor units.' },
      normalized_amount: { type: 'integer' },
      outgoing_amount: { type: 'integer' },
      metadata: { type: 'object', additionalProperties: true },
    },
    'The transaction processed payload. payment_method_token is null on the purchase approved event; payment_method_expiry is the last day of the expiry month (ISO 8601 date) or null.',
  ),
  TokenizationWebhookData: object(
    {
      payment_method_id: text,
      payment_method_type: { type: 'string', const: 'CARD' },
      card_brand: nullableText,
      card_bin: text,
      card_last_4: text,
      card_masked: text,
      card_exp_month: { type: 'integer' },
      card_exp_year: { type: 'integer' },
      customer_id: nullableText,
      transaction_id: text,
    },
    'A card saved: the token (payment_method_id) is delivered only on this event for hosted and redirect flows.',
  ),
};

const signed = {
  name: 'Authorization',
  in: 'header',
  required: true,
  description:
    "`Bearer <JWT>`, signed with the gateway's key (`GET /.well-known/jwks.json`); its `data.SHA512` claim is the lowercase hex SHA-512 of the raw body. Hash the raw body, compare, verify the JWT, else answer 401.",
  schema: { type: 'string', pattern: '^Bearer ' },
};

const delivered = {
  '2XX': { description: 'Received. Answer within 2 seconds; anything else is retried with backoff for up to 24 hours.' },
  '401': { description: 'The signature or the body digest does not match.' },
};

function webhook(event: string, summary: string, body: Record<string, unknown>) {
  return {
    post: {
      operationId: `webhook:${event}`,
      summary,
      tags: ['Webhooks'],
      security: [],
      parameters: [signed],
      requestBody: { required: true, content: { 'application/json': { schema: body } } },
      responses: delivered,
    },
  };
}

const transactionEvent = (event: string) =>
  webhook(event, `Event ${event}`, {
    type: 'object',
    required: ['event', 'payload'],
    properties: { event: { type: 'string', const: event }, payload: { $ref: '#/components/schemas/TransactionWebhookPayload' } },
  });

export const WEBHOOKS: Record<string, unknown> = {
  ...Object.fromEntries(WEBHOOK_EVENTS.map((event) => [event, transactionEvent(event)])),
  [TOKENIZATION_EVENT]: webhook(TOKENIZATION_EVENT, 'A card was saved', {
    type: 'object',
    required: ['event', 'data'],
    properties: { event: { type: 'string', const: TOKENIZATION_EVENT }, data: { $ref: '#/components/schemas/TokenizationWebhookData' } },
  }),
};
