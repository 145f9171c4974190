import type { ApiErrorBody } from '@payments/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testGateway, type TestGateway } from '../test-harness';
import { findCustomer } from '../customers/customers';
import type { CustomerResponse } from './schemas/customers';

const CUSTOMERS_URL = '/api/customers';

function properties(body: ApiErrorBody): string[] {
  return body.errors.map((e) => e.property);
}

describe('POST /api/customers', () => {
  let t: TestGateway;
  let auth: Record<string, string>;

  beforeEach(async () => {
    t = await testGateway();
    auth = await t.auth();
  });
  afterEach(() => t.close());

  const create = (body: unknown, headers = auth) => t.call<CustomerResponse & ApiErrorBody>('POST', CUSTOMERS_URL, body, headers);

  it('creates a customer and answers it with the address flattened', async () => {
    const reply = await create({
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+447700900123',
      description: 'VIP',
      type: 'individual',
      address: { country: 'GB', address: '12 Analytical Row', city: 'London', postal_code: 'N1 9GU', region: 'Greater London' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: expect.any(String),
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '+447700900123',
      address: '12 Analytical Row',
      city: 'London',
      country: 'GB',
      postal_code: 'N1 9GU',
    });
    const saved = (await findCustomer(t.gw.ctx, 'MERCHANT0001', reply.body.id))!;
    expect(saved).toMatchObject({ merchant_id: 'MERCHANT0001', description: 'VIP', type: 'individual', region: 'Greater London' });
  });

  it('answers null for absent fields', async () => {
    const reply = await create({ email: 'min@example.com' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: expect.any(String),
      first_name: null,
      last_name: null,
      email: 'min@example.com',
      phone: null,
      address: null,
      city: null,
      country: null,
      postal_code: null,
    });
  });

  it('findCustomer is merchant-scoped', async () => {
    const reply = await create({ email: 'scoped@example.com' });
    expect((await findCustomer(t.gw.ctx, 'MERCHANT0001', reply.body.id))).toBeDefined();
    expect((await findCustomer(t.gw.ctx, 'MERCHANT0002', reply.body.id))).toBeUndefined();
    expect((await findCustomer(t.gw.ctx, 'MERCHANT0001', 'unknown'))).toBeUndefined();
  });

  it.each([
    ['email', {}],
    ['email', { email: 'not-an-address' }],
    ['email', { email: `${'a'.repeat(503)}@example.com` }],
    ['first_name', { email: 'a@example.com', first_name: 'x'.repeat(256) }],
    ['last_name', { email: 'a@example.com', last_name: 'x'.repeat(256) }],
    ['description', { email: 'a@example.com', description: 'x'.repeat(256) }],
    ['type', { email: 'a@example.com', type: 'x'.repeat(65) }],
    ['phone', { email: 'a@example.com', phone: '07700900123' }],
    ['phone', { email: 'a@example.com', phone: '+0123' }],
    ['phone', { email: 'a@example.com', phone: '+1234567890123456' }],
    ['address.country', { email: 'a@example.com', address: { country: 'GBR' } }],
    ['address.country', { email: 'a@example.com', address: { country: 'gb' } }],
    ['address.city', { email: 'a@example.com', address: { city: 'x'.repeat(256) } }],
    ['address.region', { email: 'a@example.com', address: { region: 'x'.repeat(256) } }],
  ])('%s is checked (%j)', async (property, body) => {
    const reply = await create(body);
    expect(reply.status).toBe(422);
    expect(properties(reply.body)).toContain(property);
  });

  it('accepts the limits themselves', async () => {
    const reply = await create({
      email: `${'a'.repeat(500)}@example.com`,
      first_name: 'x'.repeat(255),
      address: { postal_code: 'p'.repeat(255) },
    });
    expect(reply.status).toBe(200);
  });

  it.each([
    ['the public client key', { 'x-client-key': 'test-client-key' }],
    ['a bad token', { authorization: 'Bearer nope' }],
  ])('refuses %s with 401 and an error field', async (_name, headers: Record<string, string>) => {
    const reply = await t.call<{ error: string }>('POST', CUSTOMERS_URL, { email: 'a@example.com' }, headers);
    expect(reply.status).toBe(401);
    expect(typeof reply.body.error).toBe('string');
  });
});
