/**
 * The schemas of the session routes (routes/sessions.ts, session-payment-methods.ts and the
 * hosted page's saved cards): the requests they accept and every answer they give.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { ref } from '../../contract/components';
import { ok, responses } from '../../contract/responses';
import { amount, country, currency, customer, description, metadata, originatorUrl, str, terminalId, url } from '../../http/schemas';

const booleanish = { anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false'] }] } as const;

const sessionBody = {
  type: 'object',
  required: ['terminal_id', 'reference', 'description', 'currency', 'amount', 'transaction_type', 'return_url'],
  properties: {
    terminal_id: terminalId,
    reference: str(1, 40),
    description: str(1, 255),
    currency,
    amount,
    transaction_type: { type: 'string', enum: ['AUTHORIZE', 'PURCHASE'] },
    return_url: url,
    customer,
    country,
    originator_url: originatorUrl,
    metadata,
    options: { type: 'object', properties: { cvv_less: booleanish } },
  },
} as const;

const hostedPageBody = {
  type: 'object',
  required: ['reference', 'terminal_id', 'description', 'amount', 'currency', 'transaction_type', 'success_url', 'cancel_url', 'error_url'],
  properties: {
    reference: str(1, 40),
    terminal_id: terminalId,
    description,
    amount,
    currency,
    transaction_type: { type: 'string', enum: ['PURCHASE', 'AUTHORIZE'] },
    success_url: url,
    cancel_url: url,
    error_url: url,
    language: { type: 'string', maxLength: 16 },
    options: {
      type: 'object',
      properties: {
        number_of_instalments: {
          anyOf: [
            { type: 'integer', minimum: 1, maximum: 48 },
            { type: 'string', pattern: '^([1-9]|[1-3][0-9]|4[0-8])$' },
            { type: 'array', minItems: 1, maxItems: 48, items: { type: 'integer', minimum: 1, maximum: 48 } },
          ],
        },
        skip_three_ds: booleanish,
        cvv_less: booleanish,
      },
    },
    customer_id: str(1, 64),
    customer,
    originator_url: originatorUrl,
    metadata,
  },
} as const;

export type SessionBody = FromSchema<typeof sessionBody>;
export type HostedPageBody = FromSchema<typeof hostedPageBody>;
/** What both kinds of session take from their request. */
export type SessionOrder = Pick<
  SessionBody,
  'terminal_id' | 'reference' | 'description' | 'currency' | 'amount' | 'transaction_type' | 'customer' | 'originator_url' | 'metadata'
>;

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;

export const createSessionSchema = {
  body: sessionBody,
  response: responses({ 200: ok('The session: hand its id to Embedded Fields.', ref('PaymentSession')) }),
} as const;

export const createHostedPageSchema = {
  body: hostedPageBody,
  response: responses({
    200: ok('Send the shopper to redirect_url.', {
      type: 'object',
      required: ['redirect_url', 'session_id', 'expires_at'],
      properties: { redirect_url: { type: 'string' }, session_id: { type: 'string' }, expires_at: { type: 'string', format: 'date-time' } },
    }),
  }),
} as const;

export const getSessionSchema = {
  params: idParams,
  response: responses(
    {
      200: ok('The session as a checkout renders it (no secrets).', {
        allOf: [ref('PaymentSession')],
        type: 'object',
        required: ['kind', 'expires_at', 'merchant', 'payment_methods', 'hpp'],
        properties: {
          kind: { type: 'string', enum: ['EMBEDDED_FIELDS', 'HPP'] },
          expires_at: { type: 'string', format: 'date-time' },
          merchant: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
          payment_methods: { type: 'array', items: { type: 'string' } },
          hpp: { type: ['object', 'null'] },
        },
      }),
    },
    [401, 404, 422, 503],
  ),
} as const;

export const sessionPaymentMethodsSchema = {
  params: idParams,
  response: responses(
    {
      200: ok("The session's alternative methods and the data each asks for.", {
        type: 'object',
        required: ['session_id', 'status', 'currency', 'amount', 'transaction_type', 'payment_methods', 'customer'],
        properties: {
          session_id: { type: 'string' },
          status: { type: 'string' },
          currency: { type: 'string' },
          amount: { type: 'integer' },
          transaction_type: { type: 'string' },
          payment_methods: {
            type: 'array',
            items: {
              type: 'object',
              required: ['type', 'family', 'data'],
              properties: { type: { type: 'string' }, family: { type: 'string' }, data: { type: 'array' } },
            },
          },
          customer: {
            type: ['object', 'null'],
            properties: { email: { type: ['string', 'null'] }, first_name: { type: ['string', 'null'] }, last_name: { type: ['string', 'null'] } },
          },
        },
      }),
    },
    [401, 404, 422, 503],
  ),
} as const;

export const savedCardsSchema = {
  params: idParams,
  response: responses(
    {
      200: ok("The hosted page customer's active saved cards, masked.", {
        type: 'object',
        required: ['saved_cards'],
        properties: {
          saved_cards: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'brand', 'masked', 'exp_month', 'exp_year'],
              properties: {
                id: { type: 'string' },
                brand: { type: ['string', 'null'] },
                masked: { type: 'string' },
                exp_month: { type: 'integer' },
                exp_year: { type: 'integer' },
              },
            },
          },
        },
      }),
    },
    [401, 404, 422, 503],
  ),
} as const;
