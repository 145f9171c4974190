import { TEST_BROWSER_INFO } from '@payments/core';
import { uniqueReference } from '@payments/testing';

/** The direct authorize this suite pays with: a 49.99 EUR purchase on TERM00001 under a fresh reference. */
export function authorizeBody(referencePrefix: string, paymentMethod: Record<string, unknown>) {
  return {
    reference: uniqueReference(referencePrefix),
    terminal_id: 'TERM00001',
    description: 'Blue jacket',
    currency: 'EUR',
    amount: 4999,
    transaction_type: 'PURCHASE',
    return_url: 'https://shop.example/return',
    payment_method: paymentMethod,
    browser_info: TEST_BROWSER_INFO,
  };
}
