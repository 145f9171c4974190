/**
 * The shop's one shopper and their saved card: a gateway customer, and a card saved for it by
 * a Direct API payment with tokenization (as a first order would have done), described as the
 * saved-card component takes it.
 */
import type { GatewayClient } from '@payments/testing';

export interface SavedCard {
  customerId: string;
  paymentMethodId: string;
  maskedPan: string;
  expirationDate: string;
  cardBrand: string;
}

export async function savedCardFor(gateway: GatewayClient): Promise<SavedCard> {
  const customer = await gateway.createCustomer();
  const card = await gateway.saveCard(customer.id, { number: '4000000000000002', year: String(new Date().getFullYear() + 2) });
  return { customerId: customer.id, ...card };
}
