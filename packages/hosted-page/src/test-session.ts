import type { SessionView } from './checkout-model';

/** A hosted page's session as the gateway gives it to the page, for the page's unit tests. */
export function testSession(paymentMethods: string[], overrides: Partial<SessionView> = {}): SessionView {
  return {
    id: 's1',
    reference: 'r1',
    description: 'Blue jacket',
    currency: 'EUR',
    amount: 4999,
    transaction_type: 'PURCHASE',
    status: 'CREATED',
    kind: 'HPP',
    expires_at: '2030-01-01T00:00:00.000Z',
    merchant: {
      name: 'Northwind Outfitters',
      branding: { logo_url: '/assets/merchant-logo.svg', primary_color: '#1f5f4a', background_color: '#f6f4ef', text_color: '#1c1c1c' },
      default_language: 'English',
    },
    payment_methods: paymentMethods,
    hpp: { language: null, options: {}, customer_id: null },
    ...overrides,
  };
}
