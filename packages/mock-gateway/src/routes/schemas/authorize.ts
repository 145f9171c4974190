/**
 * The authorize request's JSON schemas: one for merchant backends (Direct API, bearer
 * token) and one for the browser (Embedded Fields frame and hosted page: public client key
 * plus a session, which supplies amount, reference and the rest). Per-type payment method
 * data is checked with if/then, so a missing field is reported on its own property.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { amount, browserInfo, country, currency, customer, ip, metadata, originatorUrl, str, terminalId, url } from '../../http/schemas';

const cipher = { type: 'string', minLength: 1, maxLength: 4096 } as const;
const name = str(1, 255);

export const PAYMENT_METHOD_TYPE =
  '^(card|saved_card|network-token|wallet-a|wallet-a-redirect|wallet-b-redirect|bank-network-redirect|openbanking-redirect|provider-x-local|provider-y-redirect-[a-z0-9-]+)$';

const typeIs = <T extends string>(type: T) => ({ properties: { type: { const: type } }, required: ['type'] }) as const;

/** The data of every method but a card (whose CVV depends on the session: paymentMethodSchema). */
const OTHER_METHODS = [
  {
    if: typeIs('saved_card'),
    then: {
      properties: {
        data: {
          type: 'object',
          required: ['payment_method_id'],
          properties: { payment_method_id: str(1, 64), encrypted_cvv: cipher },
        },
      },
    },
  },
  {
    if: typeIs('network-token'),
    then: {
      properties: {
        data: {
          type: 'object',
          required: ['encrypted_token_number', 'encrypted_expiration_month', 'encrypted_expiration_year'],
          properties: {
            encrypted_token_number: cipher,
            encrypted_expiration_month: cipher,
            encrypted_expiration_year: cipher,
            encrypted_cryptogram: cipher,
            eci: { type: 'string', enum: ['00', '01', '02', '05', '06', '07'] },
            source: { type: 'string', enum: ['wallet-b', 'wallet-a', 'network-token'] },
          },
        },
      },
    },
  },
  {
    if: typeIs('wallet-a'),
    then: {
      properties: {
        data: { type: 'object', required: ['google_pay_token'], properties: { google_pay_token: str(1, 65536) } },
      },
    },
  },
  {
    if: typeIs('provider-x-local'),
    then: {
      properties: {
        data: {
          type: 'object',
          required: ['email', 'first_name', 'last_name'],
          properties: {
            email: { type: 'string', format: 'email', maxLength: 512 },
            first_name: name,
            last_name: name,
            phone: { type: 'string', pattern: '^\\+[1-9]\\d{1,14}$' },
            country,
            address: name,
            city: name,
            postal_code: name,
            state: name,
            date_of_birth: { type: 'string', format: 'date' },
            language: str(2, 35),
            blik_code: { type: 'string', pattern: '^\\d{6}$' },
          },
        },
      },
    },
  },
  {
    if: { properties: { type: { type: 'string', pattern: '^provider-y-redirect-' } }, required: ['type'] },
    then: {
      properties: {
        data: {
          type: 'object',
          required: ['email', 'first_name', 'last_name'],
          properties: { email: { type: 'string', format: 'email', maxLength: 512 }, first_name: name, last_name: name },
        },
      },
    },
  },
] as const;

function paymentMethodSchema<C extends boolean>(options: { cvvRequired: C }) {
  return {
    type: 'object',
    required: ['type', 'data'],
    properties: {
      type: { type: 'string', maxLength: 64, pattern: PAYMENT_METHOD_TYPE },
      data: { type: 'object' },
    },
    allOf: [
      {
        if: typeIs('card'),
        then: {
          properties: {
            data: {
              type: 'object',
              required: [
                'encrypted_card_number',
                ...((options.cvvRequired ? ['encrypted_cvv'] : []) as C extends true ? ['encrypted_cvv'] : []),
                'encrypted_expiration_month',
                'encrypted_expiration_year',
              ],
              properties: {
                encrypted_card_number: cipher,
                encrypted_cvv: cipher,
                encrypted_expiration_month: cipher,
                encrypted_expiration_year: cipher,
                // A co-badged card's chosen network, as the gateway writes brands (CARTES_BANCAIRES).
                brand: { type: 'string', minLength: 1, maxLength: 32 },
              },
            },
          },
        },
      },
      ...OTHER_METHODS,
    ],
  } as const;
}

const tokenization = {
  type: 'object',
  properties: {
    save_card_for_future_payments: { type: 'boolean' },
    tokenize_for: { type: 'string', enum: ['CUSTOMER_INITIATED_TRANSACTION', 'MERCHANT_INITIATED_TRANSACTION'] },
  },
} as const;

/**
 * Spec: browser_info is required "for card flows": a card or saved-card payment (PURCHASE,
 * AUTHORIZE), which always starts 3-D Secure. OCT and card PAYOUT have no 3-D Secure.
 */
const browserInfoForCards = <W extends Record<string, unknown>>(when: W) => ({
  if: {
    properties: { payment_method: { type: 'object', properties: { type: { enum: ['card', 'saved_card'] } }, required: ['type'] }, ...when },
    required: ['payment_method', ...Object.keys(when)],
  },
  then: { required: ['browser_info'] },
}) as const;

export const directAuthorizeSchema = {
  type: 'object',
  required: ['reference', 'terminal_id', 'description', 'currency', 'amount', 'transaction_type', 'payment_method', 'return_url'],
  allOf: [browserInfoForCards({ transaction_type: { enum: ['PURCHASE', 'AUTHORIZE'] } })],
  properties: {
    reference: str(1, 40),
    terminal_id: terminalId,
    description: str(1, 255),
    currency,
    amount,
    transaction_type: { type: 'string', enum: ['PURCHASE', 'AUTHORIZE', 'OCT', 'PAYOUT'] },
    payment_method: paymentMethodSchema({ cvvRequired: true }),
    customer,
    browser_info: browserInfo,
    metadata,
    return_url: url,
    error_url: url,
    cancel_url: url,
    customer_ip: ip,
    originator_url: originatorUrl,
    tokenization,
    options: {
      type: 'object',
      properties: {
        three_ds: { type: 'object', properties: { notification_url: { type: 'string' } } },
        cvv_less: { type: 'boolean' },
      },
    },
  },
} as const;

/** For the browser: the session holds the order; metadata from a browser is not accepted. */
export function sessionAuthorizeSchema<C extends boolean>(options: { cvvRequired: C }) {
  return {
    type: 'object',
    required: ['session_id', 'payment_method'],
    allOf: [browserInfoForCards({})],
    properties: {
      session_id: str(1, 64),
      payment_method: paymentMethodSchema(options),
      customer,
      browser_info: browserInfo,
      tokenization,
      instalments: { type: 'integer', minimum: 1, maximum: 48 },
    },
  } as const;
}

export const sessionAuthorizeSchemaWithCvv = sessionAuthorizeSchema({ cvvRequired: true });
export const sessionAuthorizeSchemaCvvLess = sessionAuthorizeSchema({ cvvRequired: false });

/** The bodies as the schemas describe them (a merchant's backend; the browser, in a session). */
export type DirectAuthorizeBody = FromSchema<typeof directAuthorizeSchema>;
export type SessionAuthorizeBody = FromSchema<typeof sessionAuthorizeSchemaCvvLess>;
