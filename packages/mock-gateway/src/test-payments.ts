/**
 * Request builders for this package's tests: a Direct API card authorize with the fields
 * encrypted by the merchant key, the way a merchant backend would send it.
 */
import { TEST_BROWSER_INFO } from '@payments/core';
import type { TestGateway } from './test-harness';

let counter = 0;
export function uniqueReference(prefix = 'ref'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

export interface CardInput {
  number: string;
  month?: string;
  year?: string;
  cvv?: string;
}

export async function encryptedCard(t: TestGateway, card: CardInput, headers?: Record<string, string>): Promise<Record<string, string>> {
  return {
    encrypted_card_number: await t.encrypt(card.number, headers),
    encrypted_cvv: await t.encrypt(card.cvv ?? '123', headers),
    encrypted_expiration_month: await t.encrypt(card.month ?? '12', headers),
    encrypted_expiration_year: await t.encrypt(card.year ?? '2035', headers),
  };
}

export async function cardAuthorizeBody(
  t: TestGateway,
  card: CardInput,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  return {
    reference: uniqueReference(),
    terminal_id: 'TERM00001',
    description: 'Blue jacket',
    currency: 'EUR',
    amount: 4999,
    transaction_type: 'PURCHASE',
    payment_method: { type: 'card', data: await encryptedCard(t, card) },
    return_url: 'https://merchant.example/return',
    browser_info: TEST_BROWSER_INFO,
    ...overrides,
  };
}
