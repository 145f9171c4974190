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
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { GatewayContext } from '../context';
import type { StoredCustomer } from '../store/records';
import { authenticate } from './auth';
import { createCustomerSchema, type CustomerBody } from './schemas/customers';

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

export function registerCustomerRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post('/api/customers', { schema: createCustomerSchema }, async (request) => {
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
