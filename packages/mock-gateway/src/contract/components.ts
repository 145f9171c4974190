/**
 * The shapes the gateway answers in, as JSON Schema components (`components.schemas` of
 * /openapi.json). Each has an `$id`; routes refer to them with `ref('Transaction')`, the
 * document turns that into `#/components/schemas/Transaction`. Named and shaped as in the
 * spec (Resources and their fields). Core's wire types (`@payments/core` api-types.ts) are
 * named from the types openapi-typescript generates of the document into core.
 */
const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;

export const TRANSACTION_STATUSES = ['CREATED', 'PENDING', 'APPROVED', 'DECLINED', 'FAILED', 'CANCELED', 'EXPIRED', 'VOIDED'] as const;
export const TRANSACTION_TYPES = ['PURCHASE', 'AUTHORIZE', 'OCT', 'PAYOUT', 'CAPTURE', 'REFUND', 'VOID', 'PAYMENT'] as const;

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  ...extra,
});

const Customer = object(
  {
    id: nullableText,
    first_name: nullableText,
    last_name: nullableText,
    email: nullableText,
    phone: nullableText,
    address: nullableText,
    city: nullableText,
    country: nullableText,
    postal_code: nullableText,
  },
  { description: "The transaction's customer: the spec's nine fields, null when not known." },
);

const Transaction = object(
  {
    id: text,
    merchant_id: text,
    order_id: text,
    terminal_id: text,
    reference: text,
    description: text,
    currency: text,
    amount: { type: 'integer', description: 'Minor units.' },
    customer: { $ref: 'Customer#' },
    customer_ip: nullableText,
    processing_result: object({
      approval_code: nullableText,
      payment_provider_account_id: nullableText,
      payment_provider_id: nullableText,
      reference_number: nullableText,
    }),
    approved: { type: 'boolean' },
    pending: { type: 'boolean' },
    channel: { type: 'string', const: 'ecommerce' },
    transaction_type: { type: 'string', enum: TRANSACTION_TYPES },
    status: { type: 'string', enum: TRANSACTION_STATUSES },
    payment_method: object({ type: text, brand: nullableText, hash: nullableText, masked: nullableText, method: nullableText, token: nullableText }),
    redirect_url: nullableText,
    normalized_amount: { type: 'integer' },
    errors: { type: 'array' },
    processing_code: { ...nullableText, description: '0000 approved, 1000 declined, 1001 failed, 1002 pending, 1003 canceled, 1004 insufficient funds, 1005 session expired, 2000 invalid request, 2013-2017 terminal or merchant refused.' },
    response_message: nullableText,
    data: nullable(
      object({
        retry_options: nullable(
          object({
            data: { type: ['object', 'null'] },
            payment_provider_account_id: text,
            payment_provider_id: text,
            retry_count: { type: 'integer' },
            status: text,
          }),
        ),
      }),
    ),
  },
  { description: 'ExtendedTransactionDto.' },
);

const link = { transaction_id: text, session_id: text };
const ExecutionResponse = object(
  {
    result: nullable({ $ref: 'Transaction#' }),
    action: nullable(
      object({ ...link, type: { type: 'string', enum: ['THREE_DS_2_FINGERPRINT', 'THREE_DS_2_CHALLENGE'] }, token: text, payment_data: text }),
    ),
    redirect: nullable(object({ ...link, url: text })),
    form_submit: nullable(object({ ...link, url: text, data: { type: 'object', additionalProperties: text } })),
  },
  { description: 'The four-field answer of authorize, payment, payout and the 3-D Secure calls: exactly one of them is not null.' },
);

const ErrorBody = {
  type: 'object',
  required: ['errors', 'method', 'status'],
  description: "The spec's error body. `code`: a processing code (2013) or a named code (INVALID_REQUEST_PAYMENT_METHOD_INACTIVE).",
  properties: {
    errors: { type: 'array', items: object({ message: text, params: { type: 'array', items: text }, property: text }) },
    method: { type: 'string', description: 'The method and route, e.g. `POST /api/transactions/authorize`.' },
    status: { type: 'integer' },
    code: text,
  },
};

const AuthErrorBody = object(
  {
    error: { type: 'string', enum: ['invalid_client', 'invalid_token', 'insufficient_scope', 'unsupported_grant_type', 'invalid_request'] },
    error_description: text,
  },
  { description: 'An authorization failure (OAuth 2 style).' },
);

const PaymentSession = object(
  {
    id: text,
    terminal_id: text,
    reference: text,
    description: text,
    currency: text,
    amount: { type: 'integer' },
    return_url: text,
    customer: nullable({ $ref: 'Customer#' }),
    country: nullableText,
    status: { type: 'string', enum: ['CREATED', 'COMPLETED', 'EXPIRED'] },
    transaction_type: { type: 'string', enum: ['AUTHORIZE', 'PURCHASE'] },
  },
  { additionalProperties: true, description: 'An Embedded Fields or hosted page session.' },
);

const card = object({ brand: nullableText, bin: text, last_4: text, masked: text, exp_month: { type: 'integer' }, exp_year: { type: 'integer' } });
const SavedPaymentMethod = object({
  id: text,
  type: { type: 'string', const: 'CARD' },
  status: { type: 'string', enum: ['ACTIVE', 'DELETED'] },
  customer_id: text,
  email: nullableText,
  metadata: { type: 'object' },
  card,
});

/** A stored customer as answered (`as const`: routes/schemas/customers.ts types the answer from it). */
export const STORED_CUSTOMER = {
  type: 'object',
  required: ['id', 'first_name', 'last_name', 'email', 'phone', 'address', 'city', 'country', 'postal_code'],
  properties: {
    id: text,
    first_name: nullableText,
    last_name: nullableText,
    email: text,
    phone: nullableText,
    address: nullableText,
    city: nullableText,
    country: nullableText,
    postal_code: nullableText,
  },
} as const;

const EncryptionKey = object({
  key_id: text,
  algorithm: { type: 'string', const: 'RSA-OAEP-256' },
  public_key: { type: 'string', description: 'SPKI, PEM: encrypt each card field with RSA-OAEP (SHA-256), then Base64.' },
});

const FileErrorBody = object(
  {
    error: { type: 'string', enum: ['not_found', 'bundle_not_built'] },
    error_description: text,
  },
  { description: 'A file the gateway does not have: no such file, another version, or a bundle not built yet (`pnpm build`).' },
);

/** Every component, by name; `$id` is the name. */
export const COMPONENTS: Record<string, Record<string, unknown>> = {
  Customer,
  Transaction,
  ExecutionResponse,
  ErrorBody,
  AuthErrorBody,
  PaymentSession,
  SavedPaymentMethod,
  StoredCustomer: STORED_CUSTOMER,
  EncryptionKey,
  FileErrorBody,
};

export type ComponentName = keyof typeof COMPONENTS;

/** A reference to a component, as a route's schema writes it. */
export const ref = (name: string) => ({ $ref: `${name}#` }) as const;
