/**
 * The shop's one shopper and their saved card: a gateway customer, and a card saved for it by
 * a Direct API payment with tokenization (as a first order would have done), described as the
 * saved-card component takes it.
 */
import { TEST_BROWSER_INFO, type GatewayClient } from '@payments/testing';

export interface SavedCard {
  customerId: string;
  paymentMethodId: string;
  maskedPan: string;
  expirationDate: string;
  cardBrand: string;
}

export async function savedCardFor(gateway: GatewayClient): Promise<SavedCard> {
  const customer = await gateway.request<{ id: string }>('POST', '/api/customers', { email: 'ana@example.com', first_name: 'Ana', last_name: 'Kovač' });
  const year = String(new Date().getFullYear() + 2);
  const response = await gateway.authorize({
    reference: `RS-SAVE-${Date.now().toString(36).toUpperCase()}`,
    terminal_id: 'TERM00001',
    description: 'First order',
    currency: 'EUR',
    amount: 1_500,
    transaction_type: 'PURCHASE',
    return_url: 'https://shop.example/return',
    payment_method: { type: 'card', data: await gateway.encryptCard({ number: '4000000000000002', month: '12', year }) },
    browser_info: TEST_BROWSER_INFO,
    customer: { id: customer.id },
    tokenization: { save_card_for_future_payments: true },
  });
  const method = response.result?.payment_method;
  if (!method?.token || !method.masked) throw new Error('the gateway saved no card');
  return { customerId: customer.id, paymentMethodId: method.token, maskedPan: method.masked, expirationDate: `12${year.slice(-2)}`, cardBrand: method.brand ?? 'VISA' };
}
