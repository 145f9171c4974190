/**
 * Examples in the document, built from the test cards (`@payments/core` test-cards.ts): one
 * authorize request per card scenario. Card fields travel encrypted with the merchant's key
 * (`GET /api/encryption-key`), so the example shows which number to encrypt, not a cipher.
 */
import { TEST_BROWSER_INFO, TEST_CARDS } from '@payments/core';

const SCENARIOS: Record<string, string> = {
  'frictionless-approved': 'approved without a challenge',
  redirect: 'the issuer redirects the shopper',
  'form-submit-approved': 'a form post to the issuer, then approved',
  'form-submit-declined': 'a form post to the issuer, then declined',
  'insufficient-funds': 'declined, insufficient funds (1004)',
};

const encrypted = (value: string) => `<RSA-OAEP-256 of "${value}", Base64>`;

/** `examples` of the authorize request body (Direct API): network 1 of each scenario. */
export function authorizeExamples(): Record<string, { summary: string; value: unknown }> {
  const cards = TEST_CARDS.filter((card) => card.network === 1);
  return Object.fromEntries(
    cards.map((card) => [
      card.scenario,
      {
        summary: `${card.number}: ${SCENARIOS[card.scenario] ?? card.scenario}`,
        value: {
          reference: `order-${card.scenario}`,
          terminal_id: 'TERM00001',
          description: 'Test order',
          currency: 'EUR',
          amount: 1999,
          transaction_type: 'PURCHASE',
          return_url: 'https://shop.example/return',
          payment_method: {
            type: 'card',
            data: {
              encrypted_card_number: encrypted(card.number),
              encrypted_cvv: encrypted('123'),
              encrypted_expiration_month: encrypted('12'),
              encrypted_expiration_year: encrypted('2030'),
            },
          },
          browser_info: TEST_BROWSER_INFO,
        },
      },
    ]),
  );
}

/** The token request with the sandbox's test client. */
export const TOKEN_EXAMPLE = { grant_type: 'client_credentials', client_id: 'test-client', client_secret: 'test-secret' };
