/**
 * What the document says about each operation besides its schemas: its id (the name a
 * generated client gives it), summary, tag and who may call it. One table, keyed by method
 * and route as Fastify registers it, so a route file stays its schema and its handler.
 */
type Security = Record<string, never[]>[];
const BEARER: Security = [{ bearerAuth: [] }];
const BEARER_OR_CLIENT_KEY: Security = [{ bearerAuth: [] }, { clientKey: [] }];
const NONE: Security = [];

export const TAGS = [
  { name: 'Authentication', description: 'OAuth 2 client credentials: the bearer token every merchant call sends.' },
  { name: 'Sessions', description: 'Hosted payment page and Embedded Fields sessions, and what the browser reads of them.' },
  { name: 'Transactions', description: 'Authorize, 3-D Secure, payment, payout, manage and status.' },
  { name: 'Customers', description: 'Stored customers and their saved cards.' },
  { name: 'Browser', description: 'What Embedded Fields loads: the script and the encryption key.' },
  { name: 'Webhooks', description: 'The keys that verify webhook signatures. The events themselves are under `webhooks`.' },
  { name: 'Health', description: 'Liveness and readiness for a load balancer.' },
  { name: 'Test routes', description: 'Sandbox only (`/__mock/…`): reset, clock, config, faults, settlement, deliveries. Loopback callers, or `X-Mock-Token` when the gateway is given one.' },
];

export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'An access token from `POST /oauth/token` (client credentials; the sandbox has `test-client` / `test-secret`). Lives 300 s.',
  } as const,
  clientKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Client-Key',
    description: "The merchant's public client key (`test-client-key` in the sandbox): the browser's credential for the routes Embedded Fields and the hosted page call.",
  } as const,
};

interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  security: Security;
}

const op = (operationId: string, tag: string, summary: string, security: Operation['security'] = BEARER): Operation => ({
  operationId,
  summary,
  tags: [tag],
  security,
});
const mock = (operationId: string, summary: string) => op(operationId, 'Test routes', summary, NONE);

export const OPERATIONS: Record<string, Operation> = {
  'POST /oauth/token': op('createAccessToken', 'Authentication', 'Obtain an access token (the spec\'s {auth_url})', NONE),
  'POST /api/hosted-payment-page': op('createHostedPaymentPage', 'Sessions', 'Create a hosted payment page session'),
  'POST /api/sessions': op('createSession', 'Sessions', 'Create an Embedded Fields session'),
  'GET /api/sessions/:id': op('getSession', 'Sessions', 'Read a session (what a checkout renders)', BEARER_OR_CLIENT_KEY),
  'GET /api/sessions/:id/payment-methods': op('listSessionPaymentMethods', 'Sessions', "A session's alternative payment methods", BEARER_OR_CLIENT_KEY),
  'GET /api/sessions/:id/saved-cards': op('listSessionSavedCards', 'Sessions', "The hosted page customer's saved cards, masked", BEARER_OR_CLIENT_KEY),
  'GET /embedded-fields.js': op('getEmbeddedFieldsScript', 'Browser', 'The Embedded Fields client library', NONE),
  'GET /api/encryption-key': op('getEncryptionKey', 'Browser', "The merchant's card-field encryption key", BEARER_OR_CLIENT_KEY),
  'POST /api/transactions/authorize': op('authorize', 'Transactions', 'Card, wallet and redirect payments', BEARER_OR_CLIENT_KEY),
  'POST /api/transactions/three-ds/:id/request-authentication': op(
    'requestAuthentication',
    'Transactions',
    'Continue 3-D Secure after the fingerprint',
    BEARER_OR_CLIENT_KEY,
  ),
  'POST /api/transactions/three-ds/authentication-completed': op('authenticationCompleted', 'Transactions', 'Report the challenge result', BEARER_OR_CLIENT_KEY),
  'POST /api/transactions/payment': op('createPayment', 'Transactions', 'Alternative payments'),
  'POST /api/transactions/payout': op('createPayout', 'Transactions', 'Non-card payout'),
  'POST /api/transactions/manage': op('manageTransaction', 'Transactions', 'Capture, refund, void'),
  'GET /api/transactions/:id/status': op('getTransactionStatus', 'Transactions', 'Transaction status', BEARER_OR_CLIENT_KEY),
  'POST /api/customers': op('createCustomer', 'Customers', 'Create a customer'),
  'DELETE /api/payment-methods/:payment_method_id': op('deletePaymentMethod', 'Customers', 'Delete a saved card (permission payment_method:detach)'),
  'GET /.well-known/jwks.json': op('getWebhookKeys', 'Webhooks', 'The public keys of webhook signatures (JWKS)', NONE),
  'GET /health': op('getHealth', 'Health', 'The process answers', NONE),
  'GET /health/live': op('getLiveness', 'Health', 'Liveness: the process answers', NONE),
  'GET /health/ready': op('getReadiness', 'Health', 'Readiness: the store answered just now', NONE),
  'POST /__mock/reset': mock('resetSandbox', 'Forget every record, fault and setting'),
  'POST /__mock/clock': mock('advanceClock', "Move the gateway's clock"),
  'GET /__mock/config': mock('getSandboxConfig', 'The sandbox settings'),
  'POST /__mock/config': mock('setSandboxConfig', 'Change the sandbox settings'),
  'POST /__mock/transactions/:id/settle': mock('settleTransaction', 'Settle a PENDING payment or payout'),
  'GET /__mock/transactions': mock('listTransactions', 'The transactions, newest first'),
  'GET /__mock/stats': mock('getStats', 'Where state lives and how much of it'),
  'GET /__mock/snapshot': mock('getSnapshot', "The sandbox's state as a snapshot file (NDJSON)"),
  'POST /__mock/faults': mock('addFault', 'Make the next requests to a route fail'),
  'GET /__mock/faults': mock('listFaults', 'The fault rules left'),
  'DELETE /__mock/faults': mock('clearFaults', 'Remove every fault rule'),
  'GET /__mock/webhooks': mock('listWebhookDeliveries', 'The webhook deliveries'),
  'POST /__mock/webhooks/:id/resend': mock('resendWebhook', 'Send a delivery again'),
  'DELETE /__mock/webhooks': mock('clearWebhookDeliveries', 'Forget every delivery'),
};

/** The operation fields of a route; an undocumented API route is a mistake caught here. */
export function operationInfo(method: string, url: string): Operation {
  const found = OPERATIONS[`${method} ${url}`];
  if (!found) throw new Error(`contract/operations.ts has no entry for ${method} ${url}`);
  return found;
}
