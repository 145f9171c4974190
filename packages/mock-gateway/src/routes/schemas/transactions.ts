/**
 * The schemas of the transaction routes: authorize, the 3-D Secure calls, payment, payout,
 * manage and status. Authorize checks its body itself (the schema depends on the caller,
 * routes/authorize-schema.ts); the document shows both shapes.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { ref } from '../../contract/components';
import { ok, responses } from '../../contract/responses';
import { TRANS_STATUSES } from '@payments/core';
import { amount, country, currency, customer, description, ip, metadata, originatorUrl, str, terminalId, url } from '../../http/schemas';
import { directAuthorizeSchema, sessionAuthorizeSchemaCvvLess } from './authorize';

export const PAYMENT_METHODS = ['OPEN_BANKING', 'UPI', 'WALLETS', 'BANK_TRANSFER', 'QR_CODE'] as const;

const paymentBody = {
  type: 'object',
  required: [
    'terminal_id',
    'reference',
    'description',
    'currency',
    'amount',
    'method',
    'country',
    'customer_ip',
    'return_url',
    'error_url',
    'cancel_url',
  ],
  properties: {
    terminal_id: terminalId,
    reference: str(1, 80),
    description,
    currency,
    amount,
    method: { type: 'string', enum: PAYMENT_METHODS },
    country,
    customer_ip: ip,
    return_url: url,
    error_url: url,
    cancel_url: url,
    customer,
    metadata,
    options: { type: 'object' },
    originator_url: originatorUrl,
  },
} as const;

const beneficiarySchema = {
  type: 'object',
  required: ['type', 'data'],
  properties: {
    type: { type: 'string', enum: ['bank_account', 'mobile_money'] },
    data: {
      type: 'object',
      required: ['account_name'],
      properties: {
        account_number: str(1, 64),
        account_name: str(1, 255),
        ifsc: str(1, 255),
        bank_code: str(1, 255),
        bank_name: str(1, 255),
        bank_branch: str(1, 255),
        bank_address: str(1, 255),
        bank_city: str(1, 255),
        bank_state: str(1, 255),
        mobile: str(1, 64),
      },
    },
  },
} as const;

const payoutBody = {
  type: 'object',
  required: ['terminal_id', 'reference', 'description', 'currency', 'amount', 'beneficiary'],
  properties: {
    terminal_id: terminalId,
    reference: str(1, 80),
    description,
    currency,
    amount,
    beneficiary: beneficiarySchema,
    customer,
    metadata,
    return_url: url,
    options: { type: 'object' },
    customer_ip: { anyOf: [ip, { type: 'null' }] },
  },
} as const;

const manageBody = {
  type: 'object',
  required: ['terminal_id', 'transaction_type', 'reference', 'amount', 'currency'],
  properties: {
    terminal_id: terminalId,
    transaction_type: { type: 'string', enum: ['CAPTURE', 'REFUND', 'VOID'] },
    reference: str(1, 80),
    amount,
    currency,
    parent_transaction_id: str(1, 128),
    metadata: { ...metadata, additionalProperties: { type: 'string' } },
    options: { type: 'object', properties: { final_capture: { type: 'boolean' } } },
  },
} as const;

export type PaymentBody = FromSchema<typeof paymentBody>;
export type PayoutBody = FromSchema<typeof payoutBody>;
export type ManageBody = FromSchema<typeof manageBody>;

const execution = ok('The execution response: a result, or the action, redirect or form to continue with.', ref('ExecutionResponse'));

export const authorizeSchema = {
  // The route checks the shape itself (authorize-schema.ts): which one applies depends on the
  // credential. The document shows both (documentedBody, contract/document.ts).
  body: { type: 'object' },
  documentedBody: {
    description:
      'A merchant backend (bearer token) sends the whole order; the browser (X-Client-Key) sends a session_id and the card. The browser may leave out encrypted_cvv of a saved card only when the session has options.cvv_less.',
    anyOf: [
      { title: 'DirectAuthorizeRequest', ...directAuthorizeSchema },
      { title: 'SessionAuthorizeRequest', ...sessionAuthorizeSchemaCvvLess },
    ],
  },
  response: responses({ 200: execution }, [400, 401, 422, 503]),
} as const;

export const requestAuthenticationSchema = {
  params: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
  body: {
    type: 'object',
    required: ['fingerprint_result', 'payment_data'],
    properties: { fingerprint_result: str(1, 16), payment_data: str(1, 512) },
  },
  response: responses({ 200: execution }, [401, 404, 422, 503]),
} as const;

export const authenticationCompletedSchema = {
  body: {
    type: 'object',
    required: ['session_id', 'trans_status'],
    properties: { payment_data: str(1, 512), session_id: str(1, 64), trans_status: { type: 'string', enum: TRANS_STATUSES } },
  },
  response: responses({ 200: execution }, [401, 404, 422, 503]),
} as const;

export const paymentSchema = { body: paymentBody, response: responses({ 200: execution }) } as const;
export const payoutSchema = { body: payoutBody, response: responses({ 200: execution }) } as const;
export const manageSchema = {
  body: manageBody,
  response: responses({ 200: ok('The new child transaction (CAPTURE, REFUND or VOID).', ref('Transaction')) }),
} as const;

export const statusSchema = {
  params: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
  response: responses({
    200: ok('found false (and transaction null) for an unknown id or another merchant\'s transaction.', {
      type: 'object',
      required: ['found', 'transaction'],
      properties: { found: { type: 'boolean' }, transaction: { anyOf: [ref('Transaction'), { type: 'null' }] } },
    }),
  }),
} as const;
