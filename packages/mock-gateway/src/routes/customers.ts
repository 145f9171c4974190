/**
 * POST /api/customers (spec: Stored customer): creates a merchant-scoped customer whose id
 * is then sent as customer.id (saved cards, transactions). The request's address object is
 * flattened into the response's top-level address, city, country and postal_code.
 * The rules live in customers/customers.ts (`findCustomer`: another merchant's customer
 * does not exist for you).
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
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { BEARER, callerOf } from '../http/authentication';
import type { GatewayContext } from '../context';
import { createCustomer, publicCustomer } from '../customers/customers';
import { createCustomerSchema, type CustomerResponse } from './schemas/customers';

export function registerCustomerRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post('/customers', { schema: createCustomerSchema, config: { auth: BEARER } }, async (request): Promise<CustomerResponse> => {
    const principal = callerOf(request);
    return publicCustomer(await createCustomer(ctx, principal.merchantId, request.body));
  });
}
