/**
 * The schemas of the test routes (`/__mock/…`): sandbox only, under their own tag.
 */
import { ref } from '../../contract/components';
import { ok, responses, type ErrorStatus } from '../../contract/responses';

const MOCK_ERRORS: ErrorStatus[] = [422, 503];

/** The test routes' guard (http/mock-guard.ts) answers in the spec's error body. */
const GUARD = {
  403: {
    description: "Refused by the test routes' guard (a host that is not the gateway's or loopback, a cross-site request), or by the edge (empty body).",
    content: {
      'application/json': { schema: ref('ErrorBody') },
      'text/plain': { schema: { type: 'string', maxLength: 0, description: 'Empty: the edge refused the request.' } },
    },
  },
  415: { description: 'Test routes accept application/json only.', content: { 'application/json': { schema: ref('ErrorBody') } } },
} as const;

const mockResponses = (success: Record<number, unknown>, errors: ErrorStatus[]) => ({ ...responses(success, errors), ...GUARD });
const object = { type: 'object' } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;
const empty = { 204: { description: 'Done.', type: 'null' } } as const;

export const resetSchema = {
  response: mockResponses({ 200: ok('Forgotten.', { type: 'object', required: ['reset'], properties: { reset: { type: 'boolean', const: true } } }) }, MOCK_ERRORS),
} as const;

export const clockSchema = {
  body: {
    type: 'object',
    required: ['advance_seconds'],
    properties: { advance_seconds: { type: 'integer', minimum: 0, maximum: 10 * 365 * 86400 } },
  },
  response: mockResponses({ 200: ok("The gateway's time now.", { type: 'object', required: ['now'], properties: { now: { type: 'string', format: 'date-time' } } }) }, MOCK_ERRORS),
} as const;

const configView = {
  type: 'object',
  required: ['webhook_url', 'webhook_retry_base_ms', 'webhook_retry_horizon_ms', 'token_lifetime_s', 'session_lifetime_s', 'gateway_url', 'acs_url'],
  properties: {
    webhook_url: { type: ['string', 'null'] },
    webhook_retry_base_ms: { type: 'integer' },
    webhook_retry_horizon_ms: { type: 'integer' },
    token_lifetime_s: { type: 'integer' },
    session_lifetime_s: { type: 'integer' },
    gateway_url: { type: 'string' },
    acs_url: { type: 'string' },
  },
} as const;

export const getConfigSchema = { response: mockResponses({ 200: ok('The sandbox settings.', configView) }, MOCK_ERRORS) } as const;

export const setConfigSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      webhook_url: { type: 'string', maxLength: 2048, pattern: '^(|https?://.+)$' },
      webhook_retry_base_ms: { type: 'integer', minimum: 1, maximum: 3_600_000 },
      webhook_retry_horizon_ms: { type: 'integer', minimum: 1, maximum: 86_400_000 },
      token_lifetime_s: { type: 'integer', minimum: 1, maximum: 86_400 },
      session_lifetime_s: { type: 'integer', minimum: 1, maximum: 86_400 },
    },
  },
  response: mockResponses({ 200: ok('The sandbox settings, changed.', configView) }, MOCK_ERRORS),
} as const;

export const settleSchema = {
  params: idParams,
  body: {
    type: 'object',
    required: ['outcome'],
    properties: { outcome: { type: 'string', enum: ['approve', 'decline'] } },
  },
  response: mockResponses({ 200: ok('The settled transaction.', ref('Transaction')) }, [404, ...MOCK_ERRORS]),
} as const;

export const statsSchema = { response: mockResponses({ 200: ok('Where state lives and how much of it.', object) }, MOCK_ERRORS) } as const;

export const snapshotSchema = {
  response: mockResponses(
    { 200: { description: 'The snapshot: one JSON record per line.', content: { 'application/x-ndjson': { schema: { type: 'string' } } } } },
    MOCK_ERRORS,
  ),
} as const;

export const listTransactionsSchema = {
  querystring: {
    type: 'object',
    properties: { reference: { type: 'string', maxLength: 256 }, limit: { type: 'string', pattern: '^[0-9]{1,5}$' } },
  },
  response: mockResponses(
    {
      200: ok('The transactions, newest first.', {
        type: 'array',
        items: { type: 'object', required: ['transaction'], properties: { transaction: ref('Transaction') } },
      }),
    },
    MOCK_ERRORS,
  ),
} as const;

export const addFaultSchema = <Body extends object>(body: Body) =>
  ({
    body,
    response: mockResponses({ 200: ok('The rule.', object) }, MOCK_ERRORS),
  }) as const;

export const listFaultsSchema = {
  response: mockResponses({ 200: ok('The rules left.', { type: 'object', required: ['faults'], properties: { faults: { type: 'array' } } }) }, MOCK_ERRORS),
} as const;

export const clearSchema = { response: mockResponses(empty, MOCK_ERRORS) } as const;

export const listDeliveriesSchema = {
  querystring: { type: 'object', properties: { event: { type: 'string' }, transaction_id: { type: 'string' } } },
  response: mockResponses(
    { 200: ok('The webhook deliveries.', { type: 'object', required: ['deliveries'], properties: { deliveries: { type: 'array' } } }) },
    MOCK_ERRORS,
  ),
} as const;

export const resendSchema = {
  params: idParams,
  response: mockResponses(
    { 202: ok('Queued again.', { type: 'object', required: ['delivery'], properties: { delivery: object } }) },
    [404, ...MOCK_ERRORS],
  ),
} as const;
