/**
 * The schemas of the customer routes: POST /api/customers and the saved card delete.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { ref, type STORED_CUSTOMER } from '../../contract/components';
import { ok, responses } from '../../contract/responses';
import { country, str } from '../../http/schemas';

export const E164 = '^\\+[1-9]\\d{1,14}$';

const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

const customerBody = {
  type: 'object',
  required: ['email'],
  properties: {
    email: { type: 'string', format: 'email', maxLength: 512 },
    first_name: optionalText(255),
    last_name: optionalText(255),
    phone: { anyOf: [{ type: 'string', pattern: E164 }, { type: 'null' }] },
    description: optionalText(255),
    type: optionalText(64),
    address: {
      type: ['object', 'null'],
      properties: {
        country: { anyOf: [country, { type: 'null' }] },
        address: optionalText(255),
        city: optionalText(255),
        postal_code: optionalText(255),
        region: optionalText(255),
      },
    },
  },
} as const;

const deleteParams = {
  type: 'object',
  required: ['payment_method_id'],
  properties: { payment_method_id: str(1, 128) },
} as const;

export type CustomerBody = FromSchema<typeof customerBody>;
/** POST /api/customers' answer: the type of its schema (the StoredCustomer component). */
export type CustomerResponse = FromSchema<typeof STORED_CUSTOMER>;

export const createCustomerSchema = {
  body: customerBody,
  response: responses({ 200: ok('The customer; send its id as customer.id.', ref('StoredCustomer')) }),
} as const;

export const deletePaymentMethodSchema = {
  params: deleteParams,
  response: responses({ 200: ok('The saved card, now DELETED.', ref('SavedPaymentMethod')) }),
} as const;
