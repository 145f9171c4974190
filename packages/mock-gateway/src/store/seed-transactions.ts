/**
 * For the list tests: transactions written straight into a store, as the gateway would have
 * stored them, at the times and with the outcomes a test needs (a payment of yesterday behind
 * hundreds of newer ones; a thousand pages' worth). Not for the gateway itself.
 */
import type { Store } from './store';
import type { TransactionRecord } from './records';

export interface SeedSpec {
  id: string;
  merchantId?: string;
  status: string;
  type: string;
  /** ISO instant. */
  createdAt: string;
  last4?: string | null;
  customerId?: string | null;
  reference?: string;
}

export function seedRecord(spec: SeedSpec): TransactionRecord {
  const last4 = spec.last4 === undefined ? '1111' : spec.last4;
  return {
    transaction: {
      id: spec.id,
      merchant_id: spec.merchantId ?? 'MERCHANT0001',
      order_id: `order-${spec.id}`,
      terminal_id: 'TERM00001',
      reference: spec.reference ?? `ref-${spec.id}`,
      description: 'Seeded order',
      currency: 'EUR',
      amount: 1000,
      customer: { id: spec.customerId ?? null, first_name: 'Ana', last_name: 'Kovač', email: 'ana@example.com', phone: null, address: null, city: null, country: 'BA', postal_code: null },
      status: spec.status,
      transaction_type: spec.type,
      approved: spec.status === 'APPROVED',
      pending: false,
      payment_method: { type: 'card', brand: 'VISA', hash: null, masked: last4 ? `411111******${last4}` : null, method: null, token: null },
      errors: [],
    } as unknown as TransactionRecord['transaction'],
    integration_type: 'DIRECT_API',
    metadata: {},
    created_at: spec.createdAt,
    updated_at: spec.createdAt,
    parent_id: null,
    session_id: null,
    originator_url: 'http://localhost:5173',
    return_url: null,
    error_url: null,
    cancel_url: null,
    card: last4 ? { bin: '411111', last4, brand: 'VISA', exp_month: 12, exp_year: 2030, number: `411111111111${last4}` } : null,
    three_ds: null,
    captured_amount: 0,
    refunded_amount: 0,
    last_response: null,
    announced_statuses: [],
    tokenize: null,
    blik_code_given: false,
  };
}

/** Puts the records, oldest first, in units of work of a few hundred. */
export async function seedTransactions(store: Store, specs: readonly SeedSpec[]): Promise<void> {
  for (let i = 0; i < specs.length; i += 250) {
    await store.atomic([], async () => {
      for (const spec of specs.slice(i, i + 250)) store.putTransaction(seedRecord(spec));
    });
  }
}
