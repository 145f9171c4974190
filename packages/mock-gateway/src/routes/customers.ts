/**
 * POST /api/customers (spec: Stored customer): creates a merchant-scoped customer whose id
 * is then sent as customer.id (saved cards, transactions). The request's address object is
 * flattened into the response's top-level address, city, country and postal_code.
 * `findCustomer` is the lookup other routes use (merchant-scoped: another merchant's
 * customer does not exist for you).
 *
 * Decided where the spec is silent:
 *  - `type` is free text up to 64 characters (its values are not shown);
 *  - phone must be E.164 (`^\+[1-9]\d{1,14}$`), as everywhere else in the spec;
 *  - optional fields may be null or absent; both are stored and answered as null;
 *  - the answer is HTTP 200 and the id a UUID; the same email may be used by several
 *    customers (no uniqueness rule is shown);
 *  - description, type and address.region are stored but not answered (the response's
 *    field list does not include them).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';
import { country } from '../http/schemas';
import type { StoredCustomer } from '../store/records';
import { authenticate } from './auth';

export const E164 = '^\\+[1-9]\\d{1,14}$';

const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

interface CustomerAddress {
  country?: string | null;
  address?: string | null;
  city?: string | null;
  postal_code?: string | null;
  region?: string | null;
}

interface CustomerBody {
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  description?: string | null;
  type?: string | null;
  address?: CustomerAddress | null;
}

/** The response: the stored customer with the address flattened. */
export interface CustomerResponse {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  postal_code: string | null;
}

const customerSchema = {
  body: {
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
  },
} as const;

export function registerCustomerRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.post<{ Body: CustomerBody }>('/api/customers', { schema: customerSchema }, async (request) => {
    const principal = await authenticate(ctx, request);
    const stored = toStoredCustomer(principal.merchantId, request.body);
    await ctx.store.atomic([], async () => ctx.store.put('customer', stored));
    return publicCustomer(stored);
  });
}

/** A stored customer of this merchant, or undefined (unknown id or another merchant's). */
export async function findCustomer(ctx: GatewayContext, merchantId: string, id: string): Promise<StoredCustomer | undefined> {
  const stored = await ctx.store.customer(id);
  return stored?.merchant_id === merchantId ? stored : undefined;
}

export function publicCustomer(stored: StoredCustomer): CustomerResponse {
  return {
    id: stored.id,
    first_name: stored.first_name,
    last_name: stored.last_name,
    email: stored.email,
    phone: stored.phone,
    address: stored.address,
    city: stored.city,
    country: stored.country,
    postal_code: stored.postal_code,
  };
}

function toStoredCustomer(merchantId: string, body: CustomerBody): StoredCustomer {
  const address = body.address ?? {};
  return {
    id: randomUUID(),
    merchant_id: merchantId,
    email: body.email,
    first_name: body.first_name ?? null,
    last_name: body.last_name ?? null,
    phone: body.phone ?? null,
    description: body.description ?? null,
    type: body.type ?? null,
    address: address.address ?? null,
    city: address.city ?? null,
    country: address.country ?? null,
    postal_code: address.postal_code ?? null,
    region: address.region ?? null,
  };
}
