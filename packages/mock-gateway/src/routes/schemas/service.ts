/**
 * The schemas of the gateway's service routes: the token endpoint, the browser's encryption
 * key and script, the webhook keys and the health checks.
 */
import { ok, responses } from '../../contract/responses';
import { ref } from '../../contract/components';

export const tokenSchema = {
  consumes: ['application/x-www-form-urlencoded'],
  body: {
    type: 'object',
    required: ['grant_type'],
    properties: {
      grant_type: {
        type: 'string',
        maxLength: 64,
        description: '`client_credentials`, or `refresh_token` to exchange a refresh token.',
        examples: ['client_credentials'],
      },
      // The sandbox's test client, so a "try it" from /docs gets a token as it is.
      client_id: { type: 'string', maxLength: 256, examples: ['test-client'] },
      client_secret: { type: 'string', maxLength: 256, examples: ['test-secret'] },
      refresh_token: { type: 'string', maxLength: 256 },
      scope: { type: 'string', maxLength: 1024 },
    },
  },
  response: responses(
    {
      200: ok('A bearer token for the API calls.', {
        type: 'object',
        required: ['access_token', 'token_type', 'refresh_token', 'expires_in', 'scope'],
        properties: {
          access_token: { type: 'string' },
          token_type: { type: 'string', const: 'Bearer' },
          refresh_token: { type: 'string' },
          expires_in: { type: 'integer', description: 'Seconds (300 in the test environment).' },
          scope: { type: 'string' },
        },
      }),
    },
    [401, 415, 422, 503],
  ),
} as const;

export const encryptionKeySchema = {
  response: responses({ 200: ok("The merchant's RSA key for card fields.", ref('EncryptionKey')) }, [401, 503]),
} as const;

export const scriptSchema = {
  response: responses(
    {
      200: {
        description: 'The Embedded Fields client library (fresh for 5 minutes, then revalidated with its ETag).',
        content: { 'text/javascript': { schema: { type: 'string' } } },
      },
      304: { description: 'Not modified (If-None-Match).', type: 'null' },
      503: { description: 'The bundle is not built yet (`pnpm build`).', content: { 'application/json': { schema: ref('FileErrorBody') } } },
    },
    [],
  ),
} as const;

export const jwksSchema = {
  response: responses(
    {
      200: ok('A JSON Web Key Set.', {
        type: 'object',
        required: ['keys'],
        properties: { keys: { type: 'array', items: { type: 'object', required: ['kty'], properties: { kty: { type: 'string' }, kid: { type: 'string' } } } } },
      }),
    },
    [],
  ),
} as const;

export const healthSchema = {
  response: responses({ 200: ok('The process answers.', { type: 'object', required: ['status'], properties: { status: { type: 'string' } } }) }, []),
} as const;

const readiness = {
  type: 'object',
  required: ['status', 'store'],
  properties: { status: { type: 'string' }, store: { type: 'string' }, error: { type: 'string' } },
} as const;

export const readySchema = {
  response: {
    ...responses({ 200: ok('The store answered a read just now.', readiness) }, []),
    503: ok('The store did not answer within 2 s, or its storage is full.', { anyOf: [readiness, ref('ErrorBody')] }),
  },
} as const;
