/**
 * Stored customers (spec: Stored customer): merchant-scoped; another merchant's customer does
 * not exist for you. Saved cards belong to them (customer-binding.ts).
 */
import { randomUUID } from 'node:crypto';
import type { GatewayContext } from '../context';
import type { CustomerBody } from '../routes/schemas/customers';
import type { StoredCustomer } from '../store/records';

/** A stored customer of this merchant, or undefined (unknown id or another merchant's). */
export async function findCustomer(ctx: GatewayContext, merchantId: string, id: string): Promise<StoredCustomer | undefined> {
  const stored = await ctx.store.customer(id);
  return stored?.merchant_id === merchantId ? stored : undefined;
}

/** The customer as answered (POST /api/customers, a payment's customer): the address flattened, no description, type or region. */
export function publicCustomer(stored: StoredCustomer) {
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

/** A customer of this merchant, stored. */
export async function createCustomer(ctx: GatewayContext, merchantId: string, body: CustomerBody): Promise<StoredCustomer> {
  const stored = toStoredCustomer(merchantId, body);
  await ctx.store.atomic([], async () => ctx.store.put('customer', stored));
  return stored;
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
